//===- model/stats.cpp - Aggregated per-function results ------------------===//
//
// Derived numbers (awaits, suspends and waits of a function) are summed from
// its sites instead of being counted twice, so a function row always equals
// the sum of its site rows.
//
//===----------------------------------------------------------------------===//
#include "model/stats.h"

#include "coroscope/log_format.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace coroscope::analyzer {

bool SiteStats::inBody() const { return kind == log::kSiteAwait || kind == log::kSiteYield; }

void FunctionStats::addHeapFrame(uint64_t bytes) {
  if (heap_frames == 0 || bytes < bytes_min)
    bytes_min = bytes;
  if (heap_frames == 0 || bytes > bytes_max)
    bytes_max = bytes;
  ++heap_frames;
  heap_bytes += bytes;
}

void FunctionStats::addElidedFrame(std::optional<uint64_t> bytes) {
  ++elided_frames;
  if (!bytes)
    return;
  if (elided_sized == 0 || *bytes < elided_min)
    elided_min = *bytes;
  if (elided_sized == 0 || *bytes > elided_max)
    elided_max = *bytes;
  ++elided_sized;
  elided_bytes += *bytes;
}

uint64_t FunctionStats::frameBytesMin() const {
  if (!heap_frames)
    return elided_sized ? elided_min : 0;
  return elided_sized ? std::min(bytes_min, elided_min) : bytes_min;
}

uint64_t FunctionStats::frameBytesMax() const { return std::max(bytes_max, elided_max); }

SiteStats &FunctionStats::site(uint8_t kind, const std::string &site_file, uint32_t site_line,
                               uint32_t column, const std::string &awaiter, uint32_t ordinal) {
  auto [it, inserted] = sites.try_emplace(SiteKey{kind, site_file, site_line, column, ordinal});
  if (inserted) {
    it->second.kind = kind;
    it->second.file = site_file;
    it->second.line = site_line;
    it->second.column = column;
    it->second.ordinal = ordinal;
    it->second.awaiter = awaiter;
  }
  return it->second;
}

FunctionStats &Report::function(const std::string &name, const std::string &file, uint32_t line) {
  auto [it, inserted] = functions.try_emplace(FunctionKey{name, file, line});
  if (inserted) {
    it->second.name = name;
    it->second.file = file;
    it->second.line = line;
  }
  return it->second;
}

// Mirrors how LogModel accumulates into an existing FunctionStats: counters
// add up; what the first log set (a site's awaiter, the frame locals, the
// deepest chain unless a later one is deeper) stays.
void FunctionStats::merge(const FunctionStats &later) {
  if (later.heap_frames) {
    if (heap_frames == 0 || later.bytes_min < bytes_min)
      bytes_min = later.bytes_min;
    if (heap_frames == 0 || later.bytes_max > bytes_max)
      bytes_max = later.bytes_max;
  }
  if (later.elided_sized) {
    if (elided_sized == 0 || later.elided_min < elided_min)
      elided_min = later.elided_min;
    if (elided_sized == 0 || later.elided_max > elided_max)
      elided_max = later.elided_max;
  }
  calls += later.calls;
  heap_frames += later.heap_frames;
  elided_frames += later.elided_frames;
  heap_bytes += later.heap_bytes;
  elided_sized += later.elided_sized;
  elided_bytes += later.elided_bytes;
  completed += later.completed;
  sync_completions += later.sync_completions;
  sync_scheduled_starts += later.sync_scheduled_starts;
  not_destroyed += later.not_destroyed;
  unsampled += later.unsampled;
  optimized = optimized || later.optimized;
  site_kinds_unknown = site_kinds_unknown || later.site_kinds_unknown;
  forwarding_calls += later.forwarding_calls;
  for (const auto &[key, n] : later.nested) {
    auto [it, inserted] = nested.try_emplace(key, n);
    if (!inserted) {
      it->second.frames += n.frames;
      it->second.bytes += n.bytes;
    }
  }
  const ChainStats &lc = later.chain;
  if (lc.top_level_calls && (lc.max_depth > chain.max_depth || chain.chain.empty())) {
    chain.max_depth = lc.max_depth;
    chain.chain = lc.chain;
    chain.file = lc.file;
    chain.line = lc.line;
    chain.column = lc.column;
  }
  chain.top_level_calls += lc.top_level_calls;
  chain.nested_frames += lc.nested_frames;
  for (const auto &[depth, n] : lc.depths)
    chain.depths[depth] += n;
  if (frame_locals.empty())
    frame_locals = later.frame_locals;
  busy_ns.merge(later.busy_ns);
  suspended_ns.merge(later.suspended_ns);
  for (const auto &[key, ls] : later.sites) {
    auto [it, inserted] = sites.try_emplace(key, ls);
    if (inserted)
      continue;
    SiteStats &s = it->second;
    s.ready_events += ls.ready_events;
    s.suspend_events += ls.suspend_events;
    s.cancel_events += ls.cancel_events;
    s.waits += ls.waits;
  }
}

