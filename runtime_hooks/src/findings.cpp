//===- findings.cpp - Reporting what the run-time checks find -------------===//
//
// See findings.h. Text is built in a fixed buffer with the small formatter
// below rather than stdio, because the same code prints live frames from a
// signal handler.
//
//===----------------------------------------------------------------------===//
#include "findings.h"

#include "clock.h"
#include "crash.h"
#include "cut_text.h"
#include "log_writer.h"
#include "options.h"
#include "sites.h"

#include <errno.h>
#include <execinfo.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {

/// A finding's `bytes`: the heap memory at stake, 0 for an elided frame
/// (its memory is the caller's stack frame; live-frame records carry the
/// size of both).
uint64_t heapBytes(const FrameEntry &e) {
  return (e.flags.load(std::memory_order_relaxed) & kFlagHeap) ? e.bytes : 0;
}

/// An append-only text buffer that never allocates. Text past its end is
/// dropped, and the message then ends with the cut marker (cut_text.h).
class Text {
public:
  Text &operator<<(const char *s) {
    while (s && *s)
      put(*s++);
    return *this;
  }
  Text &operator<<(uint64_t v) {
    char tmp[24];
    int i = 0;
    do {
      tmp[i++] = char('0' + v % 10);
      v /= 10;
    } while (v);
    while (i > 0)
      put(tmp[--i]);
    return *this;
  }
  Text &hex(uint64_t v) {
    *this << "0x";
    char tmp[17];
    int i = 0;
    do {
      tmp[i++] = "0123456789abcdef"[v & 15];
      v >>= 4;
    } while (v);
    while (i > 0)
      put(tmp[--i]);
    return *this;
  }
  /// "file:line:col in function" for a site id.
  Text &site(uint32_t id) {
    const __coroscope_site *s = siteById(id);
    if (!s)
      return *this << "<unknown site>";
    *this << s->file << ":" << uint64_t(s->line) << ":" << uint64_t(s->column) << " in " << s->name;
    return *this;
  }
  Text &name(uint32_t id) {
    const __coroscope_site *s = siteById(id);
    return *this << (s ? s->name : "<unknown coroutine>");
  }
  void writeTo(int fd) {
    if (cut_) {
      n_ = cutKeep(buf_, sizeof buf_ - 1);
      memcpy(buf_ + n_, kCutMarker, kCutMarkerBytes);
      n_ += kCutMarkerBytes;
      buf_[n_++] = '\n';
      cut_ = false;
    }
    size_t off = 0;
    while (off < n_) {
      ssize_t w = ::write(fd, buf_ + off, n_ - off);
      if (w <= 0)
        break;
      off += size_t(w);
    }
    n_ = 0;
  }

private:
  void put(char c) {
    if (n_ < sizeof buf_)
      buf_[n_++] = c;
    else
      cut_ = true;
  }

  char buf_[4096];
  size_t n_ = 0;
  bool cut_ = false;
};

const char *checkName(log::CheckKind c) {
  const char *name = log::runtimeCheckName(c);
  return name ? name : "?";
}

// Words for the finding's sentence, not the log's names (frameStateName):
// "at final suspend" reads where "final" would not.
const char *stateName(uint8_t s) {
  switch (s) {
  case log::kFrameRunning:
    return "running";
  case log::kFrameSuspending:
    return "suspending";
  case log::kFrameSuspended:
    return "suspended";
  case log::kFrameFinal:
    return "at final suspend";
  case log::kFrameDestroyed:
    return "destroyed";
  }
  return "?";
}

constexpr int kMaxBacktrace = 64;
constexpr int kMaxPcs = 32;

