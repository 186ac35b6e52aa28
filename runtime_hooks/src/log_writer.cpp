//===- log_writer.cpp - The process's one binary log file ------------------===//
//
// See log_writer.h. Layout is docs/log-format.md. Writes go straight to the
// file descriptor with write(2): no stdio buffering that a crash or _exit
// could lose, and nothing allocated.
//
//===----------------------------------------------------------------------===//
#include "log_writer.h"

#include "clock.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {
pthread_mutex_t gLock = PTHREAD_MUTEX_INITIALIZER;
int gFd = -1;
bool gOpenFailed = false;

void writeAll(const void *data, size_t size) {
  const char *p = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t n = ::write(gFd, p, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    p += n;
    size -= size_t(n);
  }
}

void writeChunkHeader(log::ChunkKind kind, uint64_t payload) {
  log::ChunkHeader h{kind, 0, payload};
  writeAll(&h, sizeof h);
}

// COROSCOPE_OUT with every %p replaced by the pid.
void logPath(char *out, size_t cap) {
  const char *pattern = getenv("COROSCOPE_OUT");
  if (!pattern || !*pattern)
    pattern = "coroscope.%p.log";
  char pid[24];
  snprintf(pid, sizeof pid, "%d", int(getpid()));
  size_t n = 0;
  for (const char *c = pattern; *c && n + 1 < cap; ++c) {
    if (c[0] == '%' && c[1] == 'p') {
      for (const char *d = pid; *d && n + 1 < cap; ++d)
        out[n++] = *d;
      ++c;
    } else {
      out[n++] = *c;
    }
  }
  out[n] = 0;
}
} // namespace

void writerLock() { pthread_mutex_lock(&gLock); }
void writerUnlock() { pthread_mutex_unlock(&gLock); }

bool ensureOpenLocked() {
  if (gFd >= 0)
    return true;
  if (gOpenFailed)
    return false;
  char path[4096];
  logPath(path, sizeof path);
  gFd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (gFd < 0) {
    gOpenFailed = true;
    fprintf(stderr, "coroscope: cannot open log '%s': %s\n", path, strerror(errno));
    return false;
  }
  initClock();
  log::FileHeader h{COROSCOPE_LOG_MAGIC, COROSCOPE_LOG_VERSION, sizeof(log::FileHeader),
                    uint64_t(getpid()), gUseTsc ? uint64_t(log::kFlagTscTimestamps) : 0};
  writeAll(&h, sizeof h);
  writeClockLocked();
  return true;
}

void writeClockLocked() {
  if (!ensureOpenLocked())
    return;
  log::ClockSample s;
  s.ticks = now();
  s.monotonic_ns = monotonicNs();
  writeChunkHeader(log::kChunkClock, sizeof s);
  writeAll(&s, sizeof s);
}

void writeEventsLocked(uint32_t thread, uint32_t os_tid, const log::EventRecord *records,
                       uint64_t count) {
  if (count == 0 || !ensureOpenLocked())
    return;
  log::EventsHeader h{thread, os_tid, count};
  writeChunkHeader(log::kChunkEvents, sizeof h + count * sizeof(log::EventRecord));
  writeAll(&h, sizeof h);
  writeAll(records, count * sizeof(log::EventRecord));
}

static size_t cstrlen16(const char *s) {
  size_t n = s ? strlen(s) : 0;
  return n > 0xffff ? 0xffff : n;
}

static size_t siteEntryBytes(const __coroscope_site &s) {
  size_t n = sizeof(log::SiteEntry) + cstrlen16(s.name) + cstrlen16(s.file) + cstrlen16(s.awaiter);
  return (n + 7) & ~size_t(7);
}

void writeSitesLocked(const __coroscope_site *start, const __coroscope_site *stop) {
  if (start == stop || !ensureOpenLocked())
    return;
  uint64_t payload = sizeof(log::SitesHeader);
  for (const __coroscope_site *s = start; s != stop; ++s)
    payload += siteEntryBytes(*s);
  writeChunkHeader(log::kChunkSites, payload);
  log::SitesHeader sh{uint32_t(stop - start), 0};
  writeAll(&sh, sizeof sh);
  static const char zeros[8] = {};
  for (const __coroscope_site *s = start; s != stop; ++s) {
    log::SiteEntry e{};
    e.id = s->id;
    e.kind = s->kind;
    e.function_id = s->function ? s->function->id : 0;
    e.line = s->line;
    e.column = s->column;
    e.name_len = uint16_t(cstrlen16(s->name));
    e.file_len = uint16_t(cstrlen16(s->file));
    e.awaiter_len = uint16_t(cstrlen16(s->awaiter));
    writeAll(&e, sizeof e);
    writeAll(s->name, e.name_len);
    writeAll(s->file, e.file_len);
    writeAll(s->awaiter, e.awaiter_len);
    size_t used = sizeof e + e.name_len + e.file_len + e.awaiter_len;
    writeAll(zeros, siteEntryBytes(*s) - used);
  }
}

void resetAfterForkLocked() {
  if (gFd >= 0)
    ::close(gFd);
  gFd = -1;
  gOpenFailed = false;
}

} // namespace rt
} // namespace coroscope
