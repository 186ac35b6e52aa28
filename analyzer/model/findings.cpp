//===- model/findings.cpp - Findings of all logs, and the check names -----===//
//
// Resolution happens per log because site ids and frame addresses are only
// meaningful inside their log; merging happens afterwards on the resolved
// text, which is why the merge key holds names and positions, never ids.
//
//===----------------------------------------------------------------------===//
#include "model/findings.h"

#include "coroscope/support/stable_sort.h"

#include <algorithm>
#include <cstring>

namespace coroscope::analyzer {

using namespace coroscope::log;

// The run-time checks' list may grow (APPEND ONLY), but never into the
// values the analyzer's own findings took.
#define COROSCOPE_BELOW_PROCESS_FINDINGS(kind, value, name) value < kFindingCrashedProcess &&
static_assert(COROSCOPE_RUNTIME_CHECKS(COROSCOPE_BELOW_PROCESS_FINDINGS) true,
              "run-time check values reach the analyzer's");
#undef COROSCOPE_BELOW_PROCESS_FINDINGS

const char *checkName(uint8_t check) {
  switch (check) {
#define COROSCOPE_ADVICE_NAME(kind, value, name)                                                   \
  case kind:                                                                                       \
    return name;
    COROSCOPE_ADVICE_KINDS(COROSCOPE_ADVICE_NAME)
    COROSCOPE_PROCESS_FINDINGS(COROSCOPE_ADVICE_NAME)
#undef COROSCOPE_ADVICE_NAME
  }
  return nameOr(runtimeCheckName(check), "");
}

void FindingSet::add(Finding f) {
  const RelatedRef *rel = nullptr;
  for (const RelatedRef &r : f.related)
    if (r.role != "creation") {
      rel = &r;
      break;
    }
  static const SourceRef none;
  const SourceRef &rw = rel ? rel->where : none;
  Key key{f.check,        f.severity, f.where.function, f.where.file, f.where.line,
          f.where.column, rw.file,    rw.line,          rw.column};
  auto [it, inserted] = index_.try_emplace(key, items_.size());
  if (inserted) {
    items_.push_back(std::move(f));
    return;
  }
  Finding &first = items_[it->second];
  first.count += f.count;
  first.bytes += f.bytes;
}

void FindingSet::merge(FindingSet &&later) {
  for (Finding &f : later.items_)
    add(std::move(f));
  later.items_.clear();
  later.index_.clear();
}

std::vector<Finding> FindingSet::sorted() const {
  std::vector<Finding> out = items_;
  // Stable: ties stay in order of first appearance.
  stableSort(out, [](const Finding &x, const Finding &y) {
    if (x.severity != y.severity)
      return x.severity > y.severity;
    return std::make_tuple(std::string(checkName(x.check)), std::cref(x.where.file), x.where.line,
                           x.where.column, std::cref(x.where.function)) <
           std::make_tuple(std::string(checkName(y.check)), std::cref(y.where.file), y.where.line,
                           y.where.column, std::cref(y.where.function));
  });
  return out;
}

const char *relatedRole(uint8_t check) {
  switch (check) {
  case kCheckDoubleAwait:
    return "first-await";
  case kCheckUseAfterDestroy:
  case kCheckDoubleDestroy:
    return "destroy";
  case kCheckConcurrentResume:
    return "resume";
  }
  return "related";
}

void collectFindings(const LogIndex &index, FindingSet &set) {
  if (index.findings().empty())
    return;
  SiteResolver sites(index.sites());
  Symbolizer symbolizer(index.modules());
  for (const FindingData &d : index.findings())
    for (uint64_t pc : d.pcs)
      symbolizer.add(pc);
  symbolizer.run();

  for (const FindingData &d : index.findings()) {
    const FindingRecord &r = d.record;
    Finding f;
    f.check = r.check;
    f.severity = r.severity;
    f.state = r.state;
    FindingSites fs;
    fs.function = sites.at(r.function_site).function;
    fs.op = sites.atOr(r.site, r.function_site);
    fs.op_kind = sites.kind(r.site ? r.site : r.function_site);
    fs.related = sites.at(r.related_site);
    fs.related_kind = r.related_site ? sites.kind(r.related_site) : 0xff;
    // The operation's site names the calling function; the finding is about
    // the frame, so its function wins.
    f.where = fs.op;
    f.where.function = fs.function;
    f.message = findingMessage(r, fs);
    // Some checks name the creation as their related site too; once is enough.
    if (r.related_site && r.related_site != r.creation_site)
      f.related.push_back({relatedRole(r.check), fs.related, relatedNote(r, fs)});
    if (r.creation_site)
      f.related.push_back({"creation", sites.at(r.creation_site), "created here"});
    f.count = r.count ? r.count : 1;
    f.bytes = r.bytes;
    f.thread = r.thread;
    f.other_thread = r.other_thread;
    f.frame = r.frame;
    f.ts = r.ts;
    f.log = index.path();
    for (const BacktraceEntry &b : d.backtrace) {
      AsyncFrame a;
      a.where = sites.atOr(b.site, b.function_site);
      a.where.function = sites.at(b.function_site).function;
      a.frame = b.frame;
      f.backtrace.push_back(std::move(a));
    }
    for (uint64_t pc : d.pcs)
      for (NativeFrame &n : symbolizer.lookup(pc))
        f.stack.push_back(std::move(n));
    set.add(std::move(f));
  }
}

void addCrashFinding(const LogIndex &index, const std::vector<LastEvent> &last, FindingSet &set) {
  const LogEnd &end = index.end();
  if (end.kind != LogEnd::kSignal && end.kind != LogEnd::kIncomplete)
    return;
  SiteResolver sites(index.sites());
  Finding f;
  f.check = kFindingCrashedProcess;
  f.severity = kSeverityError;
  f.log = index.path();
  std::string who =
      (end.header_cut ? std::string("the process") : "process " + std::to_string(end.pid)) + " (" +
      index.path() + ")";
  if (end.kind == LogEnd::kSignal) {
    f.message = who + " ended by signal " + std::to_string(end.code);
    if (const char *abbrev = sigabbrev_np(end.code))
      f.message += std::string(" (SIG") + abbrev + ")";
  } else {
    // No End record: SIGKILL (the OOM killer), _exit(), a crash with
    // COROSCOPE_HANDLE_SIGNALS=0, a process still running, or a log cut short.
    f.message = who + " never wrote the end of its log (killed, crashed without its handlers, "
                      "still running, or the log was cut short)";
  }
  // Each thread's last event with a site; the latest is the finding's place.
  constexpr size_t kThreadsNamed = 4;
  for (size_t i = 0; i < last.size() && i < kThreadsNamed; ++i) {
    const LastEvent &e = last[i];
    SourceRef at = sites.at(e.site);
    std::string what = nameOr(eventKindName(e.kind), "event");
    if (!at.function.empty())
      what += " in " + shortName(at.function);
    if (i == 0) {
      f.where = at;
      f.frame = e.frame;
      f.thread = e.thread;
      f.message += "; its last event: " + what + " on thread " + std::to_string(e.thread);
    } else {
      f.related.push_back({"last-event", at,
                           "last event of thread " + std::to_string(e.thread) + ": " +
                               nameOr(eventKindName(e.kind), "event")});
    }
  }
  if (last.empty()) {
    f.where.file = index.path(); // nothing else to place it at
    f.message += "; no event recorded";
  }
  if (last.size() > kThreadsNamed)
    f.message += " (" + std::to_string(last.size() - kThreadsNamed) + " more threads not shown)";
  set.add(std::move(f));
}

} // namespace coroscope::analyzer