/// The async backtrace of `frame`: itself, the frame awaiting it, and so on.
int asyncBacktrace(uint64_t frame, log::BacktraceEntry *out) {
  int n = 0;
  while (frame && n < kMaxBacktrace) {
    const FrameEntry *e = findFrame(frame);
    if (!e)
      break;
    uint64_t w = e->word.load(std::memory_order_acquire);
    out[n++] = {frame, e->fn_site, wordSite(w)};
    frame = e->awaiter;
    for (int i = 0; i < n; ++i) // a cycle means stale links: stop
      if (out[i].frame == frame)
        frame = 0;
  }
  return n;
}

/// "fetch_slow(int) suspended at f.cpp:85:3 / awaited by lookup(int) at ...",
/// the shape of asyncio's pstree and folly's async stack traces.
void printBacktrace(Text &t, const log::BacktraceEntry *bt, int n, const char *state) {
  for (int i = 0; i < n; ++i) {
    t << (i == 0 ? "    " : "      awaited by ");
    t.name(bt[i].function_site);
    if (i == 0 && state)
      t << " " << state;
    const __coroscope_site *s = siteById(bt[i].site);
    if (s)
      t << " at " << s->file << ":" << uint64_t(s->line) << ":" << uint64_t(s->column);
    t << " [frame ";
    t.hex(bt[i].frame) << "]\n";
  }
}

/// The frame that awaits `e`, while that still holds: a frame that reached
/// its final suspend point has handed control back, so its link is stale.
uint64_t awaitingLink(const FrameEntry &e) {
  if (e.flags.load(std::memory_order_relaxed) & kFlagCompleted)
    return 0;
  return e.awaiter;
}

bool gModulesWritten = false;

} // namespace

namespace {
// Non-fatal findings repeat (a thread pool hands frames over the same way
// thousands of times): the first of each (check, site, related site) is
// written and printed, the repeats are counted and written once at exit.
struct Repeat {
  uint32_t check, site, related;
  uint64_t count;
  log::FindingRecord first;
};
constexpr int kMaxRepeats = 1024;
Repeat gRepeats[kMaxRepeats];
int gNumRepeats = 0;

/// True when this finding was seen before (then only counted). Under
/// report_lock.
bool repeated(const Detection &f) {
  for (int i = 0; i < gNumRepeats; ++i)
    if (gRepeats[i].check == f.check && gRepeats[i].site == f.site &&
        gRepeats[i].related == f.related_site) {
      ++gRepeats[i].count;
      return true;
    }
  if (gNumRepeats < kMaxRepeats)
    gRepeats[gNumRepeats++] = {uint32_t(f.check), f.site, f.related_site, 0, {}};
  return false;
}

pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

// LeakSanitizer takes every pointer-like word of writable globals as a root:
// frame addresses left in the static buffers below would hide a leaked frame
// from it. They are cleared after use, and the kept first finding of a
// repeat holds its frame address inverted.
template <class T> void scrub(T *p, size_t n) { memset(static_cast<void *>(p), 0, n * sizeof(T)); }
uint64_t hidden(uint64_t frame) { return ~frame; } // its own inverse
} // namespace

