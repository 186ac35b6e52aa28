//===- model/messages.cpp - The words describing each finding -------------===//
//
// The runtime records ids, not text, so every message is written here from
// the check, the severity and the resolved sites. A message names the
// coroutine, the offending operation and where it happened, and, when the
// check has one, the earlier operation it conflicts with. Counts and bytes
// are left out on purpose: they change when findings merge, the message
// must not.
//
// Some checks place their sites differently depending on the variant the
// runtime detected (e.g. a concurrent-resume warning has the suspend point
// as its site and the resume() call as the related site), so the wording
// looks at site kinds rather than assuming one layout per check.
//
//===----------------------------------------------------------------------===//
#include "model/findings.h"

namespace coroscope::analyzer {

using namespace coroscope::log;

namespace {

/// "a.cpp:12:7", or "a.cpp:12" without a column; "" when nothing is known.
/// Only the file's last component: the diagnostic line and the notes carry
/// the full paths, the sentence stays readable.
std::string position(const SourceRef &r) {
  if (r.file.empty() && r.line == 0)
    return "";
  std::string file = r.file.empty() ? std::string("?") : r.file;
  size_t slash = file.find_last_of('/');
  if (slash != std::string::npos && slash + 1 < file.size())
    file = file.substr(slash + 1);
  std::string s = file + ":" + std::to_string(r.line);
  if (r.column)
    s += ":" + std::to_string(r.column);
  return s;
}

bool isCall(uint8_t kind) {
  return kind == kSiteResumeCall || kind == kSiteDestroyCall || kind == kSiteDoneCall ||
         kind == kSiteCoroutineCall;
}

bool isSuspend(uint8_t kind) {
  return kind == kSiteInitial || kind == kSiteAwait || kind == kSiteYield || kind == kSiteFinal;
}

/// What the offending operation did to the frame, judged by its site kind.
const char *verb(uint8_t kind) {
  switch (kind) {
  case kSiteResumeCall:
    return "resumed";
  case kSiteDestroyCall:
    return "destroyed";
  case kSiteDoneCall:
    return "queried with done()";
  case kSiteInitial:
  case kSiteAwait:
  case kSiteYield:
  case kSiteFinal:
    return "awaited";
  }
  return "used";
}

std::string onThread(uint32_t t) { return t ? " on thread " + std::to_string(t) : ""; }

/// Builds the sentence; `x` is the frame's short name.
class Writer {
public:
  explicit Writer(const FindingSites &s)
      : s_(s), x_(s.function.empty() ? std::string("a coroutine") : shortName(s.function)) {}

