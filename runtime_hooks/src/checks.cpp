//===- checks.cpp - The frame state machine behind the run-time checks ----===//
//
// See checks.h. Transitions that two threads can race on (claiming a frame
// to run it) use a CAS on the entry's state word, so of two concurrent
// resume() calls exactly one wins and the other is reported before it runs
// the frame. A frame the registry never saw (built without the plugin, the
// noop coroutine) is never reported.
//
//===----------------------------------------------------------------------===//
#include "checks.h"

#include "dead_frame.h"
#include "findings.h"
#include "frame_registry.h"
#include "options.h"
#include "sites.h"

#include <atomic>
#include <link.h>
#include <sys/uio.h>
#include <unistd.h>
#include <utility>

namespace coroscope {
namespace rt {

using namespace coroscope::log;

namespace {

inline uint32_t idOf(const Site *s) { return s ? s->id : 0; }
inline bool inBody(const Site *s) { return s && (s->kind == kSiteAwait || s->kind == kSiteYield); }

struct ExecRange {
  uint64_t lo, hi;
};

int collectExec(struct dl_phdr_info *info, size_t, void *data) {
  auto *out = static_cast<std::pair<ExecRange *, int> *>(data);
  for (int i = 0; i < info->dlpi_phnum && out->second < 512; ++i) {
    const auto &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X))
      out->first[out->second++] = {info->dlpi_addr + ph.p_vaddr,
                                   info->dlpi_addr + ph.p_vaddr + ph.p_memsz};
  }
  return 0;
}

/// The size of `e`'s frame when the runtime knows it: heap frames (from
/// frame_alloc). Elided (HALO) frames have none yet.
inline uint64_t knownFrameSize(const FrameEntry *e) { return e->bytes; }

/// True when something else owns the memory of the frame the registry saw
/// destroyed at `frame`: the cookie written when it was freed is gone (a
/// new allocation there, whatever it holds), or, without a cookie (the size
/// unknown or too small), the bytes are a live coroutine frame coroscope
/// never saw: a resume function (or a null one and a destroy pointer, maybe
/// tagged, into code), and not the old frame's destroy function. Only on
/// the error path: it reads memory with a system call that cannot fault,
/// and walks the loaded images.
bool memoryReused(uint64_t frame, const FrameEntry *e) {
  uint64_t words[2], seen = 0;
  uint64_t off = (e->flags.load(std::memory_order_relaxed) & kFlagDeadCookie)
                     ? deadCookieOffset(knownFrameSize(e))
                     : 0;
  struct iovec local[2] = {{words, sizeof words}, {&seen, sizeof seen}};
  struct iovec remote[2] = {{reinterpret_cast<void *>(frame), sizeof words},
                            {reinterpret_cast<void *>(frame + off), sizeof seen}};
  unsigned parts = off ? 2 : 1;
  ssize_t want = ssize_t(sizeof words + (off ? sizeof seen : 0));
  if (process_vm_readv(getpid(), local, parts, remote, parts, 0) != want)
    return false; // unmapped: nothing owns it, and the handle dangles
  if (off && seen != deadCookie(frame))
    return true;
  // The cookie is intact, or there is none: the dead frame's bytes unless a
  // frame nobody told coroscope about was built over them without touching
  // the cookie's bytes.
  if (words[1] == e->destroy_fn)
    return false; // the destroyed frame's own bytes, untouched
  static ExecRange ranges[512];
  std::pair<ExecRange *, int> out{ranges, 0};
  dl_iterate_phdr(collectExec, &out);
  auto code = [&](uint64_t p) {
    for (int i = 0; i < out.second; ++i)
      if (p >= ranges[i].lo && p < ranges[i].hi)
        return true;
    return false;
  };
  // x86-64 and AArch64 user addresses fit in 48 bits: a library may keep a
  // tag in the bits above (corral's `ptr | 1 << 63` in the destroy slot).
  uint64_t untagged = words[1] & ((uint64_t(1) << 48) - 1);
  return code(words[0]) || (words[0] == 0 && code(untagged));
}

/// A destroyed entry whose memory something else owns now: its record ends
/// (the entry becomes a tombstone no look-up or scan sees) rather than
/// report the program's correct use of the new object.
bool forgetIfReused(FrameEntry *e, uint64_t frame) {
  uint64_t w = e->word.load(std::memory_order_acquire);
  if (wordState(w) != kFrameDestroyed || !memoryReused(frame, e))
    return false;
  // Fails only when a new frame began here meanwhile: then it is that one's.
  e->word.compare_exchange_strong(w, packWord(kFrameForgotten, 0, 0), std::memory_order_acq_rel);
  return true;
}

/// Who took a frame over (resumed or destroyed it) while the await_suspend
/// of its suspension still ran on another thread: kept for that thread,
/// which reports only if its await_suspend then touches the awaiter
/// (onAwaiterTouch). A small table keyed by frame: a collision loses only
/// the related site of a report, never the report.
struct Handoff {
  std::atomic<uint64_t> frame;
  std::atomic<uint32_t> site, thread;
  std::atomic<bool> destroyed;
};
constexpr uint32_t kHandoffSlots = 1024;
Handoff gHandoffs[kHandoffSlots];

Handoff &handoffSlot(uint64_t frame) {
  return gHandoffs[(frame >> 4) * 0x9E3779B1u % kHandoffSlots];
}

/// Called before the claim (CAS) or free that publishes the take-over.
void noteHandoff(ThreadState *t, uint64_t frame, uint32_t site, bool destroyed) {
  Handoff &h = handoffSlot(frame);
  h.frame.store(0, std::memory_order_relaxed);
  h.site.store(site, std::memory_order_relaxed);
  h.thread.store(t->thread, std::memory_order_relaxed);
  h.destroyed.store(destroyed, std::memory_order_relaxed);
  h.frame.store(frame, std::memory_order_release);
}

bool alreadyReported(ThreadState *t, uint64_t frame) {
  if (t->reported_frame != frame)
    return false;
  t->reported_frame = 0;
  return true;
}

void fatal(ThreadState *t, CheckKind check, uint64_t frame, const FrameEntry *e, uint32_t site,
           uint32_t related, const char *what, const char *related_what, uint32_t other = 0) {
  t->reported_frame = frame;
  Detection f{check, kSeverityError, true, frame, e, site, related, other, what, related_what};
  report(t, f);
}

/// Marks `e` running on this thread if it is suspended; false if another
/// thread changed its state first (then it was resumed concurrently).
bool claim(ThreadState *t, FrameEntry *e, uint64_t w) {
  uint64_t running = packWord(kFrameRunning, t->thread, wordSite(w));
  if (!e->word.compare_exchange_strong(w, running, std::memory_order_acq_rel))
    return false;
  uint32_t flags = e->flags.load(std::memory_order_relaxed);
  e->flags.store((flags | kFlagStarted) & ~kFlagAtInitial, std::memory_order_relaxed);
  return true;
}

/// Running a frame that already finished: awaiting it again if someone
/// awaited it before, else resuming it after completion.
void reportFinished(ThreadState *t, uint64_t frame, FrameEntry *e, uint64_t w, uint32_t site,
                    bool is_await, const char *op) {
  if (is_await && e->first_await_site)
    fatal(t, kCheckDoubleAwait, frame, e, site, e->first_await_site,
          "await of a task that already completed", "first awaited");
  else
    fatal(t, kCheckResumeAfterCompletion, frame, e, site, wordSite(w), op,
          "suspended at its final suspend point");
}

/// Whether running `e`'s frame from an await_suspend awaits it: it starts
/// the frame (at its initial suspend point) or re-runs a finished one. A
/// frame parked mid-body is handed what it waited for, not awaited.
bool startsOrReruns(const FrameEntry *e) {
  uint64_t w = e->word.load(std::memory_order_acquire);
  uint32_t flags = e->flags.load(std::memory_order_relaxed);
  return (flags & kFlagAtInitial) || wordState(w) == kFrameFinal ||
         (wordState(w) == kFrameSuspending && (flags & kFlagCompleted));
}

/// A co_await of `awaiting` (at `site`) is about to run `e`'s frame, parked
/// mid-body, while the coroutine that first awaited it still waits at that
/// await. A hand-off (the last child of a when_all returning to its parent,
/// an unlock passing the lock on) or a second await pulling the task out of
/// what it waits for: only the frame's end tells (finalRun()).
void noteMidBodyRun(FrameEntry *e, uint64_t awaiting, uint32_t site) {
  if (!e->awaiter || e->awaiter == awaiting || !e->first_await_site)
    return;
  const Site *at = siteById(wordSite(e->word.load(std::memory_order_acquire)));
  if (at && at->kind == kSiteYield)
    return; // an async generator: each await pulls it
  const FrameEntry *first = findFrame(e->awaiter);
  if (!first)
    return;
  uint64_t fw = first->word.load(std::memory_order_acquire);
  if (wordState(fw) == kFrameSuspended && wordSite(fw) == e->first_await_site)
    e->second_await_site = site;
}

/// `frame`, at its final suspend point, is about to run `target`. When that
/// is the await noteMidBodyRun() remembered while its first awaiter still
/// waits, that await took the task over (it set itself as the continuation):
/// the first awaiter will never be resumed.
void finalRun(ThreadState *t, uint64_t frame, uint64_t target) {
  FrameEntry *e = findFrame(frame);
  if (!e || !e->second_await_site || target == e->awaiter)
    return;
  const FrameEntry *next = findFrame(target);
  const FrameEntry *first = findFrame(e->awaiter);
  if (!next || !first)
    return;
  uint64_t nw = next->word.load(std::memory_order_acquire);
  uint64_t fw = first->word.load(std::memory_order_acquire);
  if ((wordState(nw) == kFrameSuspended || wordState(nw) == kFrameSuspending) &&
      wordSite(nw) == e->second_await_site && wordState(fw) == kFrameSuspended &&
      wordSite(fw) == e->first_await_site) {
    uint32_t second = e->second_await_site;
    e->second_await_site = 0;
    fatal(t, kCheckDoubleAwait, frame, e, second, e->first_await_site,
          "await of a task another coroutine is still awaiting", "first awaited");
  }
}

/// Checks an operation that is about to run `e`'s frame (resume() or a
/// symmetric transfer), and claims the frame when it may run.
void checkRun(ThreadState *t, uint64_t frame, FrameEntry *e, uint32_t site, bool is_await,
              const char *op) {
  for (;;) {
    uint64_t w = e->word.load(std::memory_order_acquire);
    switch (wordState(w)) {
    case kFrameDestroyed:
      if (forgetIfReused(e, frame))
        return;
      fatal(t, kCheckUseAfterDestroy, frame, e, site, e->destroy_site, op, "destroyed",
            e->destroy_thread);
      return;
    case kFrameFinal:
      reportFinished(t, frame, e, w, site, is_await, op);
      return;
    case kFrameRunning:
      fatal(t, kCheckConcurrentResume, frame, e, site, wordSite(w),
            wordThread(w) == t->thread ? "re-entrant resume of a running frame"
                                       : "resume of a frame running on another thread",
            "running since", wordThread(w));
      return;
    case kFrameSuspending:
      if (e->flags.load(std::memory_order_relaxed) & kFlagCompleted) {
        // Suspended at its final suspend point, whose await_suspend is still
        // on the stack (it resumed its continuation directly): finished.
        reportFinished(t, frame, e, w, site, is_await, op);
        return;
      }
      // Another thread's await_suspend published the handle and has not
      // returned yet: the ordinary hand-off, legal unless that await_suspend
      // touches its awaiter from now on, which its own thread checks.
      if (wordThread(w) != t->thread)
        noteHandoff(t, frame, site, false);
      [[fallthrough]];
    case kFrameSuspended:
      if (claim(t, e, w))
        return;
      continue; // the state moved under us: look again
    default:
      return;
    }
  }
}

} // namespace

