//===- verdicts/advice.cpp - Verdicts on what coroutines cost -------------===//
#include "verdicts/advice.h"

#include "coroscope/log_format.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace coroscope::analyzer {

using namespace coroscope::log;

namespace {

/// A --threshold key: the advice it tunes, the figure it bounds.
struct Key {
  AdviceKind advice;
  const char *figure;
  double AdviceOptions::*field;
};

const Key kKeys[] = {
    {kAdviceHotSync, "min-calls", &AdviceOptions::hot_sync_min_calls},
    {kAdviceHotSync, "min-sync-percent", &AdviceOptions::hot_sync_min_sync_percent},
    {kAdviceHotSync, "min-heap-percent", &AdviceOptions::hot_sync_min_heap_percent},
    {kAdviceAlwaysWaits, "min-calls", &AdviceOptions::always_waits_min_calls},
    {kAdviceAlwaysWaits, "min-wait-percent", &AdviceOptions::always_waits_min_wait_percent},
    {kAdviceHaloMissed, "min-frames", &AdviceOptions::halo_missed_min_frames},
    {kAdvicePassThrough, "min-calls", &AdviceOptions::pass_through_min_calls},
    {kAdvicePassThrough, "min-forwarding-percent",
     &AdviceOptions::pass_through_min_forwarding_percent},
    {kAdviceDeepChain, "max-depth", &AdviceOptions::deep_chain_max_depth},
    {kAdviceLargeFrame, "max-bytes", &AdviceOptions::large_frame_max_bytes},
};

/// "hot-sync.min-calls": the advice's name, then the figure.
std::string keyName(const Key &k) { return std::string(checkName(k.advice)) + "." + k.figure; }

std::string num(double v) {
  char buf[64];
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else
    std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

/// "1.2 MB/s"-style, decimal units as in the rest of the report's prose.
std::string bytesText(double v) {
  const char *unit[] = {"bytes", "kB", "MB", "GB", "TB"};
  int u = 0;
  while (v >= 1000 && u < 4) {
    v /= 1000;
    ++u;
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
  return buf;
}

/// "a → b → c ×18 → d": runs of one function are shown once with a count.
/// `levels` is the chain's real length: the model re-reads very deep chains
/// only now and then, so the names may stop short of it.
std::string chainText(const std::vector<std::string> &chain, size_t levels) {
  std::string out;
  for (size_t i = 0; i < chain.size();) {
    size_t j = i;
    while (j < chain.size() && chain[j] == chain[i])
      ++j;
    if (!out.empty())
      out += " → ";
    out += shortName(chain[i]);
    if (j - i > 1)
      out += " ×" + std::to_string(j - i);
    i = j;
  }
  if (levels > chain.size())
    out += " → " + std::to_string(levels - chain.size()) + " more levels";
  return out;
}

Finding base(uint8_t check, const FunctionStats &fn) {
  Finding f;
  f.check = check;
  f.severity = kSeverityAdvice;
  f.where = SourceRef{fn.name, fn.file, fn.line, 0};
  f.count = fn.calls;
  f.bytes = fn.heap_bytes;
  return f;
}

uint64_t chainDepthOver(const ChainStats &c, double max_depth) {
  uint64_t n = 0;
  for (const auto &[depth, calls] : c.depths)
    if (depth > max_depth)
      n += calls;
  return n;
}

/// The share of completed calls that completed without waiting. A frame an
/// executor started on another thread (its initial suspend point posts it)
/// answered nothing synchronously: no ready-value fast path can replace it.
double syncPercent(const FunctionStats &fn) {
  return percent(fn.sync_completions - fn.sync_scheduled_starts, fn.completed);
}

/// deep-chain: about the top-level function, naming every level.
std::optional<Finding> deepChain(const FunctionStats &fn, const AdviceOptions &o) {
  const ChainStats &c = fn.chain;
  uint64_t deep = chainDepthOver(c, o.deep_chain_max_depth);
  if (c.top_level_calls == 0 || deep == 0)
    return std::nullopt;
  Finding f = base(kAdviceDeepChain, fn);
  if (c.line)
    f.where = SourceRef{fn.name, c.file, c.line, c.column};
  f.count = c.top_level_calls;
  double per_call = double(c.nested_frames + c.top_level_calls) / double(c.top_level_calls);
  f.message = "top-level calls of '" + shortName(fn.name) + "' created chains up to " +
              std::to_string(c.max_depth) + " coroutine levels deep (" + num(per_call) +
              " frames per top-level call on average; " + std::to_string(deep) + " of " +
              std::to_string(c.top_level_calls) + " calls went deeper than " +
              num(o.deep_chain_max_depth) + "): " + chainText(c.chain, c.max_depth + size_t(1));
  f.suggestion = "every level pays a frame, a resume and a transfer back on every call: "
                 "make the levels that do not suspend plain functions, or merge levels, so "
                 "that one coroutine frame does the work of many";
  f.figures = {{"top_level_calls", double(c.top_level_calls)},
               {"max_depth", double(c.max_depth)},
               {"frames_per_top_level_call", std::round(per_call * 100) / 100},
               {"calls_over_threshold", double(deep)}};
  f.thresholds = {{"max_depth", o.deep_chain_max_depth}};
  return f;
}

/// large-frame: stands beside the other verdicts. A heap frame costs an
/// allocation of that size; an elided one puts the same bytes in its
/// caller's stack frame (HALO), where a few nested calls or a small thread
/// stack overflow (llvm #57638).
std::optional<Finding> largeFrame(const FunctionStats &fn, const AdviceOptions &o) {
  double calls = double(fn.calls);
  bool heap_large = fn.heap_frames && double(fn.bytes_max) > o.large_frame_max_bytes;
  bool elided_large = fn.elided_sized && double(fn.elided_max) > o.large_frame_max_bytes;
  if (!heap_large && !elided_large)
    return std::nullopt;
  Finding f = base(kAdviceLargeFrame, fn);
  uint64_t largest = fn.frameBytesMax();
  f.message = "frames of '" + shortName(fn.name) + "' take " + std::to_string(largest) +
              " bytes (above " + num(o.large_frame_max_bytes) + ")";
  if (elided_large)
    f.message += heap_large
                     ? "; " + std::to_string(fn.elided_frames) + " of " + std::to_string(fn.calls) +
                           " were elided into their caller's stack frame"
                     : ", each elided into its caller's stack frame";
  if (fn.frame_locals.empty()) {
    f.message += "; no local of 64 bytes or more was seen living across a suspend point "
                 "(the plugin names them when it can)";
  } else {
    f.message += "; the largest locals that live across a suspend point:";
    for (size_t i = 0; i < fn.frame_locals.size(); ++i) {
      const FrameLocalInfo &l = fn.frame_locals[i];
      f.message += std::string(i ? "," : "") + " '" + l.name + "' (" + std::to_string(l.bytes) +
                   " bytes, across line " + std::to_string(l.across_line) + ")";
      RelatedRef r;
      r.role = "frame-local";
      r.where = SourceRef{fn.name, l.file, l.line, l.column};
      r.note = "'" + l.name + "' (" + l.type + ", " + std::to_string(l.bytes) +
               " bytes) lives across the suspend point at line " + std::to_string(l.across_line);
      f.related.push_back(std::move(r));
    }
  }
  const char *fix = "move large buffers to the heap (std::vector, std::unique_ptr) or end "
                    "their scope before the suspend point";
  if (!elided_large)
    f.suggestion = std::string("the whole frame is allocated on every call: ") + fix;
  else if (!heap_large)
    f.suggestion = std::string("the whole frame lands in the caller's stack frame on every "
                               "call (HALO), so nested calls or a small thread stack can "
                               "overflow: ") +
                   fix;
  else
    f.suggestion = std::string("the whole frame is allocated on every call, or lands in the "
                               "caller's stack frame where it is elided (HALO): ") +
                   fix;
  f.figures = {
      {"frame_bytes", double(largest)}, {"heap_frames", double(fn.heap_frames)}, {"calls", calls}};
  if (elided_large)
    f.figures.insert(f.figures.begin() + 2, Figure{"elided_frames", double(fn.elided_frames)});
  f.thresholds = {{"max_bytes", o.large_frame_max_bytes}};
  return f;
}

/// halo-missed: one per caller site, in an optimized build.
std::vector<Finding> haloMissed(const FunctionStats &fn, const AdviceOptions &o) {
  std::vector<Finding> out;
  if (!fn.optimized)
    return out;
  double calls = double(fn.calls);
  for (const auto &[k, n] : fn.nested) {
    if (double(n.frames) < o.halo_missed_min_frames)
      continue;
    Finding f = base(kAdviceHaloMissed, fn);
    f.where = SourceRef{fn.name, n.file, n.line, n.column};
    f.count = n.frames;
    f.bytes = n.bytes;
    f.message = std::to_string(n.frames) + " heap frames of '" + shortName(fn.name) + "' (" +
                bytesText(double(n.bytes)) + ") were created and destroyed within " +
                (n.column ? "this await" : "one await") + " of '" + shortName(n.caller) +
                "', on the same thread, in an optimized build: heap allocation elision "
                "(HALO) could have put them in the caller's frame, and did not";
    f.suggestion = "clang elides a frame only when the coroutine's ramp is inlined into the "
                   "caller and the caller destroys the frame on every path, as a task's "
                   "destructor does at the end of the full-expression; destroying it from "
                   "await_resume() or through a pointer the optimizer cannot follow defeats "
                   "it (llvm/llvm-project#56972)";
    // Clang 20's attribute elides a directly awaited call's frame
    // without either condition (clang's AttrDocs, coro_await_elidable).
    if (n.column) {
      std::string callee = shortName(fn.name);
      if (callee.size() > 2 && callee.compare(callee.size() - 2, 2, "()") == 0)
        callee.resize(callee.size() - 2);
      f.suggestion += "; with Clang 20 or later, marking the task type "
                      "[[clang::coro_await_elidable]] lets the compiler elide the frame "
                      "of a call awaited directly (co_await " +
                      callee + "(...)) without them";
    }
    RelatedRef r;
    r.role = "callee";
    r.where = SourceRef{fn.name, fn.file, fn.line, 0};
    r.note = "'" + shortName(fn.name) + "' defined here";
    f.related.push_back(std::move(r));
    f.figures = {{"frames", double(n.frames)}, {"bytes", double(n.bytes)}, {"calls", calls}};
    f.thresholds = {{"min_frames", o.halo_missed_min_frames}};
    out.push_back(std::move(f));
  }
  return out;
}

/// pass-through: every completed call only awaited the frame it created.
std::optional<Finding> passThrough(const FunctionStats &fn, const AdviceOptions &o) {
  double calls = double(fn.calls);
  if (!(calls >= o.pass_through_min_calls &&
        percent(fn.forwarding_calls, fn.calls) >= o.pass_through_min_forwarding_percent))
    return std::nullopt;
  Finding f = base(kAdvicePassThrough, fn);
  f.message =
      (fn.forwarding_calls == fn.calls ? "each of the " + std::to_string(fn.calls) + " calls"
                                       : std::to_string(fn.forwarding_calls) + " of the " +
                                             std::to_string(fn.calls) + " calls") +
      " of '" + shortName(fn.name) +
      "' only awaited the one coroutine it created and finished: a frame" +
      (fn.heap_frames ? " (" + std::to_string(fn.heap_bytes / fn.calls) + " heap bytes per call)"
                      : "") +
      " and a suspension per call that forwarding the inner task would avoid";
  f.suggestion = "make it a plain function that returns the inner coroutine's task "
                 "(return f(...); instead of co_return co_await f(...);) where the "
                 "arguments outlive the call";
  f.figures = {{"calls", calls},
               {"forwarding_calls", double(fn.forwarding_calls)},
               {"heap_bytes_per_call", perCall(fn.heap_bytes, fn.calls)}};
  f.thresholds = {{"min_calls", o.pass_through_min_calls},
                  {"min_forwarding_percent", o.pass_through_min_forwarding_percent}};
  return f;
}

/// hot-sync: mostly synchronous, yet a heap frame per call. At -O0 every
/// frame is on the heap: allocation advice needs -O1 or above.
std::optional<Finding> hotSync(const FunctionStats &fn, const Report &report,
                               const AdviceOptions &o) {
  double calls = double(fn.calls);
  double sync = syncPercent(fn);
  double heap = percent(fn.heap_frames, fn.calls);
  if (!(fn.optimized && calls >= o.hot_sync_min_calls && fn.completed &&
        sync >= o.hot_sync_min_sync_percent && heap >= o.hot_sync_min_heap_percent))
    return std::nullopt;
  Finding f = base(kAdviceHotSync, fn);
  double per_call = perCall(fn.heap_bytes, fn.calls);
  double per_second = report.run_ns ? double(fn.heap_bytes) * 1e9 / double(report.run_ns) : 0;
  f.message = "'" + shortName(fn.name) + "' completed without waiting in " + num(sync) +
              " % of its " + std::to_string(fn.calls) + " calls, yet allocated a heap frame for " +
              num(heap) + " % of them (" + num(per_call) + " bytes per call, " +
              bytesText(per_second) + "/s of run time)";
  f.suggestion = "the C++ form of returning ValueTask: answer the synchronous case without "
                 "a coroutine (a function that returns a ready value and calls the "
                 "coroutine only on the slow path), give the promise a frame allocator "
                 "(promise_type::operator new from a pool), or make the call elidable "
                 "(a direct call in the same translation unit, awaited at once)";
  f.figures = {{"calls", calls},
               {"sync_percent", sync},
               {"heap_percent", heap},
               {"heap_bytes_per_call", per_call},
               {"heap_bytes_per_second", std::round(per_second)}};
  f.thresholds = {{"min_calls", o.hot_sync_min_calls},
                  {"min_sync_percent", o.hot_sync_min_sync_percent},
                  {"min_heap_percent", o.hot_sync_min_heap_percent}};
  return f;
}

/// always-waits: the frame is the price of really suspending.
std::optional<Finding> alwaysWaits(const FunctionStats &fn, const AdviceOptions &o) {
  double calls = double(fn.calls);
  double waited = fn.completed ? 100.0 - syncPercent(fn) : 0;
  if (!(calls >= o.always_waits_min_calls && fn.completed &&
        waited >= o.always_waits_min_wait_percent))
    return std::nullopt;
  Finding f = base(kAdviceAlwaysWaits, fn);
  f.message = "'" + shortName(fn.name) + "' waited in " + num(waited) + " % of its " +
              std::to_string(fn.calls) +
              " calls: its frame is the price of really suspending, and a synchronous "
              "fast path without a frame (the ValueTask fix) would gain nothing here";
  f.suggestion = "keep it a coroutine; if the frames cost too much, make each wait do "
                 "more (batch the requests) rather than avoid the frame";
  f.figures = {{"calls", calls},
               {"wait_percent", waited},
               {"heap_bytes_per_call", perCall(fn.heap_bytes, fn.calls)}};
  f.thresholds = {{"min_calls", o.always_waits_min_calls},
                  {"min_wait_percent", o.always_waits_min_wait_percent}};
  return f;
}

} // namespace

const std::vector<std::string> &thresholdKeys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (const Key &key : kKeys)
      k.push_back(keyName(key));
    return k;
  }();
  return keys;
}

