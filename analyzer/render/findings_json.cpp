//===- render/findings_json.cpp - Findings and live frames as JSON --------===//
//
// The objects under "findings" (in coroscope-report/1 and
// coroscope-findings/1) and "live_frames". Like the rest of the JSON output
// they are a contract (docs/report-format.md): keys keep their order and
// meaning, new keys are only appended. Addresses are hex strings because
// JSON numbers lose precision above 2^53 in most readers.
//
//===----------------------------------------------------------------------===//
#include "render/findings.h"
#include "render/render.h"

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

void addRef(Json &j, const SourceRef &r) {
  j["function"] = r.function;
  j["file"] = r.file;
  j["line"] = r.line;
  j["column"] = r.column;
}

Json ref(const SourceRef &r) {
  Json j;
  addRef(j, r);
  return j;
}

Json backtrace(const std::vector<AsyncFrame> &frames) {
  Json list = Json::array();
  for (const AsyncFrame &a : frames) {
    Json j = ref(a.where);
    j["frame"] = hexString(a.frame);
    list.push_back(std::move(j));
  }
  return list;
}

/// `lint` is true for compile-time findings (`coroscope lint`): they have the
/// same keys, so one reader handles both, but the run-time-only ones are
/// null (state, frame, log) or empty, and each related entry also carries
/// its note's text as "message" (the run-time ones keep their exact shape).
Json finding(const Finding &f, const std::string &check, const std::string &severity, bool lint) {
  Json j;
  j["check"] = check;
  j["severity"] = severity;
  j["state"] = lint ? Json(nullptr) : Json(nameOr(log::frameStateName(f.state), "unknown"));
  j["function"] = f.where.function;
  j["file"] = f.where.file;
  j["line"] = f.where.line;
  j["column"] = f.where.column;
  j["message"] = f.message;
  j["related"] = Json::array();
  for (const RelatedRef &r : f.related) {
    Json rel;
    rel["role"] = r.role;
    addRef(rel, r.where);
    if (lint)
      rel["message"] = r.note;
    j["related"].push_back(std::move(rel));
  }
  j["count"] = f.count;
  j["bytes"] = f.bytes;
  j["thread"] = f.thread;
  j["other_thread"] = f.other_thread;
  j["frame"] = lint ? Json(nullptr) : Json(hexString(f.frame));
  j["log"] = lint ? Json(nullptr) : Json(f.log);
  j["backtrace"] = backtrace(f.backtrace);
  j["stack"] = Json::array();
  for (const NativeFrame &n : f.stack) {
    Json s;
    s["pc"] = hexString(n.pc);
    s["module"] = n.module;
    s["function"] = n.function;
    s["file"] = n.file;
    s["line"] = n.line;
    s["column"] = n.column;
    s["inlined"] = n.inlined;
    j["stack"].push_back(std::move(s));
  }
  if (f.check >= kAdviceFirst && !lint) { // analyzer advice, not a run-time finding
    auto numbers = [](const std::vector<Figure> &figures) {
      Json o = Json::object();
      for (const Figure &x : figures)
        if (wholeUint64(x.value))
          o[x.key] = static_cast<uint64_t>(x.value);
        else
          o[x.key] = x.value;
      return o;
    };
    j["figures"] = numbers(f.figures);
    j["thresholds"] = numbers(f.thresholds);
    j["suggestion"] = f.suggestion;
  }
  return j;
}

} // namespace

Json findingsJson(const std::vector<Finding> &findings) {
  Json list = Json::array();
  for (const Finding &f : findings)
    list.push_back(finding(f, checkName(f.check), log::severityName(f.severity),
                           /*lint=*/false));
  return list;
}

Json lintFindingJson(const Finding &f, const std::string &check, const std::string &severity) {
  return finding(f, check, severity, /*lint=*/true);
}

Json liveFramesJson(const std::vector<LiveFrames> &live) {
  Json list = Json::array();
  for (const LiveFrames &l : live)
    for (const LiveFrameView &v : l.frames) {
      Json j;
      j["function"] = v.where.function;
      j["state"] = nameOr(log::frameStateName(v.state), "unknown");
      j["file"] = v.where.file;
      j["line"] = v.where.line;
      j["column"] = v.where.column;
      j["frame"] = hexString(v.frame);
      j["awaiter"] = v.awaiter ? Json(hexString(v.awaiter)) : Json(nullptr);
      j["creation"] = v.creation ? ref(*v.creation) : Json(nullptr);
      j["backtrace"] = backtrace(v.backtrace);
      j["backtrace_more"] = v.backtrace_more;
      j["heap"] = v.heap;
      j["bytes"] = v.bytes;
      j["log"] = l.log;
      list.push_back(std::move(j));
    }
  return list;
}

} // namespace coroscope::analyzer
