#===- fuzz/fuzz.cmake - The libFuzzer targets, from the top-level build ---===#
#
# The fuzz targets need clang's -fsanitize=fuzzer, and the analyzer may be
# built by another compiler (g++ by default), so fuzz/ is a project of its
# own, configured with COROSCOPE_CLANGXX as an external project. It compiles
# the analyzer's sources (analyzer/sources.cmake) again, with the sanitizers.
# COROSCOPE_FUZZ defaults to ON when that clang links a fuzzer with ASan and
# UBSan (libclang-rt-<major>-dev). The targets land in BUILD/fuzz/bin, their seed
# corpus (fuzz/make_corpus.py) in BUILD/fuzz/corpus.
#
#===------------------------------------------------------------------------===#
set(COROSCOPE_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined)
set(_probe_dir ${CMAKE_BINARY_DIR}/CMakeFiles/fuzz-probe)
file(WRITE ${_probe_dir}/probe.cpp
  "#include <cstddef>\n#include <cstdint>\n"
  "extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }\n")
execute_process(
  COMMAND ${COROSCOPE_CLANGXX} ${COROSCOPE_FUZZ_FLAGS} probe.cpp -o probe
  WORKING_DIRECTORY ${_probe_dir} RESULT_VARIABLE _probe_rc OUTPUT_QUIET ERROR_QUIET)
if(_probe_rc EQUAL 0)
  set(_fuzz_default ON)
else()
  set(_fuzz_default OFF)
endif()
option(COROSCOPE_FUZZ "Build the libFuzzer targets of fuzz/" ${_fuzz_default})
message(STATUS "coroscope: fuzz targets ${COROSCOPE_FUZZ} (${COROSCOPE_CLANGXX} -fsanitize=fuzzer: rc ${_probe_rc})")

if(COROSCOPE_FUZZ)
  include(ExternalProject)
  set(COROSCOPE_FUZZ_BIN ${CMAKE_BINARY_DIR}/fuzz/bin)
  ExternalProject_Add(coroscope_fuzz
    SOURCE_DIR ${PROJECT_SOURCE_DIR}/fuzz
    BINARY_DIR ${CMAKE_BINARY_DIR}/fuzz/build
    CMAKE_ARGS -G Ninja
               -DCMAKE_BUILD_TYPE=RelWithDebInfo
               -DCMAKE_CXX_COMPILER=${COROSCOPE_CLANGXX}
               -DCMAKE_RUNTIME_OUTPUT_DIRECTORY=${COROSCOPE_FUZZ_BIN}
               -DLLVM_DIR=${COROSCOPE_FUZZ_LLVM_DIR}
               -DCOROSCOPE_FUZZ_FLAGS=${COROSCOPE_FUZZ_FLAGS}
               -DCOROSCOPE_WERROR=${COROSCOPE_WERROR}
    INSTALL_COMMAND ""
    # The inner ninja knows the analyzer sources and is a no-op when nothing
    # changed; without this the sources would be compiled only once.
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD ON)

  # Seeds: the examples' logs (trace and profile mode), the mklog inputs of
  # test/analyzer and the JSON inputs of test/.
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(COROSCOPE_FUZZ_CORPUS ${CMAKE_BINARY_DIR}/fuzz/corpus)
  add_custom_command(
    OUTPUT ${COROSCOPE_FUZZ_CORPUS}/stamp
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/fuzz/make_corpus.py
            --src ${PROJECT_SOURCE_DIR} --clangxx ${COROSCOPE_CLANGXX}
            --plugin $<TARGET_FILE:CoroScope-${COROSCOPE_PRIMARY_LLVM_MAJOR}> --lib $<TARGET_FILE_DIR:coroscope_rt>
            --coroscope $<TARGET_FILE:coroscope> --out ${COROSCOPE_FUZZ_CORPUS}
    DEPENDS ${PROJECT_SOURCE_DIR}/fuzz/make_corpus.py CoroScope-${COROSCOPE_PRIMARY_LLVM_MAJOR} coroscope_rt coroscope
    COMMENT "Making the fuzz seed corpus"
    USES_TERMINAL)
  add_custom_target(coroscope_fuzz_corpus DEPENDS ${COROSCOPE_FUZZ_CORPUS}/stamp)
endif()