void onCoroutineCall(ThreadState *t, const Site *call) { t->pending_creation = call; }

void onFrameBegin(ThreadState *t, const Site *fn, uint64_t frame, bool heap, uint64_t bytes) {
  uint32_t creation = idOf(t->pending_creation);
  t->pending_creation = nullptr;
  FrameEntry *e = insertFrame(frame);
  if (!e)
    return;
  // A new frame at this address: whatever was known about the old one goes.
  e->fn_site = idOf(fn);
  e->creation_site = creation;
  e->first_await_site = 0;
  e->destroy_site = 0;
  e->destroy_thread = 0;
  e->awaiter = 0;
  e->bytes = bytes > UINT32_MAX ? UINT32_MAX : uint32_t(bytes);
  e->second_await_site = 0;
  e->flags.store(heap ? uint32_t(kFlagHeap) : 0u, std::memory_order_relaxed);
  e->word.store(packWord(kFrameRunning, t->thread, idOf(fn)), std::memory_order_release);
}

void onAwaitReady(ThreadState *t, const Site *site, uint64_t frame) {
  if (!site || site->kind != kSiteFinal)
    return;
  // It flows off the end and frees itself: remember where.
  if (FrameEntry *e = findFrame(frame)) {
    e->flags.fetch_or(kFlagCompleted, std::memory_order_relaxed);
    e->word.store(packWord(kFrameRunning, t->thread, site->id), std::memory_order_release);
  }
}

