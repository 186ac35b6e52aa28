//===- model/model.h - Frame reconstruction from merged events --*- C++ -*-===//
//
// Replays the time-ordered events of one log and folds them into a Report.
// Only live frames, one activation stack per thread and the per-function
// aggregates are kept, so memory grows with the number of simultaneously live
// coroutines, not with the length of the log.
//
// Activations explain what a "wait" is. Every ramp call (FrameBegin) and every
// coroutine_handle::resume()/destroy() call pushes an activation record on its
// thread's stack; RampReturn, ResumeExit and DestroyExit pop it. A suspension
// remembers the activation that was running when it happened (its carrier).
// If the frame is resumed on the same thread while that carrier is still on
// the stack, control never left the code that suspended it (symmetric
// transfer inside one resume() call), so the suspension cost no waiting;
// otherwise it is a wait.
//
// The advice (verdicts/advice.h) also needs to know which frame created which.
// Each thread tracks the frame whose code is running: a ramp or a resume()
// call starts one, a FrameResume names the frame that continues (also after
// a symmetric transfer), and the end of the ramp or of resume() goes back to
// the frame that was running before. A frame created while another runs on
// the same thread is that frame's child; following children gives the depth
// of a chain and its top-level frame.
//
// The async stacks (model/async_stacks.h) need to know which frame awaits
// which. A frame started from its initial suspend point by the await_suspend
// of another frame's co_await (by symmetric transfer, or by a resume() call
// inside it) is awaited by that frame (TimelineSink::awaits), as the
// runtime's async backtraces link them.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_MODEL_H
#define COROSCOPE_ANALYZER_MODEL_MODEL_H

#include "log/event_merge.h"
#include "log/log_reader.h"
#include "model/stats.h"
#include "model/timeline.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace coroscope::analyzer {

class LogModel {
public:
  /// `index` supplies the sites; results are added to `report`.
  LogModel(const LogIndex &index, Report &report);

  /// Tells `sink` (owned by the caller, may be null) what the replay sees.
  void setTimeline(TimelineSink *sink) { sink_ = sink; }

