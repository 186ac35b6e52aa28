//===- thread_state.h - Per-thread event buffer and check context ---------===//
//
// Everything a hook needs about its thread sits in one mmap'ed, cache-line
// aligned, trivially destructible block reached through one initial-exec TLS
// pointer (XRay FDR's scheme): the event buffer and the little context the
// run-time checks carry from one hook to the next (the creation site of the
// coroutine being called, the destroy() in progress, the await_suspend in
// progress, the nesting of resume() calls).
//
// A block is registered in a global list on the thread's first event and is
// flushed when full, at thread exit (a pthread key destructor), at process
// exit and on a crash signal. Blocks of exited threads are reused.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_THREAD_STATE_H
#define COROSCOPE_RUNTIME_THREAD_STATE_H

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include <stdint.h>
#include <type_traits>

namespace coroscope {
namespace rt {

constexpr uint32_t kBufferBytes = 256 * 1024; // packed events per thread buffer
constexpr uint32_t kMaxNesting = 4096;        // resume() levels whose context is kept
constexpr uint32_t kMaxDestroyNesting = 64;   // destroy() levels whose context is kept

struct ModuleCounters;

struct alignas(64) ThreadState {
  uint32_t used;                  ///< bytes filled; written by the owner with release
  uint32_t flushed;               ///< bytes [0, flushed) are in the log; under the writer lock
  uint32_t records;               ///< records in [0, used); owner only
  uint32_t flushed_records;       ///< records in [0, flushed); under the writer lock
  log::PackedCursor cursor;       ///< the owner's encoder state after `used`
  log::PackedCursor flush_cursor; ///< decoder state at `flushed`; under the writer lock
  uint32_t thread;                ///< 1-based thread number in this log
  uint32_t os_tid;
  bool in_use;       ///< owned by a live thread
  ThreadState *next; ///< global list, never unlinked

  uint64_t final_frame; ///< the last frame to reach its final suspend point here
  /// Profile mode: the module arrays this thread counts into
  /// (module_counters.h); `modules` is kept when the block is reused.
  struct ModuleCounters *modules;
  uint32_t module_count; ///< published with release, after the entry
  uint32_t module_cap;
  /// What the pass's inline code reads and writes (coroscope/hooks.h):
  /// profile mode's counters by site id (`counters` published with release
  /// for snapshots), the pending frame_alloc, the process's fast flags and
  /// profile mode's activations and open suspensions (profile_counting.h).
  __coroscope_thread pub;

  // Check context.
  const __coroscope_site *pending_creation; ///< set by coroutine_call
  const __coroscope_site *destroy_call;     ///< the destroy() in progress
  uint64_t destroy_frame;
  uint32_t destroy_depth; ///< nested destroy() calls
  struct {
    const __coroscope_site *call;
    uint64_t frame;
  } destroy_outer[kMaxDestroyNesting]; ///< the destroy() each one is inside
  uint64_t await_frame;                ///< last frame to enter await_suspend here
  uint32_t await_site;
  bool await_in_frame;      ///< its awaiter lives in that frame: watch its touches
  uint32_t body_await_site; ///< last co_await/co_yield (not initial/final)
  uint64_t body_await_frame;
  uint32_t resume_depth;    ///< nested resume() calls on this thread
  uint32_t await_nesting;   ///< of those, the ones made inside an await_suspend
  uint32_t nested_reported; ///< nonzero once nested-resume was reported for this nest
  uint64_t reported_frame;  ///< a fatal finding was just reported for it: do not
                            ///< report the same operation again from the next hook

  /// Per resume() level: the await_suspend it was called in, restored when
  /// it returns; the call itself, and the frame now running for it (the
  /// resumed one, or one it transferred to), for an exception that leaves it
  /// (frame_unwind).
  struct Nesting {
    uint64_t await_frame;
    uint32_t await_site;
    bool await_in_frame;
    bool in_await_suspend;
    bool running_suspended; ///< `running` has suspended: the next frame_resume takes over
    const __coroscope_site *call;
    uint64_t frame;
    uint64_t running;
  } nesting[kMaxNesting];

  uint8_t buffer[kBufferBytes]; ///< packed event records (log_format.h)

  /// The innermost resume() level whose context is kept, or null.
  Nesting *innermostResume() {
    return resume_depth && resume_depth - 1 < kMaxNesting ? &nesting[resume_depth - 1] : nullptr;
  }
};
static_assert(std::is_trivially_destructible_v<ThreadState>, "lives in raw memory");

/// Reads the options, installs signal handlers and the fork handler; once.
/// Runs before main from the first site registration, so a fork before the
/// first coroutine event is already handled.
void initThreadSupport();

/// Set together: tState, and __coroscope_thread_state = &tState->pub.
extern __thread ThreadState *tState __attribute__((tls_model("initial-exec")));
ThreadState *attachThread();

/// This thread's block, created on first use; null if memory ran out.
inline ThreadState *currentThread() {
  ThreadState *t = tState;
  return __builtin_expect(t != nullptr, 1) ? t : attachThread();
}

/// Writes `t`'s buffer to the log and rewinds it; called by its owner.
void flushFull(ThreadState *t);

/// Appends one event to `t`'s buffer, flushing it when nearly full. `value`:
/// the timestamp when `timed`, the byte count for kEvFrameAlloc. Events whose
/// time the analyzer never reads go untimed: reading the TSC is most of an
/// event's cost (docs/performance.md).
inline void emit(ThreadState *t, uint8_t kind, uint8_t flags, const __coroscope_site *site,
                 bool timed, uint64_t value, const void *frame) {
  uint32_t n = t->used;
  n += log::encodePacked(t->buffer + n, t->cursor, kind, flags, site ? site->id : 0, timed, value,
                         reinterpret_cast<uintptr_t>(frame));
  ++t->records;
  __atomic_store_n(&t->used, n, __ATOMIC_RELEASE);
  if (__builtin_expect(n > kBufferBytes - log::kPackedMaxRecord, 0))
    flushFull(t);
}

/// The first block of the global list (never unlinked, only prepended or
/// appended under the writer lock, so walking it racily is safe).
/// Threads that have run a hook since the process started (in a forked
/// child: since the fork, itself included), exited ones included.
uint32_t threadsAttached();
ThreadState *firstThread();
template <class Fn> void forEachThread(Fn &&fn) {
  for (ThreadState *t = firstThread(); t; t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE))
    fn(t);
}

/// Writes every thread's buffered events. Other threads may go on appending:
/// only a buffer's owner ever rewinds it. `from_signal`: do not block on the
/// writer lock for long (the crashing thread may hold it).
void flushAllThreads(bool from_signal);

/// Writes the log's closing record (EndRecord): the process ends `how`
/// (log::EndHow) with `code`. For exits and sanitizer deaths, `code` is
/// ignored: the status exit() was given is used when the runtime saw it.
/// Call after the last flush; `from_signal` as for flushAllThreads.
void endLog(uint32_t how, int code, bool from_signal);

/// exit() has run the runtime's on_exit handler: the process is exiting.
bool exitStarted();

} // namespace rt
} // namespace coroscope

#endif
