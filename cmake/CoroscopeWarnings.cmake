#===- cmake/CoroscopeWarnings.cmake - The one place warnings are set -----===#
#
# coroscope_warnings(<target>... [LLVM]) gives our own code -Wall -Wextra,
# and -Werror when COROSCOPE_WERROR is ON (.ci/run sets the environment
# variable, scripts/build.sh passes it to CMake). LLVM marks code built against LLVM's and Clang's headers: it
# overrides their virtual functions without using every parameter, so it
# drops -Wunused-parameter as LLVM's own build does; with GCC also
# -Wnonnull, which misfires inside clang/AST/ExternalASTSource.h once
# RecursiveASTVisitors are inlined (not our header). Included by the
# top-level project and by fuzz/, a project of its own.
#
#===----------------------------------------------------------------------===#
include_guard(GLOBAL)
option(COROSCOPE_WERROR "Treat compiler warnings in coroscope's own code as errors" OFF)

function(coroscope_warnings)
  cmake_parse_arguments(PARSE_ARGV 0 arg "LLVM" "" "")
  foreach(tgt IN LISTS arg_UNPARSED_ARGUMENTS)
    target_compile_options(${tgt} PRIVATE -Wall -Wextra)
    if(arg_LLVM)
      target_compile_options(${tgt} PRIVATE -Wno-unused-parameter
        $<$<CXX_COMPILER_ID:GNU>:-Wno-nonnull>)
    endif()
    if(COROSCOPE_WERROR)
      target_compile_options(${tgt} PRIVATE -Werror)
    endif()
  endforeach()
endfunction()