void report(ThreadState *t, const Detection &f) {
  // One report at a time: the buffers below are shared.
  pthread_mutex_lock(&report_lock);
  if (!f.fatal && repeated(f)) {
    pthread_mutex_unlock(&report_lock);
    return;
  }
  int saved_errno = errno;
  static log::BacktraceEntry bt[kMaxBacktrace];
  static void *pcs_raw[kMaxPcs + 3];
  static uint64_t pcs[kMaxPcs];

  writerLock();
  log::FindingRecord r = {};
  r.check = f.check;
  r.severity = f.severity;
  r.thread = t ? t->thread : 0;
  r.other_thread = f.other_thread;
  r.site = f.site;
  r.related_site = f.related_site;
  r.count = 1;
  r.frame = f.frame;
  r.ts = now();
  if (f.entry) {
    r.function_site = f.entry->fn_site;
    r.creation_site = f.entry->creation_site;
    r.state = wordState(f.entry->word.load(std::memory_order_acquire));
    r.bytes = heapBytes(*f.entry);
  }
  int nbt = asyncBacktrace(f.frame, bt);
  r.backtrace_len = uint16_t(nbt);
  // Skip report(), the check and the hook themselves.
  int raw = backtrace(pcs_raw, kMaxPcs + 3);
  int npc = 0;
  for (int i = 3; i < raw; ++i)
    pcs[npc++] = reinterpret_cast<uintptr_t>(pcs_raw[i]);
  r.pc_count = uint16_t(npc);
  if (!gModulesWritten) {
    writeModulesLocked();
    gModulesWritten = true;
  }
  writeFindingLocked(r, bt, pcs);
  writerUnlock();
  if (!f.fatal)
    for (int i = gNumRepeats - 1; i >= 0; --i)
      if (gRepeats[i].check == f.check && gRepeats[i].site == f.site &&
          gRepeats[i].related == f.related_site) {
        gRepeats[i].first = r;
        gRepeats[i].first.frame = hidden(r.frame);
        break;
      }

  bool abort_now = f.fatal && gOptions.on_error == OnError::Abort;
  if (gOptions.on_error != OnError::Continue) {
    static Text out;
    out << "==coroscope== " << (f.severity == log::kSeverityError ? "ERROR" : "WARNING") << ": "
        << checkName(f.check) << ": ";
    out.name(r.function_site) << " [frame ";
    out.hex(f.frame) << ", " << stateName(r.state) << "]\n  " << f.what << "\n";
    // The site is this thread's operation, the related one the other
    // thread's (concurrent-resume's warning too: the await_suspend that
    // touches its awaiter reports it; docs/checks.md#concurrent-resume).
    uint64_t site_thread = r.thread;
    uint64_t related_thread = f.other_thread;
    if (f.site) {
      out << "  at ";
      out.site(f.site) << " (thread " << site_thread << ")\n";
    }
    if (f.related_site) {
      out << "  " << f.related_what << " at ";
      out.site(f.related_site);
      if (related_thread)
        out << " (thread " << related_thread << ")";
      out << "\n";
    }
    if (r.creation_site) {
      out << "  frame created at ";
      out.site(r.creation_site) << "\n";
    }
    if (nbt > 1) {
      out << "  async backtrace:\n";
      printBacktrace(out, bt, nbt, stateName(r.state));
    }
    if (abort_now)
      out << "==coroscope== aborting (COROSCOPE_ON_ERROR=abort); log: " << logPathOpened() << "\n";
    out.writeTo(STDERR_FILENO);
  }
  if (abort_now) {
    flushAllThreads(/*from_signal=*/false);
    writeLiveFrames(-1, /*from_signal=*/false);
    abort();
  }
  scrub(bt, size_t(nbt));
  errno = saved_errno;
  pthread_mutex_unlock(&report_lock);
}