void onAwaitSuspend(ThreadState *t, const Site *site, uint64_t frame, uint64_t awaiter) {
  t->await_frame = frame;
  t->await_site = idOf(site);
  t->await_in_frame = false;
  if (inBody(site)) {
    t->body_await_frame = frame;
    t->body_await_site = idOf(site);
  }
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  if (wordState(e->word.load(std::memory_order_acquire)) == kFrameDestroyed && gOptions.checks &&
      !alreadyReported(t, frame)) {
    // It was destroyed while it ran (destroy() from its own body or from a
    // coroutine it resumed) and goes on running in freed memory.
    fatal(t, kCheckUseAfterDestroy, frame, e, idOf(site), e->destroy_site,
          "a destroyed frame goes on running", "destroyed", e->destroy_thread);
    return;
  }
  uint32_t flags = e->flags.load(std::memory_order_relaxed) & ~kFlagAtInitial;
  if (site && site->kind == kSiteInitial && !(flags & kFlagStarted))
    flags |= kFlagAtInitial;
  if (site && site->kind == kSiteFinal)
    flags |= kFlagCompleted;
  e->flags.store(flags, std::memory_order_relaxed);
  // The awaiter is in the frame if the plugin saw a local or temporary of
  // the coroutine (awaiter != 0) and, for a heap frame, its address is
  // inside the allocation. An elided frame's size is not known here: the
  // plugin's word stands.
  t->await_in_frame = awaiter && (!(flags & kFlagHeap) || !e->bytes ||
                                  (awaiter >= frame && awaiter - frame < e->bytes));
  e->word.store(packWord(kFrameSuspending, t->thread, idOf(site)), std::memory_order_release);
}