  void process(const Event &event);
  /// Closes the frames still alive at the last event of the log.
  void finish();
  /// Each thread's last event that named a site, the latest first.
  std::vector<LastEvent> lastEvents() const;
  /// Adds a Profile chunk's figures (profile mode): the counts as they are,
  /// the sampled times as each function's busy and suspended values.
  void applyProfile(const ProfileData &profile);

private:
  struct Activation {
    uint64_t id;
    uint64_t frame;
    uint64_t caller = 0;  ///< `current` when it was entered
    bool destroy = false; ///< a coroutine_handle::destroy() call
  };
  /// The await_suspend running on a thread at one level of its ramp and
  /// resume() calls: what it starts from an initial suspend point is awaited
  /// by its frame (TimelineSink::awaits).
  struct AwaitInFlight {
    uint64_t frame = 0; ///< serial of the suspending frame, 0: none
    bool body = false;  ///< of a co_await (kSiteAwait), not a yield or final
  };
  /// A ramp or resume() call entered: what it interrupted.
  struct Resumer {
    uint64_t current;    ///< the thread's `current` when it was entered
    AwaitInFlight await; ///< the thread's `await` then
  };
  /// One thread as the replay sees it.
  struct ThreadReplay {
    std::vector<Activation> stack;
    uint64_t current = 0;          ///< frame whose code runs now, 0 if none
    std::vector<Resumer> resumers; ///< one per ramp/resume() entered
    AwaitInFlight await;           ///< in the innermost ramp/resume() call
    /// resumers.size() + 1 at the last await_suspend still running on this
    /// thread (what it resumes, directly or by symmetric transfer, is run on
    /// demand), 0 when none is.
    size_t await_depth = 0;
    bool alloc_pending = false; ///< a FrameAlloc or FrameElided awaits its FrameBegin
    bool alloc_heap = false;    ///< it was a FrameAlloc
    uint64_t alloc_frame = 0;
    uint64_t alloc_bytes = 0;
    /// Serial of the frame whose await_suspend was this thread's last
    /// event, 0 if none: a FrameResume right after it is a symmetric
    /// transfer (a resume() call would have logged its ResumeEnter first).
    uint64_t transfer_from = 0;
    /// A forked child's log: exits of activations entered before the fork
    /// (an exit with no entry in the log) seen so far on this thread.
    uint64_t inherited_ends = 0;
    /// A forked child's log: this thread forked inside activations (an
    /// exit with no entry, or a frame inherited running, was seen on it).
    bool inherited_acts = false;
    /// Its last event with a site (for crashed-process) and when it came
    /// in the replay (0: none yet).
    LastEvent last;
    uint64_t last_seq = 0;
  };
  /// Suspension::carrier of a suspension made with an empty stack in a
  /// forked child (this bit | inherited_ends then): made under the innermost
  /// activation the fork was made in, if the thread turns out to have one
  /// (inherited_acts), and on the stack until the next such activation ends.
  static constexpr uint64_t kInheritedCarrier = uint64_t(1) << 63;
  struct Suspension {
    SiteStats *site;
    uint32_t thread;
    uint64_t time;
    uint64_t carrier; ///< activation id, 0 when the stack was empty (or kInheritedCarrier)
  };
  struct Frame;
  /// A frame named by its slot and serial: slots (and addresses) are reused,
  /// a serial never is.
  struct FrameRef {
    uint64_t addr = 0; ///< 0: none
    uint64_t serial = 0;
    Frame *slot = nullptr;
  };
  /// Everything about a frame but its chain's function list: plain data,
  /// so a freed slot is reset with a few stores.
  struct FrameFields {
    FunctionStats *fn = nullptr;
    uint64_t serial = 0; ///< 0 while the slot is free
    uint64_t begin = 0;
    uint64_t end = 0; ///< valid once completed
    bool completed = false;
    bool heap = false;
    uint64_t heap_bytes = 0;
    uint64_t suspended = 0;
    uint64_t body_waits = 0;
    std::optional<Suspension> open;
    // For the advice.
    uint32_t thread = 0;    ///< where it was created
    FrameRef parent;        ///< the frame that created it; addr 0: none
    FrameRef root;          ///< the top-level frame of its chain (itself if none)
    uint32_t depth = 0;     ///< 0 for a top-level frame
    bool recursive = false; ///< its function is also one of its ancestors'
    /// Created before the log began (a forked child's copy of its parent's
    /// frame): its call, size and times are in the parent's log.
    bool inherited = false;
    /// Inherited running: whether it waited before the fork is unknown.
    bool waits_before_unknown = false;
    uint64_t body_reached = 0;   ///< await/yield sites passed (ready or suspended)
    uint64_t parent_reached = 0; ///< the parent's body_reached at creation
    const SiteStats *last_body_site = nullptr;
    uint32_t children = 0;
    bool forwarded = false; ///< a child lived exactly across its one await
    /// resumed from its initial suspend on another thread, or on its own
    /// thread by no await (an executor's loop)
    bool scheduled_start = false;
    bool outlived_parent = false; ///< made a chain's top: its parent ended first
    // Only on a top-level frame: its chain.
    uint64_t nested = 0;
    uint32_t max_depth = 0;
    uint32_t deepest_read = 0;             ///< depth `deepest` was read at
    const SiteStats *chain_site = nullptr; ///< its await the chain went through
  };
  struct Frame : FrameFields {
    /// Top-level frames: the deepest chain's functions, root first. Kept
    /// (cleared) with its slot, so chains do not allocate per frame.
    std::vector<const FunctionStats *> deepest;
    /// As a new Frame. Field by field because GCC turns a zero-fill of
    /// the whole struct into `rep stos`, whose start-up cost was most of
    /// freeing a frame; sizeof(FrameFields) is asserted below so a new field
    /// is not forgotten here.
    void reset() {
      fn = nullptr;
      serial = begin = end = 0;
      completed = heap = false;
      heap_bytes = suspended = body_waits = 0;
      open.reset();
      thread = 0;
      parent = root = FrameRef{};
      depth = 0;
      recursive = false;
      body_reached = parent_reached = 0;
      last_body_site = nullptr;
      children = 0;
      forwarded = false;
      scheduled_start = false;
      outlived_parent = false;
      inherited = waits_before_unknown = false;
      nested = 0;
      max_depth = deepest_read = 0;
      chain_site = nullptr;
      deepest.clear();
    }
  };
  static_assert(sizeof(FrameFields) == 224, "Frame::reset() must set every field");
  /// The live frames by address: open addressing with linear probing into
  /// slots of a deque (stable addresses, reused through a free list), since
  /// nearly every event looks its frame up.
  class FrameTable {
  public:
    FrameTable();
    Frame *find(uint64_t addr) const;
    /// A cleared slot for `addr`, which must not be present.
    Frame &insert(uint64_t addr);
    void erase(uint64_t addr);
    /// The live frames, in the order they were created.
    std::vector<std::pair<uint64_t, Frame *>> byCreation() const;
    void clear();

  private:
    struct Entry {
      uint64_t addr;
      Frame *frame; ///< null: empty
    };
    size_t home(uint64_t addr) const { return size_t((addr * 0x9E3779B97F4A7C15ull) >> shift_); }
    void grow();

    std::vector<Entry> table_;
    unsigned shift_;
    size_t size_ = 0;
    std::deque<Frame> slots_;
    std::vector<Frame *> free_;
  };
  /// A suspend site id resolved to the aggregates it feeds.
  struct Resolved {
    uint8_t kind;
    FunctionStats *fn;
    SiteStats *site;
  };
  /// Values by site id: a vector for the dense ids the runtime hands out,
  /// a map for any others. The vector grows at most to twice its size (and
  /// a first 4096): a stray large id in a damaged log costs one map entry,
  /// not a vector of a million zeroed entries per log.
  template <class T> class BySite {
  public:
    T *find(uint32_t id) {
      if (id < dense_.size())
        return dense_[id] ? &*dense_[id] : nullptr;
      auto it = sparse_.find(id);
      return it == sparse_.end() ? nullptr : &it->second;
    }
    T &set(uint32_t id, T value) {
      if (id < kDenseLimit && id < 2 * dense_.size() + kDenseStart) {
        if (id >= dense_.size())
          dense_.resize(size_t(id) + 1);
        return dense_[id].emplace(std::move(value));
      }
      return sparse_[id] = std::move(value);
    }

  private:
    static constexpr uint32_t kDenseLimit = 1u << 20;
    static constexpr size_t kDenseStart = 4096;
    std::vector<std::optional<T>> dense_;
    std::unordered_map<uint32_t, T> sparse_;
  };

