//===- model/stats.h - Aggregated per-function results ----------*- C++ -*-===//
//
// What survives a log once its events are replayed: counters per coroutine
// function and per suspend site, plus the per-frame busy/suspended durations
// that the percentiles need. Different logs come from different processes, so
// frame addresses and site ids mean nothing across them; functions are merged
// by (name, file, line) and sites by (function, kind, file, line, column).
//
// summarize() turns a Report into the sorted, derived view every renderer
// prints, so text, markdown and JSON cannot disagree on a number.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_STATS_H
#define COROSCOPE_ANALYZER_MODEL_STATS_H

#include "log/log_reader.h"
#include "model/findings.h"
#include "model/live_frames.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace coroscope::analyzer {

/// mean, p50 and p99 use nearest rank over the sorted values; mean rounds half
/// up. All zero for an empty set.
struct Distribution {
  uint64_t mean = 0;
  uint64_t p50 = 0;
  uint64_t p99 = 0;
  uint64_t total = 0;
  /// Frames the values come from: every frame in trace mode, the time
  /// sample in profile mode.
  uint64_t samples = 0;
};
Distribution distribution(std::vector<uint64_t> values);

/// The busy or suspended times of a function's frames, one value per frame.
/// The values themselves are kept up to kExact of them; past that they go
/// into a log-linear histogram, so a function's memory stays bounded however
/// long the log: values below 2048 keep their own bucket, larger ones share
/// buckets 1/1024 of their size wide and are read back as the bucket's
/// middle. The count, total and mean stay exact either way; p50 and p99 are
/// then within 1/2048 of the true value.
class Durations {
public:
  static constexpr size_t kExact = size_t(1) << 16;

  void add(uint64_t v) {
    ++count_;
    total_ += v;
    if (exact_) {
      values_.push_back(v);
      if (values_.size() > kExact)
        toHistogram();
    } else {
      count(v);
    }
  }
  /// Adds all of `other`'s values, as if each had been add()ed.
  void merge(const Durations &other);
  /// Adds a profile's sampled values: `count` values of `value` per entry,
  /// whose exact sum is `total` (the entries are bucket middles).
  void addBuckets(const std::vector<std::pair<uint64_t, uint64_t>> &entries, uint64_t total);
  uint64_t size() const { return count_; }
  Distribution distribution() const;
  /// The values by power of two, exactly: [0] counts the zeros, [k] for
  /// k >= 1 those from 2^(k-1) to 2^k - 1. No trailing zero entries.
  std::vector<uint64_t> powerOfTwoCounts() const;

private:
  static constexpr unsigned kSubBits = 10;                     ///< 1024 buckets per power of two
  static constexpr uint64_t kLinear = uint64_t(2) << kSubBits; ///< 2048
  void toHistogram();
  void count(uint64_t v, uint64_t n = 1);
  /// The value of the rank-th smallest (0-based) histogram entry.
  uint64_t histogramRank(uint64_t rank) const;

  uint64_t count_ = 0;
  unsigned __int128 total_ = 0;
  bool exact_ = true;
  std::vector<uint64_t> values_;
  /// Histogram: [0] counts values below kLinear one by one; [k] for k >= 1
  /// the values with bit (k + kSubBits) highest, by their next kSubBits bits.
  std::vector<std::vector<uint64_t>> buckets_;
};

struct SiteStats {
  uint8_t kind = 0; ///< log::SiteKind, never kSiteFunction
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  /// Suspend points of the function spelled at this same position before
  /// this one (two co_awaits of one macro expansion): 0 for the first.
  uint32_t ordinal = 0;
  std::string awaiter;         ///< from the first log that defined the site
  uint64_t ready_events = 0;   ///< kEvAwaitReady
  uint64_t suspend_events = 0; ///< kEvAwaitSuspend
  uint64_t cancel_events = 0;  ///< kEvAwaitCancel
  uint64_t waits = 0;

  uint64_t reached() const { return ready_events + suspend_events; }
  uint64_t suspended() const {
    return suspend_events > cancel_events ? suspend_events - cancel_events : 0;
  }
  /// Await and yield sites are "the body"; initial and final are not.
  bool inBody() const;
};

