//===- log_writer.cpp - The process's one binary log file ------------------===//
//
// See log_writer.h. Layout is docs/log-format.md. Writes go straight to the
// file descriptor with write(2): no stdio buffering that a crash or _exit
// could lose, and nothing allocated.
//
//===----------------------------------------------------------------------===//
#include "log_writer.h"

#include "coroscope/log_checksum.h"

#include "clock.h"
#include "cut_text.h"
#include "options.h"
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {
pthread_mutex_t gLock = PTHREAD_MUTEX_INITIALIZER;
int gFd = -1;
bool gOpenFailed = false;
off_t gTailStart = -1, gTailEnd = -1; // the last replaceable chunk
uint32_t gTailChain = 0;              // gChunkChain before it
char gPath[4096];
dev_t gDev = 0;
ino_t gIno = 0;
constexpr int kHighFd = 700;
uint64_t gEventsWritten = 0; // under the lock
uint32_t gChunkChain = 0;    // log::chainChunk over the chunks written, under the lock
// The End record of an exit or a sanitizer's death is written: nothing
// follows it (a thread still running, or the COROSCOPE_INTERVAL writer,
// would make the log look cut).
bool gClosed = false;
// The file was created: in profile mode a process writes nothing until it
// has figures, so Clock and End chunks alone never create it.
bool gStarted = false;
bool gSeekable = false; // not a pipe, FIFO, terminal or a descriptor the program writes too

void rememberFileLocked() {
  struct stat st;
  if (fstat(gFd, &st) == 0) {
    gDev = st.st_dev;
    gIno = st.st_ino;
  }
}

// The first failed write ends the log there: a full disk that frees up
// again would otherwise leave a torn chunk in the middle of the log, and
// the reader stops at the first one. Said once on stderr, as the log then
// has no End record (the report says incomplete).
bool gWriteFailed = false;

// A pipe whose reader went away: EPIPE, not SIGPIPE, which would kill the
// program being measured. The signal is blocked around the write and a
// SIGPIPE this write raised is taken off the thread's pending set, unless
// one was pending already (the program's own).
ssize_t writeNoSigpipe(int fd, const void *p, size_t size) {
  sigset_t pipe, old, pending;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, &old);
  sigpending(&pending);
  bool was_pending = sigismember(&pending, SIGPIPE);
  ssize_t n = ::write(fd, p, size);
  int err = errno;
  if (n < 0 && err == EPIPE && !was_pending) {
    struct timespec zero = {0, 0};
    sigtimedwait(&pipe, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return n;
}

void writeAll(const void *data, size_t size) {
  const char *p = static_cast<const char *>(data);
  while (size > 0 && !gWriteFailed) {
    ssize_t n = gSeekable ? ::write(gFd, p, size) : writeNoSigpipe(gFd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      gWriteFailed = true;
      char msg[4400];
      int len = snprintf(msg, sizeof msg,
                         "coroscope: writing log '%s' failed: %s; the log ends here, without "
                         "its last events%s\n",
                         gPath, strerror(err), err == EPIPE ? " (its reader closed the pipe)" : "");
      if (len > 0)
        (void)!::write(2, msg, size_t(len) < sizeof msg ? size_t(len) : sizeof msg - 1);
      return;
    }
    p += n;
    size -= size_t(n);
  }
}

// The chunk being written in pieces: its checksum so far, the payload bytes
// still to come, and where its header is, to complete it when they have
// (so a chunk written in pieces needs no buffer). A chunk cut short keeps
// checksum 0. A pipe or FIFO cannot be written back into: there the pieces
// are gathered in a mapping and the chunk goes out whole, checksum first.
struct OpenChunk {
  off_t header = -1;
  uint64_t left = 0;
  log::ChunkChecksum sum;
  char *gather = nullptr; // not seekable: header and payload so far
  size_t gather_size = 0, gathered = 0;
} gChunk;

void finishChunk() {
  if (gChunk.gather) {
    auto *h = reinterpret_cast<log::ChunkHeader *>(gChunk.gather);
    h->checksum = log::chunkChecksum(gChunk.gather, gChunk.gathered);
    gChunkChain = log::chainChunk(gChunkChain, h->checksum);
    writeAll(gChunk.gather, gChunk.gathered);
    munmap(gChunk.gather, gChunk.gather_size);
    gChunk.gather = nullptr;
    return;
  }
  if (gChunk.header < 0)
    return;
  uint32_t sum = gChunk.sum.value();
  gChunkChain = log::chainChunk(gChunkChain, sum);
  if (!gWriteFailed) // a torn chunk keeps checksum 0
    (void)!pwrite(gFd, &sum, sizeof sum, gChunk.header + offsetof(log::ChunkHeader, checksum));
  gChunk.header = -1;
}

void writeChunkHeader(log::ChunkKind kind, uint64_t payload) {
  log::ChunkHeader h{kind, 0, payload};
  gChunk.left = payload;
  if (gChunk.gather) { // the last one never got all its payload: lost
    munmap(gChunk.gather, gChunk.gather_size);
    gChunk.gather = nullptr;
  }
  if (!gSeekable) {
    // mmap, not malloc: this runs in signal handlers too.
    size_t size = sizeof h + size_t(payload);
    void *mem = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem != MAP_FAILED) {
      gChunk.gather = static_cast<char *>(mem);
      gChunk.gather_size = size;
      memcpy(gChunk.gather, &h, sizeof h);
      gChunk.gathered = sizeof h;
      if (payload == 0)
        finishChunk();
      return;
    }
    // Without memory the chunk goes out with checksum 0: rejected by the
    // reader as damaged rather than read unchecked.
  }
  gChunk.header = gSeekable ? lseek(gFd, 0, SEEK_CUR) : -1;
  gChunk.sum.begin(h);
  writeAll(&h, sizeof h);
  if (payload == 0)
    finishChunk();
}

/// Payload bytes of the chunk whose header writeChunkHeader wrote.
void writePayload(const void *data, size_t size) {
  if (size == 0)
    return;
  size = size < gChunk.left ? size : size_t(gChunk.left);
  if (gChunk.gather) {
    memcpy(gChunk.gather + gChunk.gathered, data, size);
    gChunk.gathered += size;
  } else {
    writeAll(data, size);
    gChunk.sum.add(data, size);
  }
  gChunk.left -= size;
  if (gChunk.left == 0)
    finishChunk();
}

/// A whole chunk from memory, its checksum filled in.
void writeWholeChunk(const void *chunk, size_t size) {
  log::ChunkHeader h;
  memcpy(&h, chunk, sizeof h);
  h.checksum = log::chunkChecksum(chunk, size);
  gChunkChain = log::chainChunk(gChunkChain, h.checksum);
  writeAll(&h, sizeof h);
  writeAll(static_cast<const char *>(chunk) + sizeof h, size - sizeof h);
}

bool gForkedChild = false;
// A forked child's log starts with the sites its parent registered; it is
// created at the child's first write, so a child that only execs (the
// fork-exec of system-like spawning) leaves no log behind.
bool gSitesOnOpen = false;

// "%t": the time in UTC, YYYYMMDDTHHMMSSZ (ISO 8601's basic format: fixed
// width, so names sort by time, and no ':' or ' ' in a file name). Computed
// here, not with gmtime_r: this may run in a signal handler.
void utcStamp(char out[17]) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  long long secs = ts.tv_sec, days = secs / 86400, rest = secs % 86400;
  if (rest < 0) {
    rest += 86400;
    --days;
  }
  // Howard Hinnant's civil_from_days.
  long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  long long doe = z - era * 146097;
  long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  long long mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
  long long m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
  const struct {
    long long value;
    int width;
    char after;
  } fields[] = {
      {y, 4, 0},          {m, 2, 0}, {d, 2, 'T'}, {rest / 3600, 2, 0}, {rest / 60 % 60, 2, 0},
      {rest % 60, 2, 'Z'}};
  char *p = out;
  for (const auto &f : fields) {
    long long v = f.value < 0 ? 0 : f.value;
    for (int i = f.width - 1; i >= 0; --i, v /= 10)
      p[i] = char('0' + v % 10);
    p += f.width;
    if (f.after)
      *p++ = f.after;
  }
  *p = 0;
}