  const std::string &x() const { return x_; }
  /// "consumer() a.cpp:66:16"; the frame's own sites need no function name.
  std::string place(const SourceRef &r) const {
    std::string pos = position(r);
    if (r.function.empty() || (r.function == s_.function && !pos.empty()))
      return pos.empty() ? "an unknown location" : pos;
    return pos.empty() ? shortName(r.function) : shortName(r.function) + " " + pos;
  }
  std::string op() const { return place(s_.op); }
  /// The related site's position, or its function if that is all we know.
  std::string rel() const {
    std::string pos = position(s_.related);
    return pos.empty() && !s_.related.function.empty() ? shortName(s_.related.function) : pos;
  }

private:
  const FindingSites &s_;
  std::string x_;
};

std::string concurrent(const FindingRecord &r, const FindingSites &s, const Writer &w) {
  // The call (resume() or destroy()) is the site, or, in the warning
  // variant, the related site with the suspend point as the site.
  bool call_is_op = isCall(s.op_kind) || !isCall(s.related_kind);
  const SourceRef &call = call_is_op ? s.op : s.related;
  uint8_t call_kind = call_is_op ? s.op_kind : s.related_kind;
  const SourceRef &other = call_is_op ? s.related : s.op;
  std::string m = w.x() + " " + (call_kind == kSiteDestroyCall ? "destroyed" : "resumed") + " at " +
                  w.place(call);
  if (r.severity < kSeverityError) {
    // Reported by the await_suspend's own thread when it touches the
    // awaiter after the other thread took the frame over.
    std::string t = w.x() + " await_suspend";
    if (!position(other).empty())
      t += " at " + position(other);
    t += " touches its awaiter" + onThread(r.thread) + " after ";
    const char *what = call_kind == kSiteDestroyCall ? "destroyed" : "resumed";
    if (position(call).empty())
      return t + "another thread" + onThread(r.other_thread) + " " + what + " the frame";
    return t + "the frame was " + what + " at " + w.place(call) + onThread(r.other_thread);
  }
  if (r.other_thread && r.other_thread == r.thread)
    m += " while it is already running on the same thread (re-entrant)";
  else
    m += onThread(r.thread) + " while it is already running" + onThread(r.other_thread);
  if (!position(other).empty())
    m += "; running since " + position(other);
  return m;
}

} // namespace

std::string findingMessage(const FindingRecord &r, const FindingSites &s) {
  Writer w(s);
  const std::string &x = w.x();
  std::string rel = w.rel();
  std::string m;
  switch (r.check) {
  case kCheckDoubleAwait:
    if (s.related.empty() && s.related_kind == 0xff)
      // No first await: the runtime saw a co_await of an empty handle, and
      // the frame concerned is the awaiting one.
      return x + " awaits an empty (moved-from) task handle at " + w.op();
    m = x + " awaited again at " + w.op();
    m += r.state == kFrameFinal || r.state == kFrameDestroyed
             ? " after it completed"
             : " while an earlier await of it is still pending";
    if (!rel.empty())
      m += "; first awaited at " + rel;
    return m;
  case kCheckResumeAfterCompletion:
    m = x + " " + (isSuspend(s.op_kind) ? "resumed by symmetric transfer" : "resumed") + " at " +
        w.op() + " after it completed";
    if (!rel.empty())
      m += "; it is suspended at its final suspend point " + rel;
    return m;
  case kCheckUseAfterDestroy:
    m = x + " " + verb(s.op_kind) + " at " + w.op() + " after it was destroyed";
    if (!rel.empty())
      m += "; destroyed at " + rel;
    return m;
  case kCheckDoubleDestroy:
    m = x + " destroyed again at " + w.op();
    if (!rel.empty())
      m += "; first destroyed at " + rel;
    return m;
  case kCheckConcurrentResume:
    return concurrent(r, s, w);
  case kCheckLeakedFrame:
    // The runtime groups leaked frames by creation site and names it as the
    // site; older layouts may name the suspend point instead.
    m = "frame of " + x;
    if (s.op_kind == kSiteCoroutineCall)
      m += " created at " + w.op();
    m += " was never destroyed";
    switch (r.state) {
    case kFrameFinal:
      return m + " (it ran to completion)";
    case kFrameSuspended:
    case kFrameSuspending:
      return m + (isSuspend(s.op_kind) ? " (left suspended at " + w.op() + ")"
                                       : std::string(" (left suspended)"));
    case kFrameRunning:
      return m + " (still running)";
    }
    return m;
  case kCheckNestedResume:
    if (isSuspend(s.op_kind)) {
      m = x + " awaits at " + w.op() + " with an await_suspend that calls resume()";
      if (!rel.empty())
        m += " at " + rel;
      return m + " instead of transferring control symmetrically; nested "
                 "resumptions grow the native stack";
    }
    return x + " resumed at " + w.op() +
           " inside too many nested resumptions on the same thread; prefer "
           "symmetric transfer (return the handle from await_suspend)";
  case kCheckNeverStarted:
    m = x + " never started: it was destroyed";
    if (s.op_kind == kSiteDestroyCall)
      m += " at " + w.op();
    return m + " before leaving its initial suspend point";
  case kCheckSuspendedForever:
    return x + " suspended at " + w.op() + " and never resumed";
  }
  return x + ": " + checkName(r.check) + " at " + w.op();
}

std::string relatedNote(const FindingRecord &r, const FindingSites &s) {
  switch (r.check) {
  case kCheckDoubleAwait:
    return "first awaited here";
  case kCheckResumeAfterCompletion:
    return "reached its final suspend point here";
  case kCheckUseAfterDestroy:
  case kCheckDoubleDestroy: {
    std::string n = r.check == kCheckDoubleDestroy ? "first destroyed here" : "destroyed here";
    if (r.other_thread && r.other_thread != r.thread)
      n += onThread(r.other_thread);
    return n;
  }
  case kCheckConcurrentResume:
    if (isCall(s.related_kind))
      return std::string(s.related_kind == kSiteDestroyCall ? "destroyed" : "resumed") + " here" +
             onThread(r.severity < kSeverityError ? r.other_thread : r.thread);
    return (r.severity < kSeverityError ? "suspending here" : "running since here") +
           onThread(r.other_thread);
  case kCheckNestedResume:
    return "nested resume() here";
  }
  return "related operation here";
}

} // namespace coroscope::analyzer
