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
  if (pread(fd, &head, sizeof head, 0) != ssize_t(sizeof head) || head != magic)
    return "not a coroscope file";
  // exec() keeps the pid and drops the close-on-exec descriptor with its
  // lock: the log of the image before it, same default name, is not stale.
  uint64_t pid = 0;
  if (pread(fd, &pid, sizeof pid, offsetof(log::FileHeader, pid)) == ssize_t(sizeof pid) &&
      pid == uint64_t(getpid()))
    return "this process's log from before an exec";
  return nullptr;
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

} // namespace

int createOutputFile(char *path, size_t cap, uint64_t magic) {
  int fd = ::open(path, kCreate, 0644);
  if (fd >= 0)
    return lockFresh(fd);
  if (errno != EEXIST)
    return -1;
  struct stat st;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) {
      errno = EISDIR;
      return -1;
    }
    // A device or FIFO (/dev/null, a pipe a reader waits on) is written as
    // it is: there is nothing in it to truncate.
    return ::open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
  }
  const char *why = "a symlink"; // O_NOFOLLOW refuses it
  fd = ::open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    why = reusable(fd, magic);
    if (!why && ftruncate(fd, 0) == 0) {
      int flags = fcntl(fd, F_GETFL);
      if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
      return fd; // locked by reusable()
    }
    if (!why)
      why = strerror(errno);
    ::close(fd);
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
