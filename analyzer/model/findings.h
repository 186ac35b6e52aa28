//===- model/findings.h - Run-time check findings of all logs ---*- C++ -*-===//
//
// A Finding is a FindingRecord with every site id resolved to source text,
// its message written and its native stack symbolized, so it no longer
// depends on the log it came from. The same bug hit in a loop, or in every
// process of a test suite, would otherwise flood the report; FindingSet
// merges findings that describe the same defect at the same place (check,
// severity, function, location of the operation, location of the related
// operation) by summing their counts and bytes, keeping the first one seen.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_FINDINGS_H
#define COROSCOPE_ANALYZER_MODEL_FINDINGS_H

#include "log/log_reader.h"
#include "model/site_ref.h"
#include "model/symbolize.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace coroscope::analyzer {

/// A related site with what it was ("first-await", "destroy", "resume",
/// "creation", "related").
struct RelatedRef {
  std::string role;
  SourceRef where;
  /// For text: "first awaited here", "resumed here on thread 2".
  std::string note;
};

/// One step of an async backtrace: a frame and where it is suspended (or
/// running).
struct AsyncFrame {
  SourceRef where; ///< function of the frame, location of its site
  uint64_t frame = 0;
};

/// A number behind an advice, or the threshold it was compared with.
struct Figure {
  std::string key; ///< snake_case, as in JSON: "calls", "sync_percent"
  double value = 0;
};

/// Advice: verdicts the analyzer derives from a whole log (verdicts/advice.cpp,
/// docs/checks.md), the one list of them: X(kind, value, name). They share Finding::check with
/// log::CheckKind, above its values, and are never in a log.
#define COROSCOPE_ADVICE_KINDS(X)                                                                  \
  X(kAdviceHotSync, 64, "hot-sync")                                                                \
  X(kAdviceAlwaysWaits, 65, "always-waits")                                                        \
  X(kAdviceHaloMissed, 66, "halo-missed")                                                          \
  X(kAdvicePassThrough, 67, "pass-through")                                                        \
  X(kAdviceDeepChain, 68, "deep-chain")                                                            \
  X(kAdviceLargeFrame, 69, "large-frame")

enum AdviceKind : uint8_t {
  kAdviceFirst = 64,
#define COROSCOPE_ADVICE_KIND(kind, value, name) kind = value,
  COROSCOPE_ADVICE_KINDS(COROSCOPE_ADVICE_KIND)
#undef COROSCOPE_ADVICE_KIND
};

/// What the analyzer finds in how a process ended, from its log's end (the
/// runtime cannot report its own death): X(kind, value, name), the one list
/// of them. They share Finding::check with log::CheckKind and AdviceKind,
/// between the two, and are never in a log.
#define COROSCOPE_PROCESS_FINDINGS(X) X(kFindingCrashedProcess, 48, "crashed-process")

enum ProcessFindingKind : uint8_t {
#define COROSCOPE_PROCESS_FINDING(kind, value, name) kind = value,
  COROSCOPE_PROCESS_FINDINGS(COROSCOPE_PROCESS_FINDING)
#undef COROSCOPE_PROCESS_FINDING
};

/// The kebab-case name of a finding's check, a log::CheckKind, a
/// ProcessFindingKind or an AdviceKind ("double-await", "crashed-process",
/// "hot-sync"); "" for an unknown kind.
const char *checkName(uint8_t check);

struct Finding {
  uint8_t check = 0;    ///< log::CheckKind or AdviceKind
  uint8_t severity = 0; ///< log::Severity
  uint8_t state = 0;    ///< log::FrameState
  /// `function` is the frame's function; the position is the offending
  /// operation's (the function's own when the runtime gave no site).
  SourceRef where;
  std::string message;
  std::vector<RelatedRef> related;
  uint64_t count = 1;
  uint64_t bytes = 0;
  uint32_t thread = 0;
  uint32_t other_thread = 0;
  uint64_t frame = 0;
  /// When the runtime found it, in its log's ticks (0: unknown, advice);
  /// of the first one when identical findings were folded.
  uint64_t ts = 0;
  std::string log;                   ///< the first log it was found in
  std::vector<AsyncFrame> backtrace; ///< innermost first
  std::vector<NativeFrame> stack;    ///< innermost first
  // Advice only: what triggered it, and what to change.
  std::vector<Figure> figures;
  std::vector<Figure> thresholds;
  std::string suggestion;
};

class FindingSet {
public:
  /// Adds `f`, or folds its count and bytes into an identical finding.
  void add(Finding f);
  /// Adds the findings of `later` in their order, as add() would have.
  void merge(FindingSet &&later);
  size_t size() const { return items_.size(); }
  /// Severity descending, then check name, file, line, column, function;
  /// ties keep the order of first appearance.
  std::vector<Finding> sorted() const;

private:
  using Key = std::tuple<uint8_t, uint8_t, std::string, std::string, uint32_t, uint32_t,
                         std::string, uint32_t, uint32_t>;
  std::map<Key, size_t> index_;
  std::vector<Finding> items_;
};

/// Turns the Finding chunks of `index` into findings and adds them to `set`.
/// Symbolizes their PCs with the log's modules (best effort).
void collectFindings(const LogIndex &index, FindingSet &set);

/// A thread's last event that named a site, as the replay met it.
struct LastEvent {
  uint32_t thread = 0;
  uint32_t site = 0;
  uint8_t kind = 0; ///< log::EventKind
  uint64_t frame = 0;
};

/// Adds a crashed-process error to `set` when the process of `index` ended by
/// a signal or never wrote its log's end (no End record), placed at `last`'s
/// first event (`last`: each thread's last event, latest first); nothing for
/// a process that ended otherwise.
void addCrashFinding(const LogIndex &index, const std::vector<LastEvent> &last, FindingSet &set);

/// The role of a check's related_site ("first-await" for double-await, ...).
const char *relatedRole(uint8_t check);

/// A finding's sites, resolved, for the text written about it.
struct FindingSites {
  std::string function; ///< the frame's function
  SourceRef op;         ///< the offending operation (function: the caller)
  uint8_t op_kind;      ///< its site kind; 0xff if unknown
  SourceRef related;    ///< empty if none
  uint8_t related_kind; ///< 0xff if unknown or none
};

/// The one-sentence description of a finding.
std::string findingMessage(const log::FindingRecord &r, const FindingSites &s);
/// What the related site's note says: "first awaited here", "resumed here
/// on thread 2".
std::string relatedNote(const log::FindingRecord &r, const FindingSites &s);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_FINDINGS_H