void Report::merge(Report &&next) {
  for (std::string &log : next.logs)
    logs.push_back(std::move(log));
  log_ends.insert(log_ends.end(), next.log_ends.begin(), next.log_ends.end());
  events += next.events;
  threads += next.threads;
  profiles += next.profiles;
  run_ns += next.run_ns;
  sites += next.sites;
  for (auto &[key, fn] : next.functions) {
    auto [it, inserted] = functions.try_emplace(key, std::move(fn));
    if (!inserted)
      it->second.merge(fn);
  }
  findings.merge(std::move(next.findings));
  for (LiveFrames &l : next.live)
    live.push_back(std::move(l));
}

Distribution distribution(std::vector<uint64_t> values) {
  Distribution d;
  d.samples = values.size();
  if (values.empty())
    return d;
  std::sort(values.begin(), values.end());
  unsigned __int128 total = 0;
  for (uint64_t v : values)
    total += v;
  d.total = static_cast<uint64_t>(total);
  size_t n = values.size();
  d.mean = static_cast<uint64_t>((total + n / 2) / n);
  // Nearest rank: the smallest value with at least P% of the set at or below
  // it, i.e. index ceil(P/100 * n) - 1.
  auto rank = [&](unsigned p) {
    size_t r = (static_cast<size_t>(p) * n + 99) / 100;
    return values[r == 0 ? 0 : r - 1];
  };
  d.p50 = rank(50);
  d.p99 = rank(99);
  return d;
}

void Durations::count(uint64_t v, uint64_t n) {
  if (v < kLinear) {
    buckets_[0][v] += n;
    return;
  }
  unsigned top = 63 - unsigned(__builtin_clzll(v)); // >= kSubBits + 1
  size_t octave = top - kSubBits;
  if (buckets_.size() <= octave)
    buckets_.resize(octave + 1);
  std::vector<uint64_t> &b = buckets_[octave];
  if (b.empty())
    b.assign(size_t(1) << kSubBits, 0);
  b[(v >> (top - kSubBits)) & ((uint64_t(1) << kSubBits) - 1)] += n;
}

std::vector<uint64_t> Durations::powerOfTwoCounts() const {
  std::vector<uint64_t> out;
  auto add = [&](size_t k, uint64_t n) {
    if (out.size() <= k)
      out.resize(k + 1);
    out[k] += n;
  };
  auto bucket = [](uint64_t v) { return v ? size_t(64 - __builtin_clzll(v)) : size_t(0); };
  if (exact_) {
    for (uint64_t v : values_)
      add(bucket(v), 1);
  } else {
    for (uint64_t v = 0; v < buckets_[0].size(); ++v)
      if (buckets_[0][v])
        add(bucket(v), buckets_[0][v]);
    // Octave k holds the values whose highest bit is k + kSubBits.
    for (size_t k = 1; k < buckets_.size(); ++k)
      for (uint64_t n : buckets_[k])
        if (n)
          add(k + kSubBits + 1, n);
  }
  while (!out.empty() && out.back() == 0)
    out.pop_back();
  return out;
}

void Durations::toHistogram() {
  exact_ = false;
  buckets_.resize(1);
  buckets_[0].assign(kLinear, 0);
  for (uint64_t v : values_)
    count(v);
  std::vector<uint64_t>().swap(values_);
}

