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

constexpr uint32_t kCapacity = 16384; // records per thread buffer (384 KiB)
constexpr uint32_t kMaxNesting = 4096;  // resume() levels whose context is kept
constexpr uint32_t kMaxDestroyNesting = 64; // destroy() levels whose context is kept

struct alignas(64) ThreadState {
  uint32_t count;     ///< records filled; written by the owner with release
  uint32_t flushed;   ///< records [0, flushed) are in the log; under the writer lock
  uint32_t thread;    ///< 1-based thread number in this log
  uint32_t os_tid;
  bool in_use;        ///< owned by a live thread
  ThreadState *next;  ///< global list, never unlinked

  // Check context.
  const __coroscope_site *pending_creation; ///< set by coroutine_call
  uint64_t pending_alloc_mem, pending_alloc_bytes;
  const __coroscope_site *destroy_call; ///< the destroy() in progress
  uint64_t destroy_frame;
  uint32_t destroy_depth;               ///< nested destroy() calls
  struct {
    const __coroscope_site *call;
    uint64_t frame;
  } destroy_outer[kMaxDestroyNesting];  ///< the destroy() each one is inside
  uint64_t await_frame;      ///< last frame to enter await_suspend here
  uint32_t await_site;
  uint32_t body_await_site;  ///< last co_await/co_yield (not initial/final)
  uint64_t body_await_frame;
  uint32_t resume_depth;     ///< nested resume() calls on this thread
  uint32_t await_nesting;    ///< of those, the ones made inside an await_suspend
  uint32_t nested_reported;  ///< nonzero once nested-resume was reported for this nest
  uint64_t reported_frame;   ///< a fatal finding was just reported for it: do not
                             ///< report the same operation again from the next hook

  /// Per resume() level: the await_suspend it was called in, restored when
  /// it returns.
  struct Nesting {
    uint64_t await_frame;
    uint32_t await_site;
    bool in_await_suspend;
  } nesting[kMaxNesting];

  log::EventRecord records[kCapacity];
};
static_assert(std::is_trivially_destructible_v<ThreadState>, "lives in raw memory");

/// Reads the options, installs signal handlers and the fork handler; once.
/// Runs before main from the first site registration, so a fork before the
/// first coroutine event is already handled.
void initThreadSupport();

/// This thread's block, created on first use; null if memory ran out.
ThreadState *currentThread();

/// Appends one event to `t`'s buffer, flushing it when full.
void emit(ThreadState *t, uint8_t kind, uint8_t flags, const __coroscope_site *site,
          uint64_t ts, const void *frame);

/// Writes every thread's buffered events. Other threads may go on appending:
/// only a buffer's owner ever rewinds it. `from_signal`: do not block on the
/// writer lock for long (the crashing thread may hold it).
void flushAllThreads(bool from_signal);

} // namespace rt
} // namespace coroscope

#endif
