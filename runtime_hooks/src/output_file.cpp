//===- output_file.cpp - Creating the log file safely ---------------------===//
//
// See output_file.h. The lock is what tells a live log from a finished one:
// flock(2) locks go away with the process, however it ends.
//
//===----------------------------------------------------------------------===//
#include "output_file.h"

#include "coroscope/log_format.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace coroscope {
namespace rt {

namespace {

constexpr int kCreate = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;

int lockFresh(int fd) {
  // Blocking: another runtime may hold it for the moment it takes to see
  // that this file is empty, not a log it may reuse.
  while (flock(fd, LOCK_EX) != 0 && errno == EINTR) {
  }
  return fd;
}

/// `fd` (open read-write) is an earlier run's log this process may empty
/// and reuse: why not, or null. Leaves `fd` locked when it may.
const char *reusable(int fd, uint64_t magic) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    return "not a regular file";
  if (st.st_uid != geteuid())
    return "another user's file";
  if (st.st_nlink != 1)
    return "a file with other links";
  if (flock(fd, LOCK_EX | LOCK_NB) != 0)
    return "another process is writing it";
  uint64_t head = 0;
  if (st.st_size != 0 &&
      (pread(fd, &head, sizeof head, 0) != ssize_t(sizeof head) || head != magic))
    return "not a coroscope file"; // empty: nothing in it to lose
  // exec() keeps the pid and drops the close-on-exec descriptor with its
  // lock: the log of the image before it, same default name, is not stale.
  uint64_t pid = 0;
  if (pread(fd, &pid, sizeof pid, offsetof(log::FileHeader, pid)) == ssize_t(sizeof pid) &&
      pid == uint64_t(getpid()))
    return "this process's log from before an exec";
  return nullptr;
}

/// Writes to `fd` wait again: O_NONBLOCK was only for opening it (a FIFO
/// without a reader, a file whose lease another process holds).
void clearNonblock(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0)
    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
}

/// `original` with `.N` before its extension (in the last component), or
/// after it when there is none.
bool numbered(char *out, size_t cap, const char *original, int n) {
  const char *slash = strrchr(original, '/');
  const char *base = slash ? slash + 1 : original;
  const char *dot = strrchr(base, '.');
  if (!dot || dot == base)
    dot = base + strlen(base);
  int stem = int(dot - original);
  int len = snprintf(out, cap, "%.*s.%d%s", stem, original, n, dot);
  return len > 0 && size_t(len) < cap;
}

/// The descriptor `path` names through the kernel's own links
/// (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`), or -1.
/// They are symlinks no one can plant, so they are followed.
int namedDescriptor(const char *path) {
  if (!strcmp(path, "/dev/stdout"))
    return 1;
  if (!strcmp(path, "/dev/stderr"))
    return 2;
  const char *digits = nullptr;
  if (!strncmp(path, "/dev/fd/", 8))
    digits = path + 8;
  else if (!strncmp(path, "/proc/self/fd/", 14))
    digits = path + 14;
  if (!digits || !*digits || strlen(digits) > 9)
    return -1;
  int n = 0;
  for (const char *c = digits; *c; ++c) {
    if (*c < '0' || *c > '9')
      return -1;
    n = n * 10 + (*c - '0');
  }
  return n;
}

/// The log on descriptor `n`, written through a copy of the descriptor. A
/// regular file is taken only on the terms of reusable(); the copy shares
/// the program's offset, so that what the program writes there goes between
/// the log's chunks (the reader skips it), not over them.
int openDescriptor(int n, uint64_t magic) {
  struct stat st;
  if (fstat(n, &st) != 0)
    return -1;
  if (S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return -1;
  }
  if (!S_ISREG(st.st_mode))
    return fcntl(n, F_DUPFD_CLOEXEC, 0);
  int fd = fcntl(n, F_DUPFD_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  // The program's own description: its flock cannot tell a live writer
  // that shares it (a child spawned with the parent's log as stdout), so
  // only an empty file is taken (`prog > run.log`).
  const char *why = st.st_size != 0 ? "a file that is not empty" : reusable(fd, magic);
  if (why || lseek(fd, 0, SEEK_SET) != 0) {
    fprintf(stderr, "coroscope: descriptor %d is %s; no log written\n", n,
            why ? why : strerror(errno));
    // The lock is the shared description's: closing this copy keeps it.
    flock(fd, LOCK_UN);
    ::close(fd);
    errno = EEXIST;
    return -1;
  }
  return fd;
}

} // namespace

int createOutputFile(char *path, size_t cap, uint64_t magic, bool *shared) {
  int described = namedDescriptor(path);
  *shared = described >= 0;
  if (described >= 0)
    return openDescriptor(described, magic);
  int fd = ::open(path, kCreate, 0644);
  if (fd >= 0)
    return lockFresh(fd);
  if (errno != EEXIST)
    return -1;
  const char *why = nullptr;
  struct stat st;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      errno = EISDIR;
      return -1;
    }
    // Another user's FIFO in a shared directory would hand them the log,
    // or hang the program on a reader that never reads.
    if (S_ISFIFO(st.st_mode) && st.st_uid != geteuid()) {
      why = "another user's FIFO";
    } else {
      // A device or FIFO (/dev/null, a pipe a reader waits on) is written as
      // it is: there is nothing in it to truncate. Opened without waiting: a
      // FIFO with no reader (none yet, or one gone with an exec'd image's
      // log) fails with ENXIO rather than hanging the program for ever.
      fd = ::open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0)
        clearNonblock(fd); // a full pipe: wait
      return fd;
    }
  }
  if (!why) {
    fd = ::open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      why = reusable(fd, magic);
      if (!why && ftruncate(fd, 0) == 0) {
        clearNonblock(fd);
        return fd; // locked by reusable()
      }
      if (!why)
        why = strerror(errno);
      ::close(fd);
    } else if (errno == ELOOP) {
      why = "a symlink"; // O_NOFOLLOW refuses it
    } else if (errno == EACCES || errno == EPERM) {
      why = "a file this user may not write";
    } else {
      why = strerror(errno);
    }
  }
  char original[4096];
  snprintf(original, sizeof original, "%s", path);
  for (int n = 1; n < 10000; ++n) {
    if (!numbered(path, cap, original, n))
      break;
    fd = ::open(path, kCreate, 0644);
    if (fd >= 0) {
      fprintf(stderr, "coroscope: '%s' exists (%s); writing '%s' instead\n", original, why, path);
      return lockFresh(fd);
    }
    if (errno != EEXIST)
      return -1;
  }
  snprintf(path, cap, "%s", original);
  errno = EEXIST;
  return -1;
}

int reopenOutputFile(const char *path, uint64_t dev, uint64_t ino) {
  // Not O_APPEND: chunk headers are completed in place with pwrite().
  int fd = ::open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 || lseek(fd, 0, SEEK_END) < 0) {
    if (fd >= 0)
      ::close(fd);
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || uint64_t(st.st_dev) != dev || uint64_t(st.st_ino) != ino) {
    ::close(fd);
    return -1;
  }
  (void)flock(fd, LOCK_EX | LOCK_NB); // the program's close() dropped it
  return fd;
}

} // namespace rt
} // namespace coroscope