void onAwaiterTouch(ThreadState *t) {
  uint64_t frame = t->await_frame;
  FrameEntry *e = frame ? findFrame(frame) : nullptr;
  if (!e)
    return;
  uint64_t w = e->word.load(std::memory_order_acquire);
  if (wordState(w) == kFrameSuspending && wordThread(w) == t->thread)
    return; // nobody took the frame over yet: the touch is safe
  // Taken over by another thread (resumed, possibly finished and freed)
  // while this await_suspend still runs, and it touches the awaiter, which
  // lives in that frame: a data race or a use after free.
  Handoff &h = handoffSlot(frame);
  uint32_t site = 0, thread = 0;
  bool by_destroy = false, freed = wordState(w) == kFrameDestroyed;
  if (h.frame.load(std::memory_order_acquire) == frame) {
    site = h.site.load(std::memory_order_relaxed);
    thread = h.thread.load(std::memory_order_relaxed);
    by_destroy = h.destroyed.load(std::memory_order_relaxed);
  }
  if (!thread && freed && e->destroy_thread != t->thread) {
    // Freed by code that entered no hook before (a destroy built without
    // coroscope): the free itself names the thread.
    thread = e->destroy_thread;
    site = e->destroy_site;
    by_destroy = true;
  }
  if (!thread || thread == t->thread)
    return; // moved on by this thread itself, by code built without coroscope
  Detection f{kCheckConcurrentResume,
              kSeverityWarning,
              false,
              frame,
              e,
              t->await_site,
              site,
              thread,
              freed ? "await_suspend touches its awaiter in a frame that another thread has freed"
                    : "await_suspend touches its awaiter after another thread resumed the frame",
              by_destroy ? "destroyed" : "resumed"};
  report(t, f);
  // After report(), so that it is no tail call: the native stack must keep
  // this frame and the hook's, which report() skips to show await_suspend.
  t->await_in_frame = false; // once per await_suspend
}