void setThreshold(AdviceOptions &opts, const std::string &assignment) {
  size_t eq = assignment.find('=');
  std::string key = assignment.substr(0, eq);
  for (const Key &k : kKeys) {
    if (key != keyName(k))
      continue;
    if (eq == std::string::npos)
      throw std::invalid_argument("threshold '" + key + "' needs =VALUE");
    std::string value = assignment.substr(eq + 1);
    char *end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !(v >= 0) || std::isinf(v))
      throw std::invalid_argument("threshold '" + key + "': '" + value +
                                  "' is not a non-negative number");
    if (key.find("percent") != std::string::npos && v > 100)
      throw std::invalid_argument("threshold '" + key + "': '" + value +
                                  "' is not a percentage (0 to 100)");
    opts.*k.field = v;
    return;
  }
  std::string known;
  for (const Key &k : kKeys)
    known += std::string(known.empty() ? "" : ", ") + keyName(k);
  throw std::invalid_argument("unknown threshold '" + key + "' (known: " + known + ")");
}

std::vector<Finding> advise(const Report &report, const AdviceOptions &o) {
  std::vector<Finding> out;
  // A deep chain is one verdict about its top-level function; its levels
  // get no verdict of their own but large-frame.
  std::set<std::string> in_chain;
  for (const auto &[key, fn] : report.functions) {
    if (std::optional<Finding> f = deepChain(fn, o)) {
      out.push_back(std::move(*f));
      in_chain.insert(fn.chain.chain.begin(), fn.chain.chain.end());
    }
  }

  for (const auto &[key, fn] : report.functions) {
    if (fn.calls == 0)
      continue;
    if (std::optional<Finding> f = largeFrame(fn, o))
      out.push_back(std::move(*f));
    if (in_chain.count(fn.name))
      continue;
    std::vector<Finding> halo = haloMissed(fn, o);
    bool decided = !halo.empty();
    for (Finding &f : halo)
      out.push_back(std::move(f));
    // The rest reads which frames completed and how, and says one thing:
    // pass-through before hot-sync before always-waits.
    if (decided || figuresWithheld(fn))
      continue;
    std::optional<Finding> f = passThrough(fn, o);
    if (!f)
      f = hotSync(fn, report, o);
    if (!f)
      f = alwaysWaits(fn, o);
    if (f)
      out.push_back(std::move(*f));
  }
  return out;
}

} // namespace coroscope::analyzer
