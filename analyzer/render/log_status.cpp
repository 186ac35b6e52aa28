//===- render/log_status.cpp - How each log ended -------------------------===//
//
// The words every output format uses for a log's end (docs/report-format.md,
// "Log status"), so text, Markdown, JSON and the CLI's warnings agree.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include <cstring>
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
} // namespace

bool logIncomplete(const LogEnd &end) {
  return end.kind == LogEnd::kIncomplete || end.unreadable_bytes > 0;
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
    s = end.status_known
            ? "ended by a sanitizer report during exit (exit() was given " +
                  std::to_string(end.code) + ")"
            : "ended by a sanitizer report";
    break;
  case LogEnd::kIncomplete:
    s = "incomplete (no closing record)";
    break;
  }
  if (end.unreadable_bytes)
    s += "; " + std::to_string(end.unreadable_bytes) + " bytes unreadable at offset " +
         std::to_string(end.unreadable_offset);
  if (end.bad_chunks)
    s += " (" + std::to_string(end.bad_chunks) +
         (end.bad_chunks == 1 ? " chunk" : " chunks") + " with a bad checksum)";
  if (end.events_unwritten)
    s += "; " + std::to_string(end.events_unwritten) + " events recorded but not written";
  return s;
}

nlohmann::ordered_json logStatusJson(const std::string &log, const LogEnd &end) {
  nlohmann::ordered_json j;
  j["log"] = log;
  j["status"] = statusWord(end.kind);
  j["exit_status"] = (end.kind == LogEnd::kComplete || end.kind == LogEnd::kSanitizer) &&
                             end.status_known
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
  return j;
}

} // namespace coroscope::analyzer