// await_suspend of `frame` has returned (or transferred, or declined to
// suspend): the thread runs none now. Returns the frame's entry, if tracked.
static FrameEntry *awaitSuspendEnded(ThreadState *t, uint64_t frame) {
  if (t->await_frame == frame)
    t->await_frame = 0, t->await_in_frame = false;
  return findFrame(frame);
}

void onAwaitReturn(ThreadState *t, const Site *site, uint64_t frame) {
  FrameEntry *e = awaitSuspendEnded(t, frame);
  if (!e)
    return;
  uint64_t w = e->word.load(std::memory_order_acquire);
  if (wordState(w) != kFrameSuspending || wordThread(w) != t->thread)
    return; // already resumed (another thread) or destroyed meanwhile
  uint8_t parked = site && site->kind == kSiteFinal ? kFrameFinal : kFrameSuspended;
  e->word.compare_exchange_strong(w, packWord(parked, t->thread, wordSite(w)),
                                  std::memory_order_acq_rel);
}

void onAwaitTransfer(ThreadState *t, const Site *site, uint64_t frame, uint64_t target) {
  onAwaitReturn(t, site, frame);
  if (!gOptions.checks)
    return;
  // A transfer from a co_yield, like one from the final suspend point, hands
  // control back to the consumer (an async generator's co_yield): it awaits
  // nothing.
  bool is_await = site && site->kind != kSiteFinal && site->kind != kSiteYield;
  if (target == 0) {
    if (is_await) {
      FrameEntry *e = findFrame(frame);
      fatal(t, kCheckDoubleAwait, frame, e, idOf(site), 0,
            "await of an empty (moved-from) task handle", "");
    }
    return;
  }
  FrameEntry *e = findFrame(target);
  if (!e)
    return; // noop_coroutine(), or a frame built without coroscope
  // As for resume() inside an await_suspend: a transfer into a frame parked
  // mid-body hands it what it waited for (an async mutex's unlock returning
  // the next waiter, the last child of a when_all returning its parent): it
  // is no await of that frame, neither checked as one nor its first awaiter.
  bool awaits = is_await && startsOrReruns(e);
  if (is_await && !awaits && target != frame)
    noteMidBodyRun(e, frame, idOf(site));
  else if (site && site->kind == kSiteFinal)
    finalRun(t, frame, target);
  checkRun(t, target, e, idOf(site), awaits, "symmetric transfer into");
  if (awaits && target != frame) {
    e->awaiter = frame;
    if (!e->first_await_site)
      e->first_await_site = idOf(site);
  }
}

void onAwaitCancel(ThreadState *t, const Site *site, uint64_t frame) {
  FrameEntry *e = awaitSuspendEnded(t, frame);
  if (!e)
    return;
  // It goes on running without suspending: past its initial suspend point, a
  // lazy task has started.
  uint32_t flags = e->flags.load(std::memory_order_relaxed);
  if (flags & kFlagAtInitial)
    e->flags.store((flags & ~kFlagAtInitial) | kFlagStarted, std::memory_order_relaxed);
  e->word.store(packWord(kFrameRunning, t->thread, idOf(site)), std::memory_order_release);
}

void onFrameResume(ThreadState *t, const Site *site, uint64_t frame) {
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  uint64_t w = e->word.load(std::memory_order_acquire);
  if (wordState(w) == kFrameRunning && wordThread(w) == t->thread) {
    // Claimed by the resume() or transfer that brought us here.
    e->word.store(packWord(kFrameRunning, t->thread, idOf(site)), std::memory_order_release);
    return;
  }
  // Resumed by code built without coroscope, or misused.
  if (alreadyReported(t, frame))
    return;
  if (gOptions.checks)
    checkRun(t, frame, e, idOf(site), false, "resume");
  e->word.store(packWord(kFrameRunning, t->thread, idOf(site)), std::memory_order_release);
}