void writeLiveFrames(int fd, bool from_signal) {
  constexpr uint32_t kBatch = 256;
  static log::LiveFrame batch[kBatch];
  static log::BacktraceEntry bt[kMaxBacktrace];
  constexpr uint32_t kMaxListed = 1 << 16;
  static uint64_t listed[kMaxListed], awaiters[kMaxListed];
  bool locked = from_signal ? writerTryLockFor(1000) : (writerLock(), true);
  // One pass to count (the chunk length comes first) and to learn who
  // awaits whom for the text form.
  uint32_t total = 0, nlisted = 0;
  forEachFrame([&](const FrameEntry &e) {
    if (!liveState(wordState(e.word.load(std::memory_order_acquire))))
      return;
    ++total;
    if (nlisted < kMaxListed) {
      listed[nlisted] = e.key.load(std::memory_order_relaxed);
      awaiters[nlisted++] = awaitingLink(e);
    }
  });
  if (fd >= 0) {
    // Each chain once, from its innermost frame (the one nothing live awaits
    // in turn); the frames awaiting it follow.
    Text text;
    text << "==coroscope== " << uint64_t(total) << " live coroutine frame"
         << (total == 1 ? "" : "s") << "\n";
    text.writeTo(fd);
    for (uint32_t i = 0; i < nlisted; ++i) {
      bool awaits_live = false;
      for (uint32_t j = 0; j < nlisted && !awaits_live; ++j)
        awaits_live = awaiters[j] == listed[i];
      if (awaits_live)
        continue;
      const FrameEntry *e = findFrame(listed[i]);
      if (!e)
        continue;
      int nbt = asyncBacktrace(listed[i], bt);
      printBacktrace(text, bt, nbt, stateName(wordState(e->word.load(std::memory_order_acquire))));
      text.writeTo(fd);
    }
  }
  writeLiveFramesBeginLocked(log::LiveFramesHeader{total, 0});
  uint32_t n = 0, written = 0;
  forEachFrame([&](const FrameEntry &e) {
    uint64_t w = e.word.load(std::memory_order_acquire);
    if (!liveState(wordState(w)) || written + n >= total)
      return;
    uint32_t flags = e.flags.load(std::memory_order_relaxed);
    batch[n++] = {e.key.load(std::memory_order_relaxed),
                  e.awaiter,
                  e.fn_site,
                  wordSite(w),
                  e.creation_site,
                  wordState(w),
                  uint8_t((flags & kFlagHeap) ? 1 : 0),
                  0,
                  e.bytes};
    if (n == kBatch) {
      writeLiveFramesPartLocked(batch, n);
      written += n;
      n = 0;
    }
  });
  // Frames that appeared between the two passes are left out; pad with
  // empty records if some disappeared, so the chunk length stays exact.
  while (written + n < total) {
    batch[n++] = {};
    if (n == kBatch) {
      writeLiveFramesPartLocked(batch, n);
      written += n;
      n = 0;
    }
  }
  if (n)
    writeLiveFramesPartLocked(batch, n);
  scrub(batch, kBatch);
  scrub(bt, kMaxBacktrace);
  scrub(listed, nlisted);
  scrub(awaiters, nlisted);
  if (locked)
    writerUnlock();
}

