//===- render/log_status.cpp - How each log ended -------------------------===//
//
// The words every output format uses for a log's end (docs/report-format.md,
// "Log status"), so text, Markdown, JSON and the CLI's warnings agree.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

namespace coroscope::analyzer {

namespace {
const char *statusWord(LogEnd::Kind k) {
  switch (k) {
  case LogEnd::kComplete:
    return "complete";
  case LogEnd::kSignal:
    return "signal";
  case LogEnd::kSanitizer:
    return "sanitizer";
  case LogEnd::kIncomplete:
    break;
  }
  return "incomplete";
}

// "2026-12-02 17:30:01" (sep ' ') or "2026-12-02T17:30:01" (sep 'T'), UTC.
std::string utcTime(uint64_t unix_ns, char sep) {
  time_t secs = time_t(unix_ns / 1000000000u);
  struct tm tm;
  char buf[80]; // room for any int in each field: never truncated
  if (!gmtime_r(&secs, &tm))
    return "?";
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d%c%02d:%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, sep, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}
} // namespace

std::string logOriginText(const LogEnd &end) {
  if (end.header_cut)
    return "writer unknown";
  std::string s = "pid " + std::to_string(end.pid);
  if (end.forked_child)
    s += " (forked child: the calls of the frames it inherited are in its parent's log)";
  if (end.start_unix_ns)
    s += " on " + (end.host.empty() ? std::string("?") : end.host) + ", started " +
         utcTime(end.start_unix_ns, ' ') + " UTC";
  return s;
}

std::string logStatusText(const LogEnd &end) {
  std::string s;
  switch (end.kind) {
  case LogEnd::kComplete:
    s = end.status_known ? "complete (exit status " + std::to_string(end.code) + ")"
                         : "complete (exit status unknown)";
    break;
  case LogEnd::kSignal: {
    s = "ended by signal " + std::to_string(end.code);
    if (const char *abbrev = sigabbrev_np(end.code))
      s += std::string(" (SIG") + abbrev + ")";
    break;
  }
  case LogEnd::kSanitizer:
    // The process's own status is the sanitizer's exit code, not exit()'s.
    s = end.status_known ? "ended by a sanitizer report during exit (exit() was given " +
                               std::to_string(end.code) + ")"
                         : "ended by a sanitizer report";
    break;
  case LogEnd::kIncomplete:
    s = end.header_cut ? "incomplete (cut inside its file header)"
                       : "incomplete (no closing record)";
    break;
  }
  if (end.unreadable_bytes)
    s += "; " + std::to_string(end.unreadable_bytes) + " bytes unreadable at offset " +
         std::to_string(end.unreadable_offset);
  if (end.bad_chunks)
    s += " (" + std::to_string(end.bad_chunks) + (end.bad_chunks == 1 ? " chunk" : " chunks") +
         " with a bad checksum)";
  if (end.events_unwritten)
    s += "; " + std::to_string(end.events_unwritten) + " events recorded but not written";
  if (end.countMismatch())
    s += "; " + std::to_string(end.events_read) +
         " event records read where its end record counts " + std::to_string(end.events_written);
  if (end.chain_mismatch)
    s += "; its chunks are not the ones its end record lists (chunks cut out, spliced in or "
         "reordered)";
  if (end.another_log_at)
    s += "; another log starts at offset " + std::to_string(end.another_log_at) +
         " (not read: two logs in one stream)";
  return s;
}

nlohmann::ordered_json logStatusJson(const std::vector<std::string> &logs,
                                     const std::vector<LogEnd> &ends) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (size_t i = 0; i < logs.size() && i < ends.size(); ++i)
    a.push_back(logStatusJson(logs[i], ends[i]));
  return a;
}

nlohmann::ordered_json logStatusJson(const std::string &log, const LogEnd &end) {
  nlohmann::ordered_json j;
  j["log"] = log;
  j["status"] = statusWord(end.kind);
  j["exit_status"] =
      (end.kind == LogEnd::kComplete || end.kind == LogEnd::kSanitizer) && end.status_known
          ? nlohmann::ordered_json(end.code)
          : nlohmann::ordered_json(nullptr);
  j["signal"] = end.kind == LogEnd::kSignal ? nlohmann::ordered_json(end.code)
                                            : nlohmann::ordered_json(nullptr);
  j["unreadable_bytes"] = end.unreadable_bytes;
  j["unreadable_offset"] = end.unreadable_bytes ? nlohmann::ordered_json(end.unreadable_offset)
                                                : nlohmann::ordered_json(nullptr);
  j["bad_chunks"] = end.bad_chunks;
  j["events_written"] = end.events_written;
  j["events_unwritten"] = end.events_unwritten;
  j["events_read"] = end.events_read;
  j["pid"] = end.pid;
  j["host"] =
      end.start_unix_ns ? nlohmann::ordered_json(end.host) : nlohmann::ordered_json(nullptr);
  char frac[16];
  std::snprintf(frac, sizeof frac, ".%09lluZ",
                (unsigned long long)(end.start_unix_ns % 1000000000u));
  j["started"] = end.start_unix_ns ? nlohmann::ordered_json(utcTime(end.start_unix_ns, 'T') + frac)
                                   : nlohmann::ordered_json(nullptr);
  // Appended: log_status entries only gain keys.
  j["chunks_mismatch"] = end.chain_mismatch;
  j["another_log_at"] = end.another_log_at ? nlohmann::ordered_json(end.another_log_at)
                                           : nlohmann::ordered_json(nullptr);
  j["forked_child"] = end.forked_child;
  return j;
}

std::string withheldNote(uint64_t functions) {
  return "?: withheld for " + std::to_string(functions) + " function" +
         (functions == 1 ? "" : "s") +
         ": their frames reached a suspend site whose definition the log lost (a damaged or "
         "missing chunk), so which point was final (completed, sync, awaits, suspends, waits, "
         "times) is not known";
}

} // namespace coroscope::analyzer
