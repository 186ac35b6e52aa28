//===- verdicts/budget.cpp - Per-function cost budgets for CI -------------===//
#include "verdicts/budget.h"

#include "coroscope/log_format.h"
#include "coroscope/support/stable_sort.h"
#include "log/json_file.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

/// A figure of one function; nullopt when it does not apply (no top-level
/// call, nothing completed).
using Measure = std::optional<double> (*)(const FunctionStats &, const Distribution &busy);

struct LimitKey {
  const char *name;
  bool minimum; ///< the figure must not fall below the limit
  Measure measure;
  /// Read from where frames completed: not measured when the function's
  /// figures are withheld (figuresWithheld).
  bool needs_site_kinds = false;
};

const LimitKey kLimits[] = {
    {"calls", false,
     [](const FunctionStats &f, const Distribution &) -> std::optional<double> {
       return double(f.calls);
     }},
    {"heap_frames", false,
     [](const FunctionStats &f, const Distribution &) -> std::optional<double> {
       return double(f.heap_frames);
     }},
    {"heap_bytes_per_call", false,
     [](const FunctionStats &f, const Distribution &) -> std::optional<double> {
       return perCall(f.heap_bytes, f.calls);
     }},
    // The frames one top-level call of the function created, itself included
    // (the deep-chain advice's figure).
    {"frames_per_top_level_call", false,
     [](const FunctionStats &f, const Distribution &) -> std::optional<double> {
       const ChainStats &c = f.chain;
       if (c.top_level_calls == 0)
         return std::nullopt;
       return perCall(c.nested_frames + c.top_level_calls, c.top_level_calls);
     }},
    {"busy_ns_mean", false,
     [](const FunctionStats &, const Distribution &b) -> std::optional<double> {
       return double(b.mean);
     },
     true},
    {"busy_ns_p50", false,
     [](const FunctionStats &, const Distribution &b) -> std::optional<double> {
       return double(b.p50);
     },
     true},
    {"busy_ns_p99", false,
     [](const FunctionStats &, const Distribution &b) -> std::optional<double> {
       return double(b.p99);
     },
     true},
    {"sync_percent_min", true,
     [](const FunctionStats &f, const Distribution &) -> std::optional<double> {
       if (f.completed == 0)
         return std::nullopt;
       return percent(f.sync_completions, f.completed);
     },
     true},
};

constexpr const char *kNeverStarted = "never_started";

std::string knownKeys(bool never_started) {
  std::string known;
  for (const LimitKey &k : kLimits)
    known += std::string(known.empty() ? "" : ", ") + k.name;
  if (never_started)
    known += std::string(", ") + kNeverStarted;
  return known;
}

bool parseNeverStarted(const Json &v, const std::string &where, const std::string &path) {
  if (v.is_string() && (v == "fail" || v == "ignore"))
    return v == "fail";
  throw JsonInputError(path,
                       where + ": expected \"fail\" or \"ignore\", found " +
                           (v.is_string() ? "\"" + v.get<std::string>() + "\"" : jsonTypeName(v)));
}

/// An entry of "functions" (never_started allowed) or "default".
BudgetEntry parseEntry(const Json &j, const std::string &where, bool never_started,
                       const std::string &path) {
  if (!j.is_object())
    throw JsonInputError(path, where + ": expected an object, found " + jsonTypeName(j));
  BudgetEntry e;
  for (const auto &[key, v] : j.items()) {
    if (key == kNeverStarted) {
      if (!never_started)
        throw JsonInputError(path, where + ": \"never_started\" belongs at the top "
                                           "level or in a function's entry");
      e.never_started_fail = parseNeverStarted(v, where + "." + key, path);
      continue;
    }
    const LimitKey *k = nullptr;
    for (const LimitKey &l : kLimits)
      if (key == l.name)
        k = &l;
    if (!k)
      throw JsonInputError(path, where + ": unknown key \"" + key +
                                     "\" (known: " + knownKeys(never_started) + ")");
    if (v.is_null()) {
      e.limits[key] = std::nullopt;
      continue;
    }
    double limit = v.is_number() ? v.get<double>() : -1;
    if (!(limit >= 0) || std::isinf(limit) || (k->minimum && limit > 100))
      throw JsonInputError(
          path, where + "." + key + ": expected " +
                    (k->minimum ? "a percentage from 0 to 100" : "a non-negative number") +
                    " or null, found " + (v.is_number() ? v.dump() : jsonTypeName(v)));
    e.limits[key] = limit;
  }
  return e;
}