void onFrameFree(ThreadState *t, const Site *fn, uint64_t frame, bool heap) {
  if (t->await_frame == frame)
    t->await_frame = 0, t->await_in_frame = false;
  if (t->body_await_frame == frame)
    t->body_await_frame = 0;
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  bool in_destroy = t->destroy_frame == frame && t->destroy_call;
  uint32_t op_site = in_destroy ? idOf(t->destroy_call) : idOf(fn);
  uint64_t w = e->word.load(std::memory_order_acquire);
  if (wordState(w) == kFrameDestroyed) {
    if (!alreadyReported(t, frame) && gOptions.checks)
      fatal(t, kCheckDoubleDestroy, frame, e, op_site, e->destroy_site,
            "destroy of an already destroyed frame", "first destroyed", e->destroy_thread);
    return;
  }
  uint32_t flags = e->flags.load(std::memory_order_relaxed);
  if (heap && !(flags & kFlagHeap) && !in_destroy && gOptions.checks) {
    // CoroElide put this frame into its caller because the owner provably
    // destroys it; yet the frame frees itself at its final suspend point
    // (operator delete on the caller's memory follows). Two destroys: name
    // the owner's destroy() of this promise type.
    fatal(t, kCheckDoubleDestroy, frame, e, wordSite(w),
          destroyCallSiteFor(fn ? fn->awaiter : nullptr),
          "elided (HALO) frame frees itself at its final suspend point, and its owner destroys it",
          "the owner destroys frames of this type");
    return;
  }
  bool dropped_by_choice =
      fn && (fn->flags & (__coroscope_site_generator | __coroscope_site_unawaitable));
  if (gOptions.checks && (flags & kFlagAtInitial) && !(flags & kFlagStarted) &&
      !dropped_by_choice) {
    Detection f{kCheckNeverStarted,
                kSeverityWarning,
                false,
                frame,
                e,
                op_site,
                e->creation_site,
                0,
                "lazy task destroyed before it ever ran",
                "created"};
    report(t, f);
  }
  e->destroy_site = in_destroy ? idOf(t->destroy_call) : wordSite(w);
  e->destroy_thread = t->thread;
  // Still the frame's memory here (operator delete comes after this hook):
  // the cookie, or where the size is unknown its destroy-function pointer
  // (the second word, switch-ABI layout), tells later whether the bytes at
  // this address are still this dead frame's.
  e->destroy_fn = reinterpret_cast<const uint64_t *>(frame)[1];
  flags &= ~kFlagDeadCookie;
  if (markDeadFrame(frame, knownFrameSize(e)))
    flags |= kFlagDeadCookie;
  if (!in_destroy)
    flags |= kFlagSelfDestroyed;
  e->flags.store(flags, std::memory_order_relaxed);
  e->word.store(packWord(kFrameDestroyed, t->thread, e->destroy_site), std::memory_order_release);
}

void onResumeEnter(ThreadState *t, const Site *call, uint64_t frame) {
  // The await_suspend this resume() runs inside, if any: saved per nesting
  // level, because the resumed coroutines run awaits of their own.
  uint32_t level = t->resume_depth++;
  bool in_await_suspend = t->await_frame != 0;
  if (level < kMaxNesting)
    // An await_suspend that resumes its own frame ends the awaiter's life
    // itself: what it touches afterwards is not another thread's doing.
    t->nesting[level] = {t->await_frame,
                         t->await_site,
                         t->await_in_frame && t->await_frame != frame,
                         in_await_suspend,
                         false,
                         call,
                         frame,
                         frame};
  t->await_in_frame = false; // the resumed code is not that await_suspend
  if (in_await_suspend)
    ++t->await_nesting;
  if (!gOptions.checks)
    return;
  if (t->await_nesting > gOptions.nested_depth && !t->nested_reported) {
    // Name the await whose await_suspend resumes instead of transferring.
    t->nested_reported = 1;
    uint64_t nester = t->body_await_frame ? t->body_await_frame : frame;
    Detection f{kCheckNestedResume,
                kSeverityWarning,
                false,
                nester,
                findFrame(nester),
                t->body_await_frame ? t->body_await_site : idOf(call),
                idOf(call),
                0,
                "resume() nested deeper than COROSCOPE_NESTED_RESUME_DEPTH inside an await",
                "nested resume()"};
    report(t, f);
  }
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  // Inside an await_suspend of a co_await, a resume() of a task that has not
  // started is that await starting it, and one of a finished task is a
  // second await of it. A frame parked mid-body is resumed because what it
  // waits for happened (a lock handed over by an unlock() that an
  // await_suspend calls, an event set there): no await of it.
  bool in_body_await = t->await_frame && t->await_frame != frame && t->await_site &&
                       t->await_site == t->body_await_site;
  bool in_await = in_body_await && startsOrReruns(e);
  if (in_body_await && !in_await)
    noteMidBodyRun(e, t->await_frame, t->await_site);
  else if (t->await_frame && t->await_frame != frame && t->await_site) {
    const Site *at = siteById(t->await_site);
    if (at && at->kind == kSiteFinal)
      finalRun(t, t->await_frame, frame);
  }
  checkRun(t, frame, e, idOf(call), in_await, "resume()");
  if (in_await) {
    e->awaiter = t->await_frame;
    if (!e->first_await_site)
      e->first_await_site = t->await_site;
  }
}

