//===- fuzz/memfile.cpp - A fuzz input as a file path, in memory ----------===//
#include "memfile.h"

#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>
#include <unistd.h>

namespace coroscope::fuzz {

MemFile::MemFile() {
  fd_ = ::memfd_create("coroscope-fuzz", MFD_CLOEXEC);
  if (fd_ < 0) {
    std::perror("memfd_create");
    std::abort();
  }
  path_ = "/proc/self/fd/" + std::to_string(fd_);
}

MemFile::~MemFile() { ::close(fd_); }

void MemFile::assign(const uint8_t *data, size_t size) {
  if (::ftruncate(fd_, 0) != 0) {
    std::perror("ftruncate");
    std::abort();
  }
  for (size_t done = 0; done < size;) {
    ssize_t n = ::pwrite(fd_, data + done, size - done, static_cast<off_t>(done));
    if (n <= 0) {
      std::perror("pwrite");
      std::abort();
    }
    done += static_cast<size_t>(n);
  }
}

} // namespace coroscope::fuzz
