//===- verdicts/baseline.cpp - A report compared with an earlier one ------===//
#include "verdicts/baseline.h"

#include "log/json_file.h"

#include <cmath>
#include <limits>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

/// The non-negative integer `obj[key]`; `where` names obj in messages.
uint64_t count(const Json &obj, const char *key, const std::string &where,
               const std::string &path) {
  auto it = obj.find(key);
  if (it == obj.end())
    throw JsonInputError(path, where + ": no \"" + key + "\"");
  if (!it->is_number_unsigned())
    throw JsonInputError(path, where + "." + key + ": expected a non-negative integer, found " +
                                   jsonTypeName(*it));
  return it->get<uint64_t>();
}

std::string text(const Json &obj, const char *key, const std::string &where,
                 const std::string &path) {
  auto it = obj.find(key);
  if (it == obj.end())
    throw JsonInputError(path, where + ": no \"" + key + "\"");
  if (!it->is_string())
    throw JsonInputError(path,
                         where + "." + key + ": expected a string, found " + jsonTypeName(*it));
  return it->get<std::string>();
}

std::optional<double> ratio(double now, double old) {
  if (old == 0)
    return std::nullopt;
  return std::round(now / old * 100) / 100;
}

} // namespace

double CompareFigures::heapBytesPerCall() const {
  return calls ? double(heap_bytes) / double(calls) : 0;
}

double CompareFigures::elidedBytesPerCall() const {
  return calls ? double(elided_bytes) / double(calls) : 0;
}

double CompareFigures::syncShare() const {
  return completed ? double(sync_completions) / double(completed) : 0;
}

CompareFigures compareFigures(const FunctionStats &fn) {
  CompareFigures c;
  c.calls = fn.calls;
  c.heap_bytes = fn.heap_bytes;
  c.elided_bytes = fn.elided_bytes;
  c.completed = fn.completed;
  c.sync_completions = fn.sync_completions;
  c.busy_ns_mean = fn.busy_ns.distribution().mean;
  c.kinds_known = !figuresWithheld(fn);
  return c;
}

Baseline readBaseline(const std::string &path) {
  Json j = readJsonObject(path);
  auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_string())
    throw JsonInputError(path, "not a coroscope report (no \"schema\" string)");
  if (*schema != kReportSchema)
    throw JsonInputError(path, "schema is \"" + schema->get<std::string>() + "\", expected \"" +
                                   kReportSchema + "\"");
  auto functions = j.find("functions");
  if (functions == j.end() || !functions->is_array())
    throw JsonInputError(path, "\"functions\" is missing or not an array");

  Baseline b;
  b.path = path;
  for (size_t i = 0; i < functions->size(); ++i) {
    const Json &f = (*functions)[i];
    std::string where = "functions[" + std::to_string(i) + "]";
    if (!f.is_object())
      throw JsonInputError(path, where + ": expected an object, found " + jsonTypeName(f));
    BaselineFunction out;
    out.function = text(f, "function", where, path);
    out.file = text(f, "file", where, path);
    uint64_t line = count(f, "line", where, path);
    if (line > std::numeric_limits<uint32_t>::max())
      throw JsonInputError(path, where + ".line: " + std::to_string(line) + " is too large");
    out.line = static_cast<uint32_t>(line);
    out.figures.calls = count(f, "calls", where, path);
    out.figures.heap_bytes = count(f, "heap_bytes", where, path);
    // Reports from before elided frames had a size have no elided_bytes.
    if (f.contains("elided_bytes"))
      out.figures.elided_bytes = count(f, "elided_bytes", where, path);
    // A report of a damaged log withholds these as null (all three).
    auto withheld = [&](const char *key) {
      auto it = f.find(key);
      return it != f.end() && it->is_null();
    };
    if (withheld("completed") && withheld("sync_completions") && withheld("busy_ns")) {
      out.figures.kinds_known = false;
    } else {
      out.figures.completed = count(f, "completed", where, path);
      out.figures.sync_completions = count(f, "sync_completions", where, path);
      auto busy = f.find("busy_ns");
      if (busy == f.end() || !busy->is_object())
        throw JsonInputError(path, where + ": \"busy_ns\" is missing or not an object");
      out.figures.busy_ns_mean = count(*busy, "mean", where + ".busy_ns", path);
    }
    b.functions.push_back(std::move(out));
  }
  return b;
}

BaselineComparison compareWithBaseline(Baseline baseline, const Report &report) {
  BaselineComparison c;
  c.baseline = std::move(baseline);
  const std::vector<BaselineFunction> &old = c.baseline.functions;
  std::vector<bool> taken(old.size(), false);

  auto match = [&](const FunctionStats &fn, size_t i, bool by_name) {
    taken[i] = true;
    CompareFigures now = compareFigures(fn), was = old[i].figures;
    BaselineMatch m;
    m.old = i;
    m.by_name = by_name;
    m.ratios.calls = ratio(double(now.calls), double(was.calls));
    m.ratios.heap_bytes_per_call = ratio(now.heapBytesPerCall(), was.heapBytesPerCall());
    m.ratios.elided_bytes_per_call = ratio(now.elidedBytesPerCall(), was.elidedBytesPerCall());
    m.ratios.withheld = !now.kinds_known || !was.kinds_known;
    if (!m.ratios.withheld) {
      m.ratios.sync = ratio(now.syncShare(), was.syncShare());
      m.ratios.busy = ratio(double(now.busy_ns_mean), double(was.busy_ns_mean));
    }
    c.matched.emplace(&fn, m);
  };

  // Exact keys first, so a function whose line moved cannot take the entry
  // of another function of the same name that did not move.
  std::multimap<FunctionKey, size_t> by_key;
  for (size_t i = 0; i < old.size(); ++i)
    by_key.emplace(FunctionKey{old[i].function, old[i].file, old[i].line}, i);
  for (const auto &[key, fn] : report.functions) {
    auto [lo, hi] = by_key.equal_range(key);
    for (auto it = lo; it != hi; ++it)
      if (!taken[it->second]) {
        match(fn, it->second, false);
        break;
      }
  }
  for (const auto &[key, fn] : report.functions) {
    if (c.matched.count(&fn))
      continue;
    std::optional<size_t> pick;
    for (size_t i = 0; i < old.size(); ++i) {
      if (taken[i] || old[i].function != fn.name)
        continue;
      if (old[i].file == fn.file) {
        pick = i;
        break;
      }
      if (!pick)
        pick = i;
    }
    if (pick)
      match(fn, *pick, true);
  }
  for (size_t i = 0; i < old.size(); ++i)
    if (!taken[i])
      c.gone.push_back(i);
  return c;
}

} // namespace coroscope::analyzer