void onResumeExit(ThreadState *t, const Site *, uint64_t) {
  if (t->resume_depth == 0)
    return;
  uint32_t level = --t->resume_depth;
  if (level < kMaxNesting) {
    const ThreadState::Nesting &n = t->nesting[level];
    t->await_frame = n.await_frame;
    t->await_site = n.await_site;
    t->await_in_frame = n.await_in_frame;
    if (n.in_await_suspend && t->await_nesting)
      --t->await_nesting;
  }
  if (t->resume_depth == 0) {
    t->await_nesting = 0;
    t->nested_reported = 0;
  }
}

void onFrameUnwind(ThreadState *t, uint64_t frame) {
  // The exception left the coroutine: it is suspended at its final point.
  if (FrameEntry *e = findFrame(frame)) {
    uint64_t w = e->word.load(std::memory_order_acquire);
    if (wordState(w) == kFrameRunning && wordThread(w) == t->thread) {
      e->flags.fetch_or(kFlagCompleted, std::memory_order_relaxed);
      e->word.compare_exchange_strong(w, packWord(kFrameFinal, t->thread, wordSite(w)),
                                      std::memory_order_acq_rel);
    }
  }
}

void onDestroyEnter(ThreadState *t, const Site *call, uint64_t frame) {
  // Destroying a frame destroys what it owns (a child task): keep the outer
  // destroy() to restore when the inner one returns.
  if (t->destroy_depth < kMaxDestroyNesting)
    t->destroy_outer[t->destroy_depth] = {t->destroy_call, t->destroy_frame};
  ++t->destroy_depth;
  t->destroy_call = call;
  t->destroy_frame = frame;
  if (frame == t->await_frame)
    t->await_in_frame = false; // its own await_suspend destroys it: see onResumeEnter
  if (!gOptions.checks)
    return;
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  uint64_t w = e->word.load(std::memory_order_acquire);
  switch (wordState(w)) {
  case kFrameDestroyed:
    if (forgetIfReused(e, frame))
      return;
    fatal(t, kCheckDoubleDestroy, frame, e, idOf(call), e->destroy_site,
          "destroy() of an already destroyed frame", "first destroyed", e->destroy_thread);
    return;
  case kFrameRunning:
    fatal(t, kCheckConcurrentResume, frame, e, idOf(call), wordSite(w),
          wordThread(w) != t->thread ? "destroy() of a frame running on another thread"
                                     : "destroy() of a frame that is running on this thread",
          "running since", wordThread(w));
    return;
  case kFrameSuspending:
    if (wordThread(w) != t->thread)
      noteHandoff(t, frame, idOf(call), true); // see checkRun
    return;
  default:
    return;
  }
}

void onDestroyExit(ThreadState *t, const Site *, uint64_t) {
  if (t->destroy_depth == 0)
    return;
  if (--t->destroy_depth < kMaxDestroyNesting) {
    t->destroy_call = t->destroy_outer[t->destroy_depth].call;
    t->destroy_frame = t->destroy_outer[t->destroy_depth].frame;
  } else {
    t->destroy_call = nullptr;
    t->destroy_frame = 0;
  }
}

void onDone(ThreadState *t, const Site *call, uint64_t frame) {
  if (!gOptions.checks)
    return;
  FrameEntry *e = findFrame(frame);
  if (e && wordState(e->word.load(std::memory_order_acquire)) == kFrameDestroyed &&
      !forgetIfReused(e, frame))
    fatal(t, kCheckUseAfterDestroy, frame, e, idOf(call), e->destroy_site,
          "done() on a destroyed frame", "destroyed", e->destroy_thread);
}

} // namespace rt
} // namespace coroscope