void exitScan() {
  if (crashing())
    return;
  forgetUnloadedSites();
  // The repeats of non-fatal findings, as one record each: the analyzer
  // merges it with the first one and shows the total count.
  pthread_mutex_lock(&report_lock);
  for (int i = 0; i < gNumRepeats; ++i)
    if (gRepeats[i].count) {
      log::FindingRecord r = gRepeats[i].first;
      r.frame = hidden(r.frame);
      r.count = uint32_t(gRepeats[i].count);
      r.backtrace_len = 0;
      r.pc_count = 0;
      writerLock();
      writeFindingLocked(r, nullptr, nullptr);
      writerUnlock();
      if (gOptions.on_error != OnError::Continue) {
        static Text out;
        out << "==coroscope== " << checkName(log::CheckKind(r.check)) << ": " << r.count
            << " more like the one above at ";
        out.site(r.site) << "\n";
        out.writeTo(STDERR_FILENO);
      }
    }
  pthread_mutex_unlock(&report_lock);
  if (uint64_t lost = untrackedFrames()) {
    static Text out;
    out << "==coroscope== note: " << lost
        << " frames were not tracked (frame table full near their address): their checks were "
           "skipped\n";
    out.writeTo(STDERR_FILENO);
  }
  if (gOptions.checks) {
    // Group frames never destroyed by (function, creation site).
    struct Group {
      uint32_t fn, creation, count;
      uint64_t bytes, frame;
      const FrameEntry *entry;
    };
    constexpr int kMaxGroups = 256;
    static Group groups[kMaxGroups];
    int ngroups = 0;
    forEachFrame([&](const FrameEntry &e) {
      if (!liveState(wordState(e.word.load(std::memory_order_acquire))))
        return;
      for (int i = 0; i < ngroups; ++i)
        if (groups[i].fn == e.fn_site && groups[i].creation == e.creation_site) {
          ++groups[i].count;
          groups[i].bytes += heapBytes(e);
          return;
        }
      if (ngroups < kMaxGroups)
        groups[ngroups++] = {
            e.fn_site, e.creation_site, 1, heapBytes(e), e.key.load(std::memory_order_relaxed), &e};
    });
    for (int i = 0; i < ngroups; ++i) {
      const Group &g = groups[i];
      writerLock();
      log::FindingRecord r = {};
      r.check = log::kCheckLeakedFrame;
      r.severity = log::kSeverityError;
      r.function_site = g.fn;
      r.creation_site = g.creation;
      r.site = g.creation;
      r.count = g.count;
      r.bytes = g.bytes;
      r.frame = g.frame;
      r.state = wordState(g.entry->word.load(std::memory_order_acquire));
      r.ts = now();
      writeFindingLocked(r, nullptr, nullptr);
      writerUnlock();
      if (gOptions.on_error != OnError::Continue) {
        static Text out;
        out << "==coroscope== ERROR: leaked-frame: " << uint64_t(g.count) << " frame"
            << (g.count == 1 ? " of " : "s of ");
        out.name(g.fn) << " (" << g.bytes << " heap bytes) never destroyed";
        if (g.creation) {
          out << ", created at ";
          out.site(g.creation);
        }
        out << "\n";
        out.writeTo(STDERR_FILENO);
      }
    }
    scrub(groups, size_t(ngroups));
    // Frames parked at a suspend point in the body, with nobody awaiting them
    // among the live frames: the innermost frame of each stuck chain.
    constexpr uint32_t kMaxLive = 1 << 16;
    static uint64_t live[kMaxLive], awaiters[kMaxLive];
    uint32_t nlive = 0;
    forEachFrame([&](const FrameEntry &e) {
      if (nlive < kMaxLive && liveState(wordState(e.word.load(std::memory_order_acquire)))) {
        live[nlive] = e.key.load(std::memory_order_relaxed);
        awaiters[nlive++] = awaitingLink(e);
      }
    });
    static log::BacktraceEntry bt[kMaxBacktrace];
    for (uint32_t i = 0; i < nlive; ++i) {
      const FrameEntry *e = findFrame(live[i]);
      if (!e)
        continue;
      uint64_t w = e->word.load(std::memory_order_acquire);
      uint8_t st = wordState(w);
      if (st != log::kFrameSuspended && st != log::kFrameSuspending)
        continue;
      if (e->flags.load(std::memory_order_relaxed) & kFlagAtInitial)
        continue;               // never started: a leak, reported above
      bool awaits_live = false; // then it shows in that frame's backtrace
      for (uint32_t j = 0; j < nlive && !awaits_live; ++j)
        awaits_live = awaiters[j] == live[i];
      if (awaits_live)
        continue;
      int nbt = asyncBacktrace(live[i], bt);
      writerLock();
      log::FindingRecord r = {};
      r.check = log::kCheckSuspendedForever;
      r.severity = log::kSeverityWarning;
      r.function_site = e->fn_site;
      r.creation_site = e->creation_site;
      r.site = wordSite(w);
      r.count = 1;
      r.frame = live[i];
      r.state = st;
      r.bytes = heapBytes(*e);
      r.backtrace_len = uint16_t(nbt);
      r.ts = now();
      writeFindingLocked(r, bt, nullptr);
      writerUnlock();
      if (gOptions.on_error != OnError::Continue) {
        static Text out;
        out << "==coroscope== WARNING: suspended-forever: ";
        out.name(e->fn_site) << " still suspended at exit at ";
        out.site(wordSite(w)) << "\n";
        printBacktrace(out, bt, nbt, "suspended");
        out.writeTo(STDERR_FILENO);
      }
    }
    scrub(live, nlive);
    scrub(awaiters, nlive);
    scrub(bt, kMaxBacktrace);
  }
  writeLiveFrames(-1, /*from_signal=*/false);
}

} // namespace rt
} // namespace coroscope