  FunctionStats &functionFor(uint32_t site_id);
  /// `site_id` is defined, as a site of `kind`.
  bool isSiteOf(uint32_t site_id, uint8_t kind) const;
  Resolved suspendSiteFor(uint32_t site_id, const Frame *frame);
  ThreadReplay &thread(uint32_t id) {
    if (id != last_thread_ || !last_state_) {
      last_thread_ = id;
      last_state_ = &threads_[id];
    }
    return *last_state_;
  }
  void push(ThreadReplay &t, uint64_t frame, bool destroy = false);
  void pop(ThreadReplay &t, uint64_t frame);
  bool onStack(const ThreadReplay &t, uint64_t activation) const;
  void closeFrame(Frame &f, uint64_t at, bool destroyed);

  static constexpr int kRecursionWindow = 64;
  /// The frame `r` names while it lives; null for none or for address 0,
  /// which names no frame.
  static Frame *lookup(const FrameRef &r) {
    return r.addr && r.slot->serial == r.serial ? r.slot : nullptr;
  }
  static uint64_t freedBy(const ThreadReplay &t, uint64_t frame);
  bool directCall(const FunctionStats *caller, const FunctionStats *callee);
  void onChildFreed(const Frame &child, const Event &e, uint64_t freed_by);
  void onBegin(const Event &e, ThreadReplay &t);
  void onSuspendSite(const Event &e, ThreadReplay &t);
  /// `transfer_from`: the frame whose await_suspend was the thread's last
  /// event, 0 if none.
  void onResume(const Event &e, ThreadReplay &t, uint64_t transfer_from);
  /// A ramp or resume() call of `frame` starts, or ends.
  void enter(ThreadReplay &t, uint64_t frame);
  void leave(ThreadReplay &t);
  /// A forked child's log: the frame an event names that no FrameBegin of
  /// this log created is a copy of one alive in the parent at the fork.
  Frame &inherit(const Event &e, FunctionStats &fn);

  const LogIndex &index_;
  Report &report_;
  TimelineSink *sink_ = nullptr;
  BySite<FunctionStats *> functions_;
  BySite<Resolved> suspend_sites_;
  std::unordered_map<uint32_t, ThreadReplay> threads_;
  uint32_t last_thread_ = 0;
  ThreadReplay *last_state_ = nullptr;
  FrameTable frames_;
  uint64_t next_activation_ = 1;
  uint64_t next_serial_ = 1;
  uint64_t first_time_ = UINT64_MAX;
  /// Direct calls: (caller function name, callee function site id), from
  /// the coroutine call sites.
  std::set<std::pair<std::string, uint32_t>> direct_calls_;
  std::unordered_map<const FunctionStats *, uint32_t> function_site_;
  /// directCall() answers by (caller, callee); cleared when function_site_
  /// changes.
  std::map<std::pair<const FunctionStats *, const FunctionStats *>, bool> direct_cache_;
  /// onChildFreed's aggregate by (child function, parent function, the
  /// parent's await or null), so no string key is built per frame.
  std::map<std::tuple<const FunctionStats *, const FunctionStats *, const SiteStats *>,
           NestedFrames *>
      nested_cache_;
  /// Frame-local sites by the id of their function site.
  std::unordered_map<uint32_t, std::vector<const Site *>> frame_local_sites_;
  /// SiteStats::ordinal of the suspend sites that share their function's
  /// spelling position with an earlier one; absent: 0.
  std::unordered_map<uint32_t, uint32_t> site_ordinals_;
  /// Function sites whose body only forwards a task (kSiteForwardingBody).
  std::set<uint32_t> forwarding_bodies_;
  /// Functions whose body shape the plugin recorded (kBuildBodyShapes), and
  /// of those the ones that only forward a task.
  std::set<const FunctionStats *> shape_known_, forwarding_body_;
  uint64_t last_time_ = 0;
  uint64_t events_seen_ = 0;
  bool forked_child_ = false; ///< the header has kFlagForkedChild
};

/// Asks a log's analysis to stop early: a log before it on the command line
/// failed, so its result will never be used. Polled now and then.
using StopQuery = std::function<bool()>;

/// Thrown by an analysis that stopped because `stop` said so.
struct AnalysisStopped {};

/// Reads, merges and models one log file into `report`, telling `sink` (if
/// given) what the replay sees. Throws LogError, or AnalysisStopped once
/// `stop` (if given) returns true.
void analyzeLog(const std::string &path, Report &report, const StopQuery &stop = nullptr,
                TimelineSink *sink = nullptr);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_MODEL_H
