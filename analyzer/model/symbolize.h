//===- model/symbolize.h - Native PCs to functions and lines ----*- C++ -*-===//
//
// Findings carry the native return addresses of the offending operation; the
// log's Modules chunks say which image each address belongs to and at what
// load bias. Symbolization is delegated to llvm-symbolizer, run once per
// module with all of that module's addresses, so a report with many findings
// costs one process per image rather than one per PC. Inlined calls are
// expanded (one entry each, innermost first) because optimized code often
// inlines exactly the wrapper that misused the handle.
//
// Symbolization is best effort by design: a missing symbolizer, a module file
// that no longer exists or a binary without debug info leave the function and
// line empty, and never make the report fail.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_SYMBOLIZE_H
#define COROSCOPE_ANALYZER_MODEL_SYMBOLIZE_H

#include "log/log_reader.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// One native stack entry of a finding.
struct NativeFrame {
  uint64_t pc = 0;     ///< as recorded: a return address
  std::string module;  ///< path of the image holding pc, "" if none
  uint64_t offset = 0; ///< pc - bias within that module
  std::string function;
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  /// Code of `function` inlined into the next entry, which has the same pc.
  bool inlined = false;
};

/// The llvm-symbolizer to run: $COROSCOPE_SYMBOLIZER if set (empty: none),
/// else llvm-symbolizer-19 in PATH, /usr/lib/llvm-19/bin/llvm-symbolizer,
/// llvm-symbolizer in PATH. "" when there is none.
std::string findSymbolizer();

/// Collects the PCs of one log, then resolves them all at once.
class Symbolizer {
public:
  explicit Symbolizer(const std::vector<Module> &modules) : modules_(modules) {}

  void add(uint64_t pc) { frames_.try_emplace(pc); }
  /// Runs llvm-symbolizer once per module that holds any added PC.
  void run();
  /// The entries for an added PC: its inlined calls, innermost first, then
  /// the function holding the code. One entry (pc and module only) when
  /// unsymbolized.
  std::vector<NativeFrame> lookup(uint64_t pc) const;

private:
  const Module *moduleFor(uint64_t pc) const;

  const std::vector<Module> &modules_;
  std::map<uint64_t, std::vector<NativeFrame>> frames_;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_SYMBOLIZE_H
