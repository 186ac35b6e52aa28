//===- log_writer.h - The process's one binary log file --------------------===//
//
// Owns the log file descriptor and serialises whole chunks into it under one
// lock, so chunks from different threads never interleave. Called off the hot
// path only: when a thread buffer fills, at thread exit, at process exit, and
// when an image registers its site table.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_LOG_WRITER_H
#define COROSCOPE_RUNTIME_LOG_WRITER_H

#include "coroscope/hooks.h"
#include "coroscope/log_format.h"

#include <stddef.h>
#include <stdint.h>

namespace coroscope {
namespace rt {

/// Serialises log writes; the *Locked functions below expect it held.
void writerLock();
void writerUnlock();
/// For signal handlers: tries for about `ms` milliseconds, false if the lock
/// could not be had (the caller then writes without it).
bool writerTryLockFor(int ms);

/// The path of the log (COROSCOPE_OUT expanded), "" before it is opened.
const char *logPathOpened();

/// Opens the log (COROSCOPE_OUT with `%p` the pid, `%h` the host, `%t` the
/// UTC time, `%%` a `%`; default coroscope.<pid>.log) if
/// it is not open yet and writes the header. Caller holds the lock.
/// Returns false when the file cannot be opened (reported once on stderr).
bool ensureOpenLocked();

/// Writes one PackedEvents chunk for `thread`: `count` records in `bytes`,
/// encoded from `base`. Caller holds the lock.
void writePackedEventsLocked(uint32_t thread, uint32_t os_tid, uint64_t count,
                             const log::PackedCursor &base, const uint8_t *bytes, size_t size);

/// Whether the file was created (in this process: a forked child's own).
/// Caller holds the lock.
bool logStartedLocked();

/// Writes a Clock chunk sampled now (in profile mode only into a file
/// created already). Caller holds the lock.
void writeClockLocked();

/// Writes a Sites chunk for descriptors [start, stop) (ids already set) and
/// keeps a copy of it for rewriteSiteChunksLocked. Caller holds the lock.
void writeSitesLocked(const __coroscope_site *start, const __coroscope_site *stop);

/// A Sites chunk (header included) for [start, stop), kept in memory and
/// not written (malloc: never freed), or null; its bytes in *size.
const char *copySitesLocked(const __coroscope_site *start, const __coroscope_site *stop,
                            size_t *size);

/// The bytes of `s`'s SiteEntry with its strings and padding, and writes
/// them at `p`, returning the end (for a Sites chunk built elsewhere).
size_t siteEntryBytes(const __coroscope_site &s);
char *putSiteEntry(char *p, const __coroscope_site &s);

/// Writes one Finding chunk: the record, its async backtrace and PCs.
void writeFindingLocked(const log::FindingRecord &f, const log::BacktraceEntry *backtrace,
                        const uint64_t *pcs);

/// Writes a LiveFrames chunk in pieces: the chunk and LiveFrames headers,
/// then exactly `h.count` records over one or more Part calls.
void writeLiveFramesBeginLocked(const log::LiveFramesHeader &h);
void writeLiveFramesPartLocked(const log::LiveFrame *frames, uint32_t count);

/// Writes a Modules chunk describing every loaded image (dl_iterate_phdr).
void writeModulesLocked();

/// Writes one whole chunk (header included), after the whole chunks back to
/// back in `before` when before_size is not 0, that supersede the previous chunks written
/// this way: over them when nothing was written after them, else after
/// everything. A profile snapshot so keeps the file's size bounded.
void writeReplaceableChunkLocked(const void *chunk, size_t size, const void *before = nullptr,
                                 size_t before_size = 0);

/// Writes the End chunk (log_format.h EndRecord): the process ends `how`
/// (EndHow) with `code`; `unwritten` events were recorded but are not in
/// the log. Caller holds the lock, or failed to get it in a signal handler.
/// In profile mode only into a file created already. After the End of an
/// exit or of a sanitizer's death nothing more is written.
void writeEndLocked(uint32_t how, int32_t code, uint32_t flags, uint64_t unwritten);

/// Writes every Sites chunk written so far again, from the copies.
void rewriteSiteChunksLocked();

/// After fork(), in the child: forget the parent's file so the next write
/// opens the child's own log, which then starts with every Sites chunk.
void resetAfterForkLocked();

} // namespace rt
} // namespace coroscope

#endif
