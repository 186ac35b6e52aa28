//===- fuzz/memfile.h - A fuzz input as a file path, in memory ---*- C++ -*-===//
//
// The analyzer's readers take a path (LogReader pages a log in with pread,
// the JSON readers open a file), so a fuzz input is handed to them as an
// anonymous in-memory file (memfd) reached through /proc/self/fd: the code
// fuzzed is the code `coroscope` runs, and no input touches the disk.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_FUZZ_MEMFILE_H
#define COROSCOPE_FUZZ_MEMFILE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace coroscope::fuzz {

class MemFile {
public:
  /// Creates the file; aborts if the system has no memfd.
  MemFile();
  ~MemFile();
  MemFile(const MemFile &) = delete;
  MemFile &operator=(const MemFile &) = delete;

  /// Makes the file hold exactly `data`; aborts on a failed write.
  void assign(const uint8_t *data, size_t size);
  const std::string &path() const { return path_; }

private:
  int fd_ = -1;
  std::string path_;
};

} // namespace coroscope::fuzz

#endif // COROSCOPE_FUZZ_MEMFILE_H