size_t keyOrder(const std::string &key) {
  for (size_t i = 0; i < std::size(kLimits); ++i)
    if (key == kLimits[i].name)
      return i;
  return std::size(kLimits); // never_started last
}

} // namespace

Budget readBudget(const std::string &path) {
  Json j = readJsonObject(path);
  Budget b;
  b.path = path;
  for (const auto &[key, v] : j.items()) {
    if (key == "functions") {
      if (!v.is_object())
        throw JsonInputError(path, "functions: expected an object, found " + jsonTypeName(v));
      for (const auto &[name, entry] : v.items())
        b.functions[name] = parseEntry(entry, "functions." + name, true, path);
    } else if (key == "default") {
      b.defaults = parseEntry(v, "default", false, path).limits;
    } else if (key == kNeverStarted) {
      b.never_started_fail = parseNeverStarted(v, key, path);
    } else {
      throw JsonInputError(path, "unknown key \"" + key +
                                     "\" (known: functions, default, never_started)");
    }
  }
  return b;
}

BudgetResult checkBudget(const Budget &budget, const Report &report,
                         const std::vector<Finding> &findings) {
  BudgetResult out;
  std::set<std::string> used;
  // The full name wins over the unqualified one: it names one function,
  // the unqualified name every overload and every class's member of it.
  // An entry the full name overrides still names a function of the logs: it
  // is not reported as matching none.
  auto entryFor = [&](const std::string &function) -> const std::string * {
    const std::string *found = nullptr;
    for (const std::string &name : {function, unqualifiedName(function)}) {
      auto it = budget.functions.find(name);
      if (it == budget.functions.end())
        continue;
      used.insert(it->first);
      if (!found)
        found = &it->first;
    }
    return found;
  };

  for (const auto &[fkey, fn] : report.functions) {
    const std::string *entry = entryFor(fn.name);
    // The function's own limits replace the defaults key by key.
    std::map<std::string, std::pair<std::optional<double>, std::string>> limits;
    for (const auto &[key, limit] : budget.defaults)
      limits[key] = {limit, "default"};
    if (entry)
      for (const auto &[key, limit] : budget.functions.at(*entry).limits)
        limits[key] = {limit, *entry};
    bool checked = false;
    Distribution busy = fn.busy_ns.distribution();
    for (const LimitKey &k : kLimits) {
      auto it = limits.find(k.name);
      if (it == limits.end() || !it->second.first)
        continue;
      checked = true;
      double limit = *it->second.first;
      if (k.needs_site_kinds && figuresWithheld(fn))
        continue;
      std::optional<double> value = k.measure(fn, busy);
      if (!value || (k.minimum ? *value >= limit : *value <= limit))
        continue;
      out.violations.push_back(
          {k.name, SourceRef{fn.name, fn.file, fn.line, 0}, *value, limit, it->second.second});
    }
    out.functions_checked += checked;
  }

  for (const Finding &f : findings) {
    if (f.check != log::kCheckNeverStarted)
      continue;
    const std::string *entry = entryFor(f.where.function);
    std::optional<bool> own = entry ? budget.functions.at(*entry).never_started_fail : std::nullopt;
    if (!own.value_or(budget.never_started_fail))
      continue;
    out.violations.push_back(
        {kNeverStarted, f.where, double(f.count), 0, own ? *entry : std::string(kNeverStarted)});
  }

  stableSort(out.violations, [](const BudgetViolation &a, const BudgetViolation &b) {
    return std::tuple(a.where.file, a.where.line, a.where.function, keyOrder(a.key)) <
           std::tuple(b.where.file, b.where.line, b.where.function, keyOrder(b.key));
  });
  for (const auto &[name, entry] : budget.functions)
    if (!used.count(name))
      out.unmatched.push_back(name);
  return out;
}

} // namespace coroscope::analyzer