/// kind, file, line, column, ordinal.
using SiteKey = std::tuple<uint8_t, std::string, uint32_t, uint32_t, uint32_t>;

/// Heap frames of one callee that a caller created and destroyed within one
/// of its awaits, on the same thread, through a direct call: frames heap
/// allocation elision (HALO) could have put in the caller's frame.
struct NestedFrames {
  std::string caller; ///< the creating function
  std::string file;   ///< the caller's await site (its function if none)
  uint32_t line = 0;
  uint32_t column = 0;
  uint64_t frames = 0;
  uint64_t bytes = 0;
};

/// The frames nested under the top-level calls of a function.
struct ChainStats {
  uint64_t top_level_calls = 0;        ///< frames of the function with no creator
  uint64_t nested_frames = 0;          ///< created under them, all levels
  uint32_t max_depth = 0;              ///< levels below the top-level frame
  std::map<uint32_t, uint64_t> depths; ///< top-level calls by their depth
  std::vector<std::string> chain;      ///< functions of the deepest chain, top first
  std::string file;                    ///< the top-level frame's await it went through
  uint32_t line = 0;
  uint32_t column = 0;
};

/// A local or parameter the plugin found in the frame (kSiteFrameLocal).
struct FrameLocalInfo {
  std::string name, type, file;
  uint32_t line = 0;
  uint32_t column = 0;
  uint64_t bytes = 0;
  uint32_t across_line = 0;
};

struct FunctionStats {
  std::string name;
  std::string file;
  uint32_t line = 0;

  uint64_t calls = 0;
  uint64_t heap_frames = 0;
  uint64_t elided_frames = 0;
  uint64_t heap_bytes = 0;
  uint64_t bytes_min = 0; ///< over heap frames; 0 when there are none
  uint64_t bytes_max = 0;
  /// Elided (HALO) frames of known size (kEvFrameElided; older logs have
  /// none), the bytes they put in their callers' stack frames, min and max.
  uint64_t elided_sized = 0;
  uint64_t elided_bytes = 0;
  uint64_t elided_min = 0;
  uint64_t elided_max = 0;
  uint64_t completed = 0;
  uint64_t sync_completions = 0;
  /// Of those, frames first resumed from the initial suspend point on
  /// another thread than their creator's: scheduled, not run on demand, so
  /// their "no wait" is not a synchronous answer (hot-sync leaves them out).
  uint64_t sync_scheduled_starts = 0;
  uint64_t not_destroyed = 0; ///< frames never seen freed
  /// Of `calls`, frames whose times were not measured: profile-mode frames
  /// outside the time sample. busy_ns and suspended_ns hold calls - this.
  uint64_t unsampled = 0;
  bool optimized = false; ///< compiled at -O1 or above (site build flag)
  /// A suspend site its frames reached has no definition in the log (lost
  /// in damaged bytes): which point was final is unknown, so completed,
  /// sync completions, awaits, suspends, waits and the times are withheld
  /// (figuresWithheld), not guessed.
  bool site_kinds_unknown = false;
  /// Completed calls whose one await awaited the one frame they created.
  uint64_t forwarding_calls = 0;
  std::map<std::tuple<std::string, std::string, uint32_t, uint32_t>, NestedFrames> nested;
  ChainStats chain;
  std::vector<FrameLocalInfo> frame_locals; ///< largest first
  Durations busy_ns;                        ///< one entry per frame
  Durations suspended_ns;                   ///< one entry per frame
  std::map<SiteKey, SiteStats> sites;

  void addHeapFrame(uint64_t bytes);
  /// An elided frame; `bytes` when its size is known.
  void addElidedFrame(std::optional<uint64_t> bytes);
  /// Over every frame of known size, heap or elided; 0 when there are none.
  uint64_t frameBytesMin() const;
  uint64_t frameBytesMax() const;
  /// Adds the figures of the same function from a later log.
  void merge(const FunctionStats &later);
  /// The site with this key, created (with `awaiter`) on first use.
  SiteStats &site(uint8_t kind, const std::string &site_file, uint32_t site_line, uint32_t column,
                  const std::string &awaiter, uint32_t ordinal = 0);
};

