//===- fuzz/json_input.h - A fuzz input as a JSON input file ----*- C++ -*-===//
//
// `report --baseline` and `check --budget` read a JSON file each; their fuzz
// targets hand the input over the same way and expect the same answer to bad
// input: a JsonInputError. Any other exception escaping is a bug.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_FUZZ_JSON_INPUT_H
#define COROSCOPE_FUZZ_JSON_INPUT_H

#include "memfile.h"

#include "log/json_file.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace coroscope::fuzz {

/// Calls `use` with the path of a file holding `data`; returns 0 for
/// LLVMFuzzerTestOneInput.
template <class Use> int withJsonInput(const uint8_t *data, size_t size, Use use) {
  static MemFile file;
  file.assign(data, size);
  try {
    use(file.path());
  } catch (const coroscope::analyzer::JsonInputError &) {
  }
  return 0;
}

} // namespace coroscope::fuzz

#endif // COROSCOPE_FUZZ_JSON_INPUT_H
