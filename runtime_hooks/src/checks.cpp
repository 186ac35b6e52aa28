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

#include "findings.h"
#include "frame_registry.h"
#include "options.h"
#include "sites.h"

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

/// True when the memory of a frame the registry saw destroyed now holds a
/// live coroutine frame that coroscope never saw (built without the plugin):
/// a destroy-function pointer into code, and not the one the old frame had.
/// Only on the error path: it reads memory with a system call that cannot
/// fault, and walks the loaded images.
bool foreignFrameAt(uint64_t frame, const FrameEntry *e) {
  uint64_t words[2];
  struct iovec local = {words, sizeof words};
  struct iovec remote = {reinterpret_cast<void *>(frame), sizeof words};
  if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) != ssize_t(sizeof words))
    return false;
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
  return code(words[1]) && (words[0] == 0 || code(words[0]));
}

/// A destroyed entry whose address now holds a frame coroscope cannot see:
/// forget it rather than report the program's correct use of that frame.
bool forgetIfForeign(FrameEntry *e, uint64_t frame) {
  if (!foreignFrameAt(frame, e))
    return false;
  e->word.store(packWord(0, 0, 0), std::memory_order_release);
  return true;
}

bool atYield(uint32_t site_id) {
  const Site *s = siteById(site_id);
  return s && s->kind == kSiteYield;
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
  Finding f{check, kSeverityError, true, frame, e, site, related, other, what, related_what};
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

/// Checks an operation that is about to run `e`'s frame (resume() or a
/// symmetric transfer), and claims the frame when it may run.
void checkRun(ThreadState *t, uint64_t frame, FrameEntry *e, uint32_t site, bool is_await,
              const char *op, uint64_t awaiting = 0) {
  for (;;) {
    uint64_t w = e->word.load(std::memory_order_acquire);
    switch (wordState(w)) {
    case kFrameDestroyed:
      if (forgetIfForeign(e, frame))
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
      if (wordThread(w) != t->thread) {
        // Legal only if that await_suspend touches nothing after publishing
        // the handle: the classic source of use-after-free races.
        Finding f{kCheckConcurrentResume, kSeverityWarning, false, frame, e, wordSite(w), site,
                  wordThread(w), "resumed on another thread while its await_suspend still runs",
                  "resumed"};
        report(t, f);
      }
      [[fallthrough]];
    case kFrameSuspended:
      if (is_await && awaiting && awaiting != frame && e->first_await_site && e->awaiter &&
          e->awaiter != awaiting &&
          !(e->flags.load(std::memory_order_relaxed) & kFlagAtInitial) && !atYield(wordSite(w))) {
        // Another frame awaits this task already and it is parked mid-body
        // (not at a co_yield: an async generator is pulled by each await).
        const FrameEntry *first = findFrame(e->awaiter);
        if (first && wordState(first->word.load(std::memory_order_acquire)) == kFrameSuspended) {
          fatal(t, kCheckDoubleAwait, frame, e, site, e->first_await_site,
                "await of a task another coroutine is still awaiting", "first awaited");
          return;
        }
      }
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
  e->bytes = bytes;
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

void onAwaitSuspend(ThreadState *t, const Site *site, uint64_t frame) {
  t->await_frame = frame;
  t->await_site = idOf(site);
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
  e->word.store(packWord(kFrameSuspending, t->thread, idOf(site)), std::memory_order_release);
}

void onAwaitReturn(ThreadState *t, const Site *site, uint64_t frame) {
  if (t->await_frame == frame)
    t->await_frame = 0;
  FrameEntry *e = findFrame(frame);
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
  checkRun(t, target, e, idOf(site), is_await, "symmetric transfer into", frame);
  if (is_await && target != frame) {
    e->awaiter = frame;
    if (!e->first_await_site)
      e->first_await_site = idOf(site);
  }
}

void onAwaitCancel(ThreadState *t, const Site *site, uint64_t frame) {
  if (t->await_frame == frame)
    t->await_frame = 0;
  FrameEntry *e = findFrame(frame);
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
    t->await_frame = 0;
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
    fatal(t, kCheckDoubleDestroy, frame, e, wordSite(w), destroyCallSiteFor(fn ? fn->awaiter : nullptr),
          "elided (HALO) frame frees itself at its final suspend point, and its owner destroys it",
          "the owner destroys frames of this type");
    return;
  }
  bool generator = fn && (fn->flags & __coroscope_site_generator);
  if (gOptions.checks && (flags & kFlagAtInitial) && !(flags & kFlagStarted) && !generator) {
    Finding f{kCheckNeverStarted, kSeverityWarning, false, frame, e, op_site, e->creation_site,
              0, "lazy task destroyed before it ever ran", "created"};
    report(t, f);
  }
  e->destroy_site = in_destroy ? idOf(t->destroy_call) : wordSite(w);
  e->destroy_thread = t->thread;
  // Still the frame's memory here (operator delete comes after this hook):
  // its destroy-function pointer (the second word, switch-ABI layout) tells
  // later whether the bytes at this address are still this dead frame's.
  e->destroy_fn = reinterpret_cast<const uint64_t *>(frame)[1];
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
    t->nesting[level] = {t->await_frame, t->await_site, in_await_suspend, false, call, frame,
                         frame};
  if (in_await_suspend)
    ++t->await_nesting;
  if (!gOptions.checks)
    return;
  if (t->await_nesting > gOptions.nested_depth && !t->nested_reported) {
    // Name the await whose await_suspend resumes instead of transferring.
    t->nested_reported = 1;
    uint64_t nester = t->body_await_frame ? t->body_await_frame : frame;
    Finding f{kCheckNestedResume, kSeverityWarning, false, nester, findFrame(nester),
              t->body_await_frame ? t->body_await_site : idOf(call), idOf(call), 0,
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
  uint64_t w = e->word.load(std::memory_order_acquire);
  uint32_t flags = e->flags.load(std::memory_order_relaxed);
  bool starts_or_reruns = (flags & kFlagAtInitial) || wordState(w) == kFrameFinal ||
                          (wordState(w) == kFrameSuspending && (flags & kFlagCompleted));
  bool in_await = t->await_frame && t->await_frame != frame && t->await_site &&
                  t->await_site == t->body_await_site && starts_or_reruns;
  checkRun(t, frame, e, idOf(call), in_await, "resume()", in_await ? t->await_frame : 0);
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
  if (!gOptions.checks)
    return;
  FrameEntry *e = findFrame(frame);
  if (!e)
    return;
  uint64_t w = e->word.load(std::memory_order_acquire);
  switch (wordState(w)) {
  case kFrameDestroyed:
    if (forgetIfForeign(e, frame))
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
    if (wordThread(w) != t->thread) {
      Finding f{kCheckConcurrentResume, kSeverityWarning, false, frame, e, wordSite(w), idOf(call),
                wordThread(w), "destroyed on another thread while its await_suspend still runs",
                "destroyed"};
      report(t, f);
    }
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
      !forgetIfForeign(e, frame))
    fatal(t, kCheckUseAfterDestroy, frame, e, idOf(call), e->destroy_site,
          "done() on a destroyed frame", "destroyed", e->destroy_thread);
}

} // namespace rt
} // namespace coroscope