/// Whether `pattern` has a %p (not a %%p, a literal "%p").
bool hasPidSpec(const char *pattern) {
  for (const char *c = pattern; *c; ++c)
    if (c[0] == '%' && c[1]) {
      if (c[1] == 'p')
        return true;
      ++c;
    }
  return false;
}

// COROSCOPE_OUT expanded: %p the pid, %h the host name, %t the time (UTC,
// utcStamp), %% a '%'. Any other '%' stays as it is, said once on stderr. A
// forked child whose pattern has no %p gets ".<pid>" appended, or it would
// overwrite the parent's log.
void logPath(char *out, size_t cap) {
  const char *pattern = getenv("COROSCOPE_OUT");
  if (!pattern || !*pattern)
    pattern = "coroscope.%p.log";
  static char child_pattern[4096];
  if (gForkedChild && !hasPidSpec(pattern)) {
    snprintf(child_pattern, sizeof child_pattern, "%s.%%p", pattern);
    pattern = child_pattern;
  }
  char pid[24], host[65] = "", stamp[17] = "";
  snprintf(pid, sizeof pid, "%d", int(getpid()));
  const char *unknown = nullptr;
  size_t n = 0;
  auto put = [&](const char *s, size_t len) {
    for (size_t i = 0; i < len && n + 1 < cap; ++i)
      out[n++] = s[i];
  };
  for (const char *c = pattern; *c; ++c) {
    const char *with = nullptr;
    if (c[0] == '%' && c[1] == 'p') {
      with = pid;
    } else if (c[0] == '%' && c[1] == 'h') {
      if (!host[0] && gethostname(host, sizeof host - 1) != 0)
        host[0] = 0;
      for (char *h = host; *h; ++h) // a name, never a directory
        if (*h == '/')
          *h = '_';
      with = host;
    } else if (c[0] == '%' && c[1] == 't') {
      if (!stamp[0])
        utcStamp(stamp);
      with = stamp;
    } else if (c[0] == '%' && c[1] == '%') {
      with = "%";
    } else if (c[0] == '%' && !unknown) {
      unknown = c;
    }
    if (with) {
      put(with, strlen(with));
      ++c;
    } else {
      put(c, 1);
    }
  }
  out[n] = 0;
  static bool warned = false; // once per process, a forked child included
  if (unknown && !warned) {
    warned = true;
    fprintf(stderr,
            "coroscope: COROSCOPE_OUT=%s: '%.*s' is not %%p (pid), %%h (host name), %%t (UTC "
            "time) or %%%% (a %%); kept as it is\n",
            getenv("COROSCOPE_OUT"), unknown[1] ? 2 : 1, unknown);
  }
}
} // namespace

