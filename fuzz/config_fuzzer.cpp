//===- fuzz/config_fuzzer.cpp - Fuzz target: .coroscope.json --------------===//
//
// The config file's bytes as the plugin and `coroscope lint` take them
// (CheckOptions.cpp, applyConfigFile): read by the analyzer's JSON reader
// (analyzer/log/json_file.cpp, nlohmann, instrumented here) and validated key
// by key. Errors are llvm::Errors, their message is what the user sees.
//
//===----------------------------------------------------------------------===//
#include "memfile.h"

#include "CheckOptions.h"

#include "llvm/Support/Error.h"

using namespace coroscope::checks;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static coroscope::fuzz::MemFile file;
  file.assign(data, size);
  CheckOptions opts;
  if (llvm::Error e = applyConfigFile(file.path(), opts))
    (void)llvm::toString(std::move(e));
  return 0;
}
