//===- render/chrome_trace.cpp - Trace Event Format timeline --------------===//
//
// See chrome_trace.h. The slices and suspensions are cut by
// ActivationSlicer (model/activation_slices.h); this file draws them.
//
//===----------------------------------------------------------------------===//
#include "render/chrome_trace.h"

#include "model/stats.h"
#include "render/render.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

/// ns as microseconds with three decimals: exact, and what every viewer reads.
std::string micros(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%" PRIu64 ".%03" PRIu64, ns / 1000, ns % 1000);
  return buf;
}

std::string text(const Json &j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

/// `j`'s text with the null value of each key in `times` replaced by that
/// time in exact microseconds (a double would round the nanoseconds).
std::string withTimes(const Json &j,
                      std::initializer_list<std::pair<const char *, uint64_t>> times) {
  std::string s = text(j);
  for (auto [key, ns] : times) {
    std::string k = std::string("\"") + key + "\":null";
    s.replace(s.find(k), k.size(), std::string("\"") + key + "\":" + micros(ns));
  }
  return s;
}

std::string siteText(const SiteStats &s) {
  return std::string(log::siteKindName(s.kind)) + " " + location(s.file, s.line, s.column);
}

} // namespace

ChromeTraceWriter::ChromeTraceWriter(std::ostream &os, const TraceWindow &window, TraceState &state,
                                     uint64_t pid, const std::string &process_name)
    : os_(os), window_(window), pid_(pid), state_(state) {
  metadata("process_name", std::nullopt, process_name);
}

void ChromeTraceWriter::beginTrace(std::ostream &os) { os << "{\"traceEvents\":[\n"; }

void ChromeTraceWriter::endTrace(std::ostream &os) { os << "\n],\"displayTimeUnit\":\"ns\"}\n"; }

void ChromeTraceWriter::event(const std::string &json) {
  if (!state_.first_event)
    os_ << ",\n";
  state_.first_event = false;
  os_ << json;
}

void ChromeTraceWriter::metadata(const char *what, std::optional<uint32_t> tid,
                                 const std::string &name) {
  Json m;
  m["ph"] = "M";
  m["name"] = what;
  m["pid"] = pid_;
  if (tid)
    m["tid"] = *tid;
  m["args"]["name"] = name;
  event(text(m));
}

void ChromeTraceWriter::thread(uint32_t tid) {
  if (!threads_.emplace(tid, true).second)
    return;
  metadata("thread_name", tid, "thread " + std::to_string(tid));
}

bool ChromeTraceWriter::shown(const FunctionStats &fn) {
  if (!window_.function)
    return true;
  auto [it, inserted] = shown_.try_emplace(&fn, false);
  if (inserted)
    it->second = std::regex_search(fn.name, *window_.function);
  return it->second;
}

void ChromeTraceWriter::slice(uint64_t, const Running &r, uint64_t end) {
  uint64_t from = std::max(r.start, window_.from), until = std::min(end, window_.to);
  if (!r.fn || !shown(*r.fn) || until < from || (until == from && r.start != end))
    return;
  thread(r.thread);
  Json j;
  j["ph"] = "X";
  j["cat"] = "coroutine";
  j["name"] = r.fn->name;
  j["pid"] = pid_;
  j["tid"] = r.thread;
  // ts and dur as exact decimals: spliced in below instead of doubles.
  j["ts"] = nullptr;
  j["dur"] = nullptr;
  // Few and stable args: viewers that aggregate (speedscope) key a frame
  // by its name and args, so per-slice values would split each function.
  j["args"]["function"] = r.fn->name;
  j["args"]["file"] = r.fn->file;
  j["args"]["line"] = r.fn->line;
  j["args"]["site"] = r.from            ? siteText(*r.from)
                      : r.after_missing ? "after a missing resume"
                                        : "ramp";
  event(withTimes(j, {{"ts", from}, {"dur", until - from}}));
}

void ChromeTraceWriter::suspended(uint64_t, const Running &r, uint64_t until,
                                  std::optional<Resume> resume) {
  if (resume && r.fn && shown(*r.fn))
    flow(resume->wait ? "wait" : "suspend", state_.next_flow++, r.pend_thread, *r.pend,
         resume->thread, until, siteText(*r.pend_site));
}

void ChromeTraceWriter::flow(const char *cat, uint64_t id, uint32_t from_thread, uint64_t from_time,
                             uint32_t to_thread, uint64_t to_time, const std::string &name) {
  if (from_time < window_.from || to_time > window_.to)
    return;
  thread(from_thread);
  thread(to_thread);
  for (int end = 0; end < 2; ++end) {
    Json j;
    j["ph"] = end ? "f" : "s";
    if (end)
      j["bp"] = "e"; // binds to the slice that starts at the resume
    j["cat"] = cat;
    j["name"] = name;
    j["id"] = id;
    j["pid"] = pid_;
    j["tid"] = end ? to_thread : from_thread;
    j["ts"] = nullptr;
    event(withTimes(j, {{"ts", end ? to_time : from_time}}));
  }
}

void ChromeTraceWriter::begin(uint64_t frame, const FunctionStats &fn, uint32_t thread_id,
                              uint64_t time, uint64_t creator) {
  ActivationSlicer::begin(frame, fn, thread_id, time, creator);
  const Running *c = creator ? running(creator) : nullptr;
  if (c && c->fn && shown(*c->fn) && shown(fn))
    flow("creation", state_.next_flow++, thread_id, time, thread_id, time, fn.name);
}

void ChromeTraceWriter::transfer(uint64_t from, uint64_t to, uint32_t thread_id, uint64_t time) {
  const Running *a = running(from), *b = running(to);
  if (!a || !b || !a->fn || !b->fn || !shown(*a->fn) || !shown(*b->fn))
    return;
  // From where the awaiting frame stopped (its suspension, or its end at
  // the final suspend point) to where the resumed one starts.
  uint64_t start = a->pend ? *a->pend : a->last_end;
  flow("transfer", state_.next_flow++, thread_id, std::min(start, time), thread_id, time,
       b->fn->name);
}

void ChromeTraceWriter::finding(const Finding &f, uint64_t time) {
  if (time < window_.from || time > window_.to ||
      (window_.function && !std::regex_search(f.where.function, *window_.function)))
    return;
  thread(f.thread);
  Json j;
  j["ph"] = "i";
  j["s"] = "t";
  j["cat"] = "finding";
  j["name"] = std::string(checkName(f.check)) + " " + f.where.function;
  j["pid"] = pid_;
  j["tid"] = f.thread;
  j["ts"] = nullptr;
  j["args"]["check"] = checkName(f.check);
  j["args"]["severity"] = log::severityName(f.severity);
  j["args"]["message"] = f.message;
  j["args"]["function"] = f.where.function;
  j["args"]["location"] = location(f.where.file, f.where.line, f.where.column);
  j["args"]["count"] = f.count;
  event(withTimes(j, {{"ts", time}}));
}

void ChromeTraceWriter::heap(int64_t delta, uint64_t time) {
  heap_live_ += delta;
  if (time < window_.from || time > window_.to)
    return;
  Json j;
  j["ph"] = "C";
  j["name"] = "heap frame bytes";
  j["pid"] = pid_;
  j["ts"] = nullptr;
  j["args"]["bytes"] = heap_live_ < 0 ? 0 : heap_live_;
  event(withTimes(j, {{"ts", time}}));
}

} // namespace coroscope::analyzer