using FunctionKey = std::tuple<std::string, std::string, uint32_t>;

/// Accumulates every log of one `coroscope report` run.
struct Report {
  std::vector<std::string> logs;
  std::vector<LogEnd> log_ends; ///< how each of `logs` ended
  uint64_t events = 0;
  uint64_t threads = 0;
  uint64_t profiles = 0; ///< inputs that were profile files (profile mode)
  uint64_t run_ns = 0;   ///< per log, last event time minus first, summed
  /// Site entries the logs define, summed: 0 means the program loaded no
  /// code compiled with the plugin.
  uint64_t sites = 0;
  std::map<FunctionKey, FunctionStats> functions;
  FindingSet findings;
  std::vector<LiveFrames> live; ///< one per log with a LiveFrames chunk

  FunctionStats &function(const std::string &name, const std::string &file, uint32_t line);
  /// Adds the report of the next log on the command line: the result is the
  /// one analyzing that log into this report would have given.
  void merge(Report &&next);
};

struct FunctionSummary {
  const FunctionStats *fn = nullptr;
  /// The common size, or the rounded mean, of the frames of known size
  /// (heap and elided).
  uint64_t frame_bytes = 0;
  double heap_bytes_per_call = 0;   ///< rounded to 2 decimals
  double elided_bytes_per_call = 0; ///< rounded to 2 decimals
  uint64_t awaits = 0;
  uint64_t suspends = 0;
  uint64_t waits = 0;
  Distribution busy;
  Distribution suspended;
  std::vector<const SiteStats *> sites; ///< initial, body in source order, final
};

struct Totals {
  uint64_t functions = 0;
  uint64_t calls = 0;
  uint64_t heap_frames = 0;
  uint64_t elided_frames = 0;
  uint64_t heap_bytes = 0;
  uint64_t elided_bytes = 0;
  uint64_t completed = 0;
  uint64_t sync_completions = 0;
  uint64_t awaits = 0;
  uint64_t suspends = 0;
  uint64_t waits = 0;
  uint64_t frames_not_destroyed = 0;
  uint64_t busy_ns = 0;
  uint64_t suspended_ns = 0;
  uint64_t events = 0;
  uint64_t threads = 0;
  /// Functions whose kind-dependent figures are withheld; the totals of
  /// those figures are then withheld too.
  uint64_t withheld = 0;
};

struct BaselineComparison; // verdicts/baseline.h

struct Summary {
  std::vector<std::string> logs;
  std::vector<LogEnd> log_ends; ///< how each of `logs` ended
  std::string sort_key;
  Totals totals;                          ///< over all functions, also those cut by --top
  std::vector<FunctionSummary> functions; ///< sorted, at most `top`
  std::vector<Finding> findings;          ///< merged and sorted; never cut
  std::vector<LiveFrames> live;
  /// Some function's times come from a profile's time sample: the text and
  /// markdown tables then show each function's `timed` frames.
  bool sampled = false;
  /// Site entries the logs define (Report::sites).
  uint64_t sites = 0;
  /// Set by `report --baseline`: adds the ratio columns.
  std::shared_ptr<const BaselineComparison> baseline;
};

/// The accepted --sort keys, default first.
const std::vector<std::string> &sortKeys();

/// Sorts by `sort_key` descending (name ascending for "name"); ties by calls
/// descending, then name, file, line. `top` == 0 keeps every function.
Summary summarize(const Report &report, const std::string &sort_key, size_t top);

/// Completed, sync completions, awaits, suspends, waits and times of `fn`
/// are not known (FunctionStats::site_kinds_unknown): renderers show `?`
/// (JSON null), advice and budgets skip them.
inline bool figuresWithheld(const FunctionStats &fn) { return fn.site_kinds_unknown; }

/// Percentage with one decimal of `part` in `whole`, 0 when whole is 0.
double percent(uint64_t part, uint64_t whole);
/// `part / whole` rounded to 2 decimals, 0 when whole is 0.
double perCall(uint64_t part, uint64_t whole);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_STATS_H