void writerLock() { pthread_mutex_lock(&gLock); }
void writerUnlock() { pthread_mutex_unlock(&gLock); }

bool writerTryLockFor(int ms) {
  for (int i = 0; i < ms; ++i) {
    if (pthread_mutex_trylock(&gLock) == 0)
      return true;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, nullptr);
  }
  return false;
}

const char *logPathOpened() { return gFd >= 0 ? gPath : ""; }

bool ensureOpenLocked() {
  if (gClosed)
    return false;
  if (gFd >= 0) {
    // The program may have closed our descriptor and opened one of its own
    // files under the same number: never write into it.
    struct stat st;
    if (fstat(gFd, &st) == 0 && st.st_dev == gDev && st.st_ino == gIno)
      return true;
    gFd = reopenOutputFile(gPath, uint64_t(gDev), uint64_t(gIno));
    if (gFd >= 0) {
      int high = fcntl(gFd, F_DUPFD_CLOEXEC, kHighFd);
      if (high >= 0) {
        ::close(gFd);
        gFd = high;
      }
      rememberFileLocked();
      return true;
    }
    gOpenFailed = true;
    return false;
  }
  if (gOpenFailed)
    return false;
  logPath(gPath, sizeof gPath);
  bool shared = false;
  gFd = createOutputFile(gPath, sizeof gPath, COROSCOPE_LOG_MAGIC, &shared);
  if (gFd < 0) {
    gOpenFailed = true;
    fprintf(stderr, "coroscope: cannot open log '%s': %s\n", gPath, strerror(errno));
    return false;
  }
  // Far from the small numbers daemons close and programs reuse.
  int high = fcntl(gFd, F_DUPFD_CLOEXEC, kHighFd);
  if (high >= 0) {
    ::close(gFd);
    gFd = high;
  }
  rememberFileLocked();
  gStarted = true;
  initClock();
  // Not a pipe or a terminal, and no one else writes at our offset.
  gSeekable = !shared && lseek(gFd, 0, SEEK_CUR) == 0;
  log::FileHeader h{};
  h.magic = COROSCOPE_LOG_MAGIC;
  h.version = COROSCOPE_LOG_VERSION;
  h.header_size = sizeof h;
  h.pid = uint64_t(getpid());
  h.flags = (gUseTsc ? uint64_t(log::kFlagTscTimestamps) : 0) |
            (gOptions.mode == Mode::Profile ? uint64_t(log::kFlagProfile) : 0) |
            log::kFlagChecksums | log::kFlagHeaderChecksum |
            (gForkedChild ? uint64_t(log::kFlagForkedChild) : 0);
  struct timespec ts;
  if (clock_gettime(CLOCK_REALTIME, &ts) == 0)
    h.start_unix_ns = uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
  if (gethostname(h.host, sizeof h.host - 1) != 0)
    h.host[0] = 0;
  h.header_checksum = log::fileHeaderChecksum(h);
  writeAll(&h, sizeof h);
  gChunkChain = 0;
  writeClockLocked();
  if (gSitesOnOpen) {
    gSitesOnOpen = false;
    rewriteSiteChunksLocked();
  }
  return true;
}

