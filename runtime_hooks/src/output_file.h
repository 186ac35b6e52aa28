//===- output_file.h - Creating the log file safely -----------------------===//
//
// COROSCOPE_OUT often names a file in a shared directory such as /tmp, so
// the runtime never follows a final symlink there, never writes into a file
// another process is writing, and never truncates a file that is not its
// own: the rules of docs/usage.md ("Output files").
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_OUTPUT_FILE_H
#define COROSCOPE_RUNTIME_OUTPUT_FILE_H

#include <stddef.h>
#include <stdint.h>

namespace coroscope {
namespace rt {

/// Opens `path` (capacity `cap` bytes) for writing a file that starts with
/// the 8 bytes `magic`, and returns the descriptor holding an exclusive
/// flock(2) for the writer's lifetime; -1 with errno set on failure.
///
/// Creates `path` when nothing is there. Reuses it, emptied, only when it is
/// a regular file of this user with one link, is empty or starts with
/// `magic` (a log of an earlier run) and no live writer holds its lock. Otherwise (a symlink,
/// someone else's file, any other file, a log being written) creates the
/// first free `STEM.N.EXT` (N = 1, 2, ...; `PATH.N` without an extension),
/// rewrites `path` to it and says so on stderr. Never follows a symlink in
/// the last component, except the kernel's links to the process's own
/// descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
/// `/proc/self/fd/N`): those are written through a copy of the descriptor
/// (a regular file taken on the terms above), whose offset the program
/// shares; `*shared` says so, and the writer then writes each chunk whole
/// in one write(2), as to a pipe.
int createOutputFile(char *path, size_t cap, uint64_t magic, bool *shared);

/// Reopens the file `createOutputFile` made (the program closed the
/// descriptor) for appending, only if `path` still names that file (same
/// device and inode) and is not a symlink; -1 otherwise.
int reopenOutputFile(const char *path, uint64_t dev, uint64_t ino);

} // namespace rt
} // namespace coroscope

#endif
