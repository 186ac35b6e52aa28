//===- verdicts/baseline.h - A report compared with an earlier *- C++ -*-===//
//
// `coroscope report --baseline OLD.json` puts ratios new/old next to each
// function, as BenchmarkDotNet's Ratio and Alloc Ratio columns do, so a
// change that doubles the frames per call or halves the synchronous share
// shows at a glance. OLD.json is a `report --format json` output
// (coroscope-report/1); only the figures compared are read from it.
//
// Functions are matched by (name, file, line), the key that merges logs;
// an edit above a function moves its line, so a function left without a
// match is then matched by name alone (docs/report-format.md, "Baseline").
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_VERDICTS_BASELINE_H
#define COROSCOPE_ANALYZER_VERDICTS_BASELINE_H

#include "model/stats.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// The figures of one function that a baseline comparison looks at.
struct CompareFigures {
  uint64_t calls = 0;
  uint64_t heap_bytes = 0;
  uint64_t elided_bytes = 0; ///< 0 in reports written before elided frames had a size
  uint64_t completed = 0;
  uint64_t sync_completions = 0;
  uint64_t busy_ns_mean = 0;
  /// False when completed, sync_completions and busy_ns_mean are withheld
  /// (figuresWithheld; null in the JSON report).
  bool kinds_known = true;

  /// heap_bytes / calls, exact; 0 without calls.
  double heapBytesPerCall() const;
  /// elided_bytes / calls, exact; 0 without calls.
  double elidedBytesPerCall() const;
  /// sync_completions / completed; 0 when nothing completed (as the
  /// report's sync percentage).
  double syncShare() const;
};

struct BaselineFunction {
  std::string function;
  std::string file;
  uint32_t line = 0;
  CompareFigures figures;
};

struct Baseline {
  std::string path;
  std::vector<BaselineFunction> functions; ///< in the file's order
};

/// Reads a coroscope-report/1 JSON report. Throws JsonInputError ("PATH:
/// what") when it is unreadable, not JSON, of another schema, or lacks a
/// figure the comparison needs.
Baseline readBaseline(const std::string &path);

/// new / old, rounded to 2 decimals; nullopt when old is 0.
struct BaselineRatios {
  std::optional<double> calls;
  std::optional<double> heap_bytes_per_call;
  std::optional<double> elided_bytes_per_call;
  std::optional<double> sync;
  std::optional<double> busy;
  /// sync and busy compare a withheld figure (either side): shown as `?`.
  bool withheld = false;
};

struct BaselineMatch {
  size_t old = 0;       ///< index into Baseline::functions
  bool by_name = false; ///< (file, line) differed: matched by name alone
  BaselineRatios ratios;
};

struct BaselineComparison {
  Baseline baseline;
  /// Every function of the report that has a match; the others are new.
  std::map<const FunctionStats *, BaselineMatch> matched;
  std::vector<size_t> gone; ///< baseline entries without a match, file order

  const BaselineMatch *find(const FunctionStats *fn) const {
    auto it = matched.find(fn);
    return it == matched.end() ? nullptr : &it->second;
  }
};

/// Matches every function of `report` (also those a --top cut would drop)
/// with `baseline`: first by (name, file, line), then the rest by name
/// alone, preferring an entry in the same file, then the first in the file.
BaselineComparison compareWithBaseline(Baseline baseline, const Report &report);

/// The compared figures of a function of this run.
CompareFigures compareFigures(const FunctionStats &fn);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_VERDICTS_BASELINE_H