bool logStartedLocked() { return gStarted; }

void writeClockLocked() {
  if ((gOptions.mode == Mode::Profile && !gStarted) || !ensureOpenLocked())
    return;
  log::ClockSample s;
  s.ticks = now();
  s.monotonic_ns = monotonicNs();
  writeChunkHeader(log::kChunkClock, sizeof s);
  writePayload(&s, sizeof s);
}

void writeReplaceableChunkLocked(const void *chunk, size_t size, const void *before,
                                 size_t before_size) {
  if (!ensureOpenLocked())
    return;
  off_t at = lseek(gFd, 0, SEEK_CUR);
  // O_APPEND (`prog >> file` through /dev/stdout) writes at the end whatever
  // the offset: the snapshot cannot replace the last one there.
  bool append = fcntl(gFd, F_GETFL) & O_APPEND;
  if (!append && gTailStart >= 0 && at == gTailEnd &&
      lseek(gFd, gTailStart, SEEK_SET) == gTailStart) {
    at = gTailStart;
    gChunkChain = gTailChain; // the chunk it replaces is gone from the chain
  }
  gTailStart = at;
  gTailChain = gChunkChain;
  // `before` holds whole chunks back to back.
  for (size_t at = 0; at + sizeof(log::ChunkHeader) <= before_size;) {
    log::ChunkHeader h;
    memcpy(&h, static_cast<const char *>(before) + at, sizeof h);
    size_t n = sizeof h + size_t(h.payload_bytes);
    if (at + n > before_size)
      break;
    writeWholeChunk(static_cast<const char *>(before) + at, n);
    at += n;
  }
  writeWholeChunk(chunk, size);
  gTailEnd = lseek(gFd, 0, SEEK_CUR);
  if (gTailEnd >= 0 && !append)
    (void)!ftruncate(gFd, gTailEnd); // a shorter snapshot leaves no stale tail
}

void writePackedEventsLocked(uint32_t thread, uint32_t os_tid, uint64_t count,
                             const log::PackedCursor &base, const uint8_t *bytes, size_t size) {
  if (count == 0 || !ensureOpenLocked())
    return;
  log::PackedEventsHeader h{thread, os_tid, count, base.ts, base.frame, base.other_frame};
  static const uint8_t kZeros[8] = {};
  size_t pad = (8 - size % 8) % 8; // keeps every chunk header 8-byte aligned
  // Counted first: a crash handler's End written mid-chunk then counts the
  // chunk it cut, which the reader reports unreadable, not as missing.
  gEventsWritten += count;
  writeChunkHeader(log::kChunkPackedEvents, sizeof h + size + pad);
  writePayload(&h, sizeof h);
  writePayload(bytes, size);
  writePayload(kZeros, pad);
}