void Durations::addBuckets(const std::vector<std::pair<uint64_t, uint64_t>> &entries,
                           uint64_t total) {
  // A profile's counts come from a file: their sum may wrap, and a wrapped
  // sum must not pass for a small one.
  uint64_t n = 0;
  bool wrapped = false;
  for (const auto &[v, c] : entries)
    wrapped |= __builtin_add_overflow(n, c, &n);
  if (exact_ && !wrapped && n <= kExact && values_.size() + n <= kExact) {
    for (const auto &[v, c] : entries)
      values_.insert(values_.end(), c, v);
  } else {
    if (exact_)
      toHistogram();
    for (const auto &[v, c] : entries)
      count(v, c);
  }
  count_ += n;
  total_ += total;
}

void Durations::merge(const Durations &other) {
  count_ += other.count_;
  total_ += other.total_;
  if (exact_ && other.exact_) {
    values_.insert(values_.end(), other.values_.begin(), other.values_.end());
    if (values_.size() > kExact)
      toHistogram();
    return;
  }
  if (exact_)
    toHistogram();
  if (other.exact_) {
    for (uint64_t v : other.values_)
      count(v);
    return;
  }
  if (buckets_.size() < other.buckets_.size())
    buckets_.resize(other.buckets_.size());
  for (size_t k = 0; k < other.buckets_.size(); ++k) {
    const std::vector<uint64_t> &from = other.buckets_[k];
    if (from.empty())
      continue;
    if (buckets_[k].empty())
      buckets_[k].assign(from.size(), 0);
    for (size_t i = 0; i < from.size(); ++i)
      buckets_[k][i] += from[i];
  }
}

uint64_t Durations::histogramRank(uint64_t rank) const {
  for (size_t k = 0; k < buckets_.size(); ++k) {
    const std::vector<uint64_t> &b = buckets_[k];
    for (size_t i = 0; i < b.size(); ++i) {
      if (rank < b[i]) {
        if (k == 0)
          return i;
        unsigned shift = unsigned(k) - 1; // bucket width is 2^shift
        uint64_t low = (uint64_t((size_t(1) << kSubBits) + i) << (shift + 1));
        uint64_t width = uint64_t(2) << shift;
        return low + width / 2;
      }
      rank -= b[i];
    }
  }
  return 0;
}

Distribution Durations::distribution() const {
  if (exact_) {
    // Profile values are bucket middles: total and mean come from the
    // exact sums kept beside them.
    Distribution d = coroscope::analyzer::distribution(values_);
    d.total = static_cast<uint64_t>(total_);
    d.mean = count_ ? static_cast<uint64_t>((total_ + count_ / 2) / count_) : 0;
    return d;
  }
  Distribution d;
  d.samples = count_;
  if (count_ == 0)
    return d;
  d.total = static_cast<uint64_t>(total_);
  d.mean = static_cast<uint64_t>((total_ + count_ / 2) / count_);
  auto rank = [&](unsigned p) {
    uint64_t r = (uint64_t(p) * count_ + 99) / 100;
    return histogramRank(r == 0 ? 0 : r - 1);
  };
  d.p50 = rank(50);
  d.p99 = rank(99);
  return d;
}

namespace {
/// part / whole * scale, rounded to `decimals`; 0 when whole is 0.
double ratio(uint64_t part, uint64_t whole, double scale, double decimals) {
  if (whole == 0)
    return 0;
  double unit = std::pow(10.0, decimals);
  return std::round(scale * unit * static_cast<double>(part) / static_cast<double>(whole)) / unit;
}
} // namespace

double percent(uint64_t part, uint64_t whole) { return ratio(part, whole, 100.0, 1); }

double perCall(uint64_t part, uint64_t whole) { return ratio(part, whole, 1.0, 2); }

const std::vector<std::string> &sortKeys() {
  static const std::vector<std::string> keys = {
      "heap_bytes", "calls",    "heap_frames", "elided_frames", "elided_bytes", "frame_bytes",
      "awaits",     "suspends", "waits",       "busy",          "suspended",    "name"};
  return keys;
}

