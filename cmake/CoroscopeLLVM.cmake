#===- cmake/CoroscopeLLVM.cmake - The LLVM majors the plugin is built for --===#
#
# A Clang plugin loads only into the Clang major it was built against, so the
# plugin, the opt pass plugin and the lint module are built once per major in
# COROSCOPE_LLVM_VERSIONS (plugin/CMakeLists.txt, added once per major). The
# runtime, the log formats and the analyzer do not depend on LLVM.
#
#===------------------------------------------------------------------------===#

# The majors the compatibility header (plugin/LLVMCompat.h) and CI cover.
set(COROSCOPE_SUPPORTED_LLVM_MAJORS 19 22)

# Sets OUT to the directory holding LLVMConfig.cmake of LLVM MAJOR, or to
# OUT-NOTFOUND. Debian installs each major under its own prefix; its
# llvm-config-MAJOR says where, and the usual prefix is a hint besides.
function(coroscope_llvm_cmake_dir major out)
  find_program(COROSCOPE_LLVM_CONFIG_${major} NAMES llvm-config-${major}
               HINTS /usr/lib/llvm-${major}/bin)
  set(hints)
  if(COROSCOPE_LLVM_CONFIG_${major})
    execute_process(COMMAND ${COROSCOPE_LLVM_CONFIG_${major}} --cmakedir
                    OUTPUT_VARIABLE dir OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0)
      list(APPEND hints ${dir})
    endif()
  endif()
  list(APPEND hints /usr/lib/llvm-${major}/lib/cmake/llvm)
  find_path(COROSCOPE_LLVM_CMAKE_DIR_${major} LLVMConfig.cmake HINTS ${hints} NO_DEFAULT_PATH)
  set(${out} ${COROSCOPE_LLVM_CMAKE_DIR_${major}} PARENT_SCOPE)
endfunction()

# COROSCOPE_LLVM_VERSIONS: empty means every supported major found here.
set(COROSCOPE_LLVM_VERSIONS "" CACHE STRING
    "LLVM/Clang majors to build the plugin for, e.g. 19;22 (default: every supported one installed)")
if(NOT COROSCOPE_LLVM_VERSIONS)
  set(_majors)
  foreach(major IN LISTS COROSCOPE_SUPPORTED_LLVM_MAJORS)
    coroscope_llvm_cmake_dir(${major} dir)
    if(dir)
      list(APPEND _majors ${major})
    endif()
  endforeach()
  if(NOT _majors)
    message(FATAL_ERROR "coroscope: no LLVM of the supported majors "
            "(${COROSCOPE_SUPPORTED_LLVM_MAJORS}) found: install llvm-19-dev and libclang-19-dev")
  endif()
  set(COROSCOPE_LLVM_MAJORS ${_majors})
else()
  set(COROSCOPE_LLVM_MAJORS ${COROSCOPE_LLVM_VERSIONS})
endif()
foreach(major IN LISTS COROSCOPE_LLVM_MAJORS)
  if(NOT major IN_LIST COROSCOPE_SUPPORTED_LLVM_MAJORS)
    message(FATAL_ERROR "coroscope: LLVM ${major} is not supported "
            "(supported: ${COROSCOPE_SUPPORTED_LLVM_MAJORS})")
  endif()
endforeach()
# The per-major file names have this one source: the plugin and lint CMake
# files name their outputs with it, the package config and the test suite
# get it configured in, and the analyzer's C++ gets it from the INTERFACE
# target coroscope_file_names (analyzer/file_names.h).
set(COROSCOPE_PLUGIN_PREFIX "CoroScope-")           # -fplugin= for clang++-<major>
set(COROSCOPE_PASS_PLUGIN_PREFIX "CoroScopePass-")  # opt -load-pass-plugin=
set(COROSCOPE_LINT_MODULE_PREFIX "libcoroscope_lint-")
add_library(coroscope_file_names INTERFACE)
target_compile_definitions(coroscope_file_names INTERFACE
  COROSCOPE_PLUGIN_PREFIX="${COROSCOPE_PLUGIN_PREFIX}"
  COROSCOPE_LINT_MODULE_PREFIX="${COROSCOPE_LINT_MODULE_PREFIX}")

# The first major builds the fuzz targets and is the default for the examples.
list(GET COROSCOPE_LLVM_MAJORS 0 COROSCOPE_PRIMARY_LLVM_MAJOR)
message(STATUS "coroscope: plugin for LLVM ${COROSCOPE_LLVM_MAJORS}")