void writeEndLocked(uint32_t how, int32_t code, uint32_t flags, uint64_t unwritten) {
  if ((gOptions.mode == Mode::Profile && !gStarted) || !ensureOpenLocked())
    return;
  log::EndRecord e{how,          code,           flags | log::kEndChunkChain,
                   gChunkChain,  gEventsWritten, unwritten,
                   monotonicNs()};
  writeChunkHeader(log::kChunkEnd, sizeof e);
  writePayload(&e, sizeof e);
  gClosed = how == log::kEndExit || how == log::kEndSanitizer; // the process cannot go on
}

namespace {
/// A string of a site entry: its length field has 16 bits, so a longer one
/// keeps its first bytes and ends with the cut marker.
struct Field16 {
  const char *text;
  size_t keep;
  bool cut;
  size_t bytes() const { return keep + (cut ? kCutMarkerBytes : 0); }
};
Field16 field16(const char *s) {
  size_t n = s ? strlen(s) : 0;
  if (n <= 0xffff)
    return {s, n, false};
  return {s, cutKeep(s, 0xffff), true};
}
} // namespace

size_t siteEntryBytes(const __coroscope_site &s) {
  size_t n = sizeof(log::SiteEntry) + field16(s.name).bytes() + field16(s.file).bytes() +
             field16(s.awaiter).bytes();
  return (n + 7) & ~size_t(7);
}

namespace {
// Serialised Sites chunks, kept for a forked child's log (the descriptors
// themselves may be unmapped by dlclose by then).
struct SiteChunk {
  SiteChunk *next;
  size_t size;
  char bytes[];
};
SiteChunk *gSiteChunks = nullptr;
SiteChunk **gSiteChunksTail = &gSiteChunks;

void put(char *&p, const void *data, size_t n) {
  memcpy(p, data, n);
  p += n;
}

void put(char *&p, const Field16 &f) {
  put(p, f.text, f.keep);
  if (f.cut)
    put(p, kCutMarker, kCutMarkerBytes);
}
} // namespace

char *putSiteEntry(char *p, const __coroscope_site &s) {
  log::SiteEntry e{};
  e.id = s.id;
  e.kind = s.kind;
  e.build = s.build;
  e.function_id = s.function ? s.function->id : 0;
  e.line = s.line;
  e.column = s.column;
  Field16 name = field16(s.name), file = field16(s.file), awaiter = field16(s.awaiter);
  e.name_len = uint16_t(name.bytes());
  e.file_len = uint16_t(file.bytes());
  e.awaiter_len = uint16_t(awaiter.bytes());
  put(p, &e, sizeof e);
  put(p, name);
  put(p, file);
  put(p, awaiter);
  size_t used = sizeof e + e.name_len + e.file_len + e.awaiter_len;
  size_t pad = siteEntryBytes(s) - used;
  memset(p, 0, pad);
  return p + pad;
}

namespace {
SiteChunk *buildSiteChunk(const __coroscope_site *start, const __coroscope_site *stop) {
  uint64_t payload = sizeof(log::SitesHeader);
  for (const __coroscope_site *s = start; s != stop; ++s)
    payload += siteEntryBytes(*s);
  size_t size = sizeof(log::ChunkHeader) + payload;
  auto *chunk = static_cast<SiteChunk *>(malloc(sizeof(SiteChunk) + size));
  if (!chunk)
    return nullptr;
  chunk->next = nullptr;
  chunk->size = size;
  char *p = chunk->bytes;
  log::ChunkHeader ch{log::kChunkSites, 0, payload};
  put(p, &ch, sizeof ch);
  log::SitesHeader sh{uint32_t(stop - start), 0};
  put(p, &sh, sizeof sh);
  for (const __coroscope_site *s = start; s != stop; ++s)
    p = putSiteEntry(p, *s);
  return chunk;
}
} // namespace

void writeSitesLocked(const __coroscope_site *start, const __coroscope_site *stop) {
  if (start == stop)
    return;
  SiteChunk *chunk = buildSiteChunk(start, stop);
  if (!chunk)
    return;
  *gSiteChunksTail = chunk;
  gSiteChunksTail = &chunk->next;
  if (ensureOpenLocked())
    writeWholeChunk(chunk->bytes, chunk->size);
}