namespace {

int siteGroup(const SiteStats &s) {
  if (s.kind == log::kSiteInitial)
    return 0;
  if (s.kind == log::kSiteFinal)
    return 2;
  return 1;
}

FunctionSummary summarizeFunction(const FunctionStats &fn) {
  FunctionSummary s;
  s.fn = &fn;
  if (uint64_t sized = fn.heap_frames + fn.elided_sized) {
    uint64_t bytes = fn.heap_bytes + fn.elided_bytes;
    s.frame_bytes =
        fn.frameBytesMin() == fn.frameBytesMax() ? fn.frameBytesMin() : (bytes + sized / 2) / sized;
  }
  s.heap_bytes_per_call = perCall(fn.heap_bytes, fn.calls);
  s.elided_bytes_per_call = perCall(fn.elided_bytes, fn.calls);
  for (const auto &[key, site] : fn.sites) {
    s.sites.push_back(&site);
    if (site.inBody()) {
      s.awaits += site.reached();
      s.suspends += site.suspended();
      s.waits += site.waits;
    }
  }
  std::sort(s.sites.begin(), s.sites.end(), [](const SiteStats *a, const SiteStats *b) {
    return std::tuple(siteGroup(*a), a->line, a->column, a->kind, a->file, a->ordinal) <
           std::tuple(siteGroup(*b), b->line, b->column, b->kind, b->file, b->ordinal);
  });
  s.busy = fn.busy_ns.distribution();
  s.suspended = fn.suspended_ns.distribution();
  return s;
}

uint64_t sortValue(const FunctionSummary &s, const std::string &key) {
  const FunctionStats &f = *s.fn;
  if (key == "calls")
    return f.calls;
  if (key == "heap_frames")
    return f.heap_frames;
  if (key == "elided_frames")
    return f.elided_frames;
  if (key == "elided_bytes")
    return f.elided_bytes;
  if (key == "frame_bytes")
    return s.frame_bytes;
  if (figuresWithheld(f) && key != "heap_bytes")
    return 0; // unknown: last
  if (key == "awaits")
    return s.awaits;
  if (key == "suspends")
    return s.suspends;
  if (key == "waits")
    return s.waits;
  if (key == "busy")
    return s.busy.total;
  if (key == "suspended")
    return s.suspended.total;
  return f.heap_bytes;
}

} // namespace

Summary summarize(const Report &report, const std::string &sort_key, size_t top) {
  Summary out;
  out.logs = report.logs;
  out.log_ends = report.log_ends;
  out.sort_key = sort_key;
  out.sampled = report.profiles > 0;
  out.sites = report.sites;
  for (const auto &[key, fn] : report.functions)
    out.functions.push_back(summarizeFunction(fn));

  bool by_name = sort_key == "name";
  auto tie = [](const FunctionSummary &a, const FunctionSummary &b) {
    if (a.fn->calls != b.fn->calls)
      return a.fn->calls > b.fn->calls;
    return std::tie(a.fn->name, a.fn->file, a.fn->line) <
           std::tie(b.fn->name, b.fn->file, b.fn->line);
  };
  std::sort(out.functions.begin(), out.functions.end(),
            [&](const FunctionSummary &a, const FunctionSummary &b) {
              if (by_name) {
                if (a.fn->name != b.fn->name)
                  return a.fn->name < b.fn->name;
                return tie(a, b);
              }
              uint64_t va = sortValue(a, sort_key), vb = sortValue(b, sort_key);
              if (va != vb)
                return va > vb;
              return tie(a, b);
            });

  Totals &t = out.totals;
  t.events = report.events;
  t.threads = report.threads;
  for (const FunctionSummary &s : out.functions) {
    const FunctionStats &f = *s.fn;
    ++t.functions;
    t.calls += f.calls;
    t.heap_frames += f.heap_frames;
    t.elided_frames += f.elided_frames;
    t.heap_bytes += f.heap_bytes;
    t.elided_bytes += f.elided_bytes;
    t.completed += f.completed;
    t.sync_completions += f.sync_completions;
    t.awaits += s.awaits;
    t.suspends += s.suspends;
    t.waits += s.waits;
    t.frames_not_destroyed += f.not_destroyed;
    t.withheld += figuresWithheld(f);
    t.busy_ns += s.busy.total;
    t.suspended_ns += s.suspended.total;
  }
  if (top != 0 && out.functions.size() > top)
    out.functions.resize(top);
  out.findings = report.findings.sorted();
  out.live = report.live;
  return out;
}

} // namespace coroscope::analyzer