const char *copySitesLocked(const __coroscope_site *start, const __coroscope_site *stop,
                            size_t *size) {
  SiteChunk *chunk = start == stop ? nullptr : buildSiteChunk(start, stop);
  *size = chunk ? chunk->size : 0;
  return chunk ? chunk->bytes : nullptr;
}

void rewriteSiteChunksLocked() {
  if (!ensureOpenLocked())
    return;
  for (SiteChunk *c = gSiteChunks; c; c = c->next)
    writeWholeChunk(c->bytes, c->size);
}

void writeFindingLocked(const log::FindingRecord &f, const log::BacktraceEntry *backtrace,
                        const uint64_t *pcs) {
  if (!ensureOpenLocked())
    return;
  uint64_t bt = f.backtrace_len * sizeof(log::BacktraceEntry);
  uint64_t pc = f.pc_count * sizeof(uint64_t);
  writeChunkHeader(log::kChunkFinding, sizeof f + bt + pc);
  writePayload(&f, sizeof f);
  writePayload(backtrace, bt);
  writePayload(pcs, pc);
}

void writeLiveFramesBeginLocked(const log::LiveFramesHeader &h) {
  if ((gOptions.mode == Mode::Profile && !gStarted && h.count == 0) || !ensureOpenLocked())
    return;
  writeChunkHeader(log::kChunkLiveFrames, sizeof h + uint64_t(h.count) * sizeof(log::LiveFrame));
  writePayload(&h, sizeof h);
}

void writeLiveFramesPartLocked(const log::LiveFrame *frames, uint32_t count) {
  if (gFd >= 0 && !gClosed) // the Begin wrote nothing after an End either
    writePayload(frames, uint64_t(count) * sizeof(log::LiveFrame));
}

namespace {
struct ModuleList {
  static constexpr int kMax = 256;
  log::ModuleEntry entries[kMax];
  char paths[kMax][512];
  int count = 0;
};

int collectModule(struct dl_phdr_info *info, size_t, void *data) {
  auto *list = static_cast<ModuleList *>(data);
  if (list->count == ModuleList::kMax)
    return 1;
  uint64_t lo = ~uint64_t(0), hi = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD)
      continue;
    uint64_t a = info->dlpi_addr + ph.p_vaddr;
    lo = a < lo ? a : lo;
    hi = a + ph.p_memsz > hi ? a + ph.p_memsz : hi;
  }
  if (hi == 0)
    return 0;
  char *path = list->paths[list->count];
  const char *name = info->dlpi_name;
  if (!name || !*name) {
    // The main program: dl_iterate_phdr leaves its name empty.
    ssize_t n = readlink("/proc/self/exe", path, 511);
    path[n > 0 ? n : 0] = 0;
  } else {
    strncpy(path, name, 511);
    path[511] = 0;
  }
  list->entries[list->count++] = {info->dlpi_addr, lo, hi, uint32_t(strlen(path)), 0};
  return 0;
}
} // namespace

void writeModulesLocked() {
  if (!ensureOpenLocked())
    return;
  static ModuleList list; // not on the stack: findings may come from deep stacks
  list.count = 0;
  dl_iterate_phdr(collectModule, &list);
  uint64_t payload = sizeof(log::ModulesHeader);
  for (int i = 0; i < list.count; ++i)
    payload += (sizeof(log::ModuleEntry) + list.entries[i].path_len + 7) & ~uint64_t(7);
  writeChunkHeader(log::kChunkModules, payload);
  log::ModulesHeader h{uint32_t(list.count), 0};
  writePayload(&h, sizeof h);
  static const char zeros[8] = {};
  for (int i = 0; i < list.count; ++i) {
    const log::ModuleEntry &e = list.entries[i];
    writePayload(&e, sizeof e);
    writePayload(list.paths[i], e.path_len);
    size_t used = sizeof e + e.path_len;
    writePayload(zeros, ((used + 7) & ~size_t(7)) - used);
  }
}

void resetAfterForkLocked() {
  if (gFd >= 0)
    ::close(gFd);
  gFd = -1;
  gOpenFailed = false;
  gWriteFailed = false;
  gForkedChild = true;
  gSitesOnOpen = true;
  gStarted = false;
  gTailStart = gTailEnd = -1;
  gEventsWritten = 0;
  gClosed = false;
}

} // namespace rt
} // namespace coroscope
