//===- log/log_reader.h - Parsing and validation of logs -------*- C++ -*-===//
//
// Reads the binary log described by coroscope/log_format.h. Two layers: the
// LogReader walks chunks in file order (what `coroscope dump` needs), and
// LogIndex makes one pass over the chunk headers to collect the clock samples,
// all sites and, per thread, where its event records live. The events
// themselves are not loaded: ThreadStream pages them in on demand so a report
// over a large log keeps only a small buffer per thread in memory. Events come
// as fixed 24-byte EventRecords (Events chunks, older writers) or packed
// (PackedEvents chunks); SegmentReader turns both into EventRecords.
//
// Every malformed input is reported as a LogError carrying the file offset of
// the offending bytes; nothing here trusts a length field before checking it
// against the file size.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LOG_LOG_READER_H
#define COROSCOPE_ANALYZER_LOG_LOG_READER_H

#include "coroscope/log_format.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace coroscope::analyzer {

/// A problem with one input file. The CLI prints it as
/// `coroscope: error: FILE: offset N: what`.
class LogError : public std::runtime_error {
public:
  LogError(std::string file, uint64_t offset, const std::string &what)
      : std::runtime_error(what), file_(std::move(file)), offset_(offset) {}
  const std::string &file() const { return file_; }
  uint64_t offset() const { return offset_; }

private:
  std::string file_;
  uint64_t offset_;
};

/// A site entry with its strings decoded.
struct Site {
  uint32_t id = 0;
  uint8_t kind = log::kSiteFunction;
  uint8_t build = 0; ///< log::BuildFlags
  uint32_t function_id = 0;
  uint32_t line = 0;
  uint32_t column = 0;
  std::string name;
  std::string file;
  std::string awaiter;
  uint64_t offset = 0; ///< where the entry starts in the file
};

/// How a log ended, as far as its bytes show (docs/report-format.md, "Log
/// status"): its End chunk if that is the last whole chunk, and what follows
/// the last whole chunk; and the process that wrote it.
struct LogEnd {
  /// kSanitizer: a sanitizer's report ended the process (EndHow kEndSanitizer).
  enum Kind { kComplete, kSignal, kIncomplete, kSanitizer };
  Kind kind = kIncomplete;
  int code = 0;                  ///< exit status (kComplete, kSanitizer) or signal (kSignal)
  bool status_known = false;     ///< kComplete, kSanitizer: `code` is exit()'s status
  uint64_t events_written = 0;   ///< as the End record says
  uint64_t events_unwritten = 0; ///< as the End record says
  /// Event records in the log's readable chunks (each chunk header's count).
  uint64_t events_read = 0;
  /// Chunks not used: those with a bad checksum, then a chunk cut short at
  /// the end. `unreadable_offset` is where the first of them starts.
  uint64_t unreadable_bytes = 0;
  uint64_t unreadable_offset = 0;
  uint64_t bad_chunks = 0; ///< of them, chunks whose checksum did not match
  /// The file ends inside its header (LogReader::cutInHeader()): nothing
  /// of it is read, not even who wrote it.
  bool header_cut = false;
  /// The End record's chunk chain disagrees with the chunks read (each
  /// whole and intact): chunks cut out, spliced in or reordered.
  bool chain_mismatch = false;
  /// Another log's header starts at this offset (0: none); what follows is
  /// not read as this log.
  uint64_t another_log_at = 0;
  // Who wrote it, from the FileHeader (host and start: 0 and "" when the
  // header is of the original 32 bytes).
  uint64_t pid = 0;
  std::string host;
  uint64_t start_unix_ns = 0; ///< CLOCK_REALTIME ns
  bool forked_child = false;  ///< log::kFlagForkedChild

  /// Whether the log's event records are not the ones its End record counts
  /// (chunks spliced in, appended or cut out): any difference when every
  /// chunk was readable, more records than it counts when some was not.
  bool countMismatch() const;
  /// Whether the log lacks something of its run, worth a warning (and
  /// failing `--strict`): no closing record, bytes unreadable, events
  /// recorded but not written, counts or chunks that disagree.
  bool incomplete() const;
};

/// Where a chunk sits in the file.
struct ChunkRef {
  uint32_t kind = 0;
  uint32_t checksum = 0; ///< as its header says (checked when the log has checksums)
  uint64_t offset = 0;   ///< of the ChunkHeader
  uint64_t payload_offset = 0;
  uint64_t payload_bytes = 0;
};

/// A run of consecutive event records of one thread: the records of one
/// Events or PackedEvents chunk.
struct EventSegment {
  uint64_t offset = 0; ///< of the first record
  uint64_t count = 0;  ///< records
  /// Bytes from `offset` to the end of the chunk's payload: the records and,
  /// when packed, the padding after them.
  uint64_t bytes = 0;
  uint64_t header = 0; ///< offset of the EventsHeader / PackedEventsHeader
  bool packed = false;
  log::PackedCursor base; ///< packed: the decoder state at the first record
};

/// The records of an Events chunk, whose header `h` was read already.
EventSegment eventSegment(const ChunkRef &chunk, const log::EventsHeader &h);
/// The records of a PackedEvents chunk, whose header `h` was read already.
EventSegment eventSegment(const ChunkRef &chunk, const log::PackedEventsHeader &h);

/// Whether `kind` is a known log::EventKind.
inline bool isEventKind(uint8_t kind) { return log::eventKindName(kind) != nullptr; }

/// `name`, or `fallback` where it is null: the log::*Name() functions give
/// null for a value outside their list.
inline const char *nameOr(const char *name, const char *fallback) { return name ? name : fallback; }

/// One Finding chunk: the record, its async backtrace and native PCs.
struct FindingData {
  log::FindingRecord record{};
  std::vector<log::BacktraceEntry> backtrace;
  std::vector<uint64_t> pcs;
  uint64_t offset = 0; ///< of the FindingRecord
};

/// A loaded image from a Modules chunk, its path decoded.
struct Module {
  uint64_t bias = 0;
  uint64_t start = 0;
  uint64_t end = 0;
  std::string path;
  uint64_t offset = 0; ///< where the entry starts in the file
};

/// One function of a Profile chunk with its sampled-time histograms.
struct ProfileFunctionData {
  log::ProfileFunction record{};
  std::vector<log::ProfileBucket> busy, suspended;
};

/// A Profile chunk (profile mode): the process's figures.
struct ProfileData {
  log::ProfileHeader header{};
  std::vector<ProfileFunctionData> functions;
  std::vector<log::ProfileSite> sites;
  uint64_t offset = 0; ///< of the ProfileHeader
};

/// Sequential access to one log file, chunk by chunk.
class LogReader {
public:
  /// Opens `path`; throws LogError when it cannot be opened.
  explicit LogReader(std::string path);
  ~LogReader();
  LogReader(const LogReader &) = delete;
  LogReader &operator=(const LogReader &) = delete;

  const std::string &path() const { return path_; }
  uint64_t size() const { return size_; }

  /// Reads and validates the file header; positions at the first chunk.
  /// A file shorter than its header whose bytes are the start of one (a log
  /// cut as it was created, 0 bytes included) reads as a log with no chunks
  /// and all its bytes cut: cutInHeader().
  log::FileHeader readHeader();
  bool cutInHeader() const { return cut_in_header_; }
  /// Reads the next chunk header. Returns false at the end of the file, and
  /// at a chunk cut short by it (a header or payload that runs past the end:
  /// what a killed writer leaves); cutBytes() then says how much.
  bool nextChunk(ChunkRef &chunk);
  /// Bytes at the end of the file that hold no whole chunk (0 for none),
  /// starting at cutOffset(). Set once nextChunk() returned false.
  uint64_t cutBytes() const { return size_ - cut_; }
  uint64_t cutOffset() const { return cut_; }
  /// Chunks skipped because their checksum (log_checksum.h) did not match:
  /// how many, their bytes, and where the first starts.
  uint64_t badChunks() const { return bad_chunks_; }
  uint64_t badBytes() const { return bad_bytes_; }
  uint64_t firstBadOffset() const { return first_bad_; }
  /// Where another log's file header starts inside this one (two logs in
  /// one stream), 0 for none: the chunks stop there.
  uint64_t anotherLogAt() const { return another_log_; }
  /// The header has kFlagChecksums.
  bool checksums() const { return checksums_; }
  /// The stored checksums of the bad chunks nextChunk() skipped by their
  /// length since the last call, in file order (the End record's chain).
  std::vector<uint32_t> takeSkippedChecksums() { return std::exchange(skipped_checksums_, {}); }

  log::ClockSample readClock(const ChunkRef &chunk);
  std::vector<Site> readSites(const ChunkRef &chunk);
  /// Reads the EventsHeader and checks that its records fit in the payload.
  log::EventsHeader readEventsHeader(const ChunkRef &chunk);
  /// Reads the PackedEventsHeader and checks that `count` records of at
  /// least 4 bytes fit in the payload (the exact check needs the records,
  /// SegmentReader makes it).
  log::PackedEventsHeader readPackedEventsHeader(const ChunkRef &chunk);
  /// Reads exactly `n` bytes at `offset`; `what` names the structure for the
  /// truncation message.
  void readAt(uint64_t offset, void *buf, size_t n, const char *what);
  /// Reads a Finding chunk; its payload must hold the record, the backtrace
  /// and the PCs the record announces (bytes beyond are ignored).
  FindingData readFinding(const ChunkRef &chunk);
  /// Reads a LiveFrames chunk; `count` frames must fit in the payload.
  std::vector<log::LiveFrame> readLiveFrames(const ChunkRef &chunk);
  std::vector<Module> readModules(const ChunkRef &chunk);
  /// Reads a Profile chunk; every record it announces must fit its payload,
  /// and its version must be COROSCOPE_PROFILE_VERSION.
  ProfileData readProfile(const ChunkRef &chunk);
  log::EndRecord readEnd(const ChunkRef &chunk);

  [[noreturn]] void fail(uint64_t offset, const std::string &what) const;

private:
  /// Fails a header whose checksum does not hold, naming the damaged byte.
  [[noreturn]] void failDamagedHeader(const log::FileHeader &h);
  log::FileHeader headerCut();
  /// A chunk header at `at`, read into `ch`, whose payload fits in the file.
  bool chunkFitsAt(uint64_t at, log::ChunkHeader &ch);
  /// A whole chunk starts at `at` (its header read into `ch`): it fits in
  /// the file and, with checksums, its checksum holds.
  bool validChunkAt(uint64_t at, log::ChunkHeader &ch);
  /// The first offset from `from` where a whole chunk with a matching
  /// checksum starts; the file's size if none does.
  uint64_t resync(uint64_t from);
  std::string path_;
  int fd_ = -1;
  uint64_t size_ = 0;
  uint64_t next_chunk_ = 0;
  uint64_t cut_ = UINT64_MAX; ///< where the last whole chunk ends, once known
  bool checksums_ = false;    ///< the header has kFlagChecksums
  bool cut_in_header_ = false;
  uint64_t bad_chunks_ = 0, bad_bytes_ = 0, first_bad_ = 0;
  uint64_t another_log_ = 0;
  std::vector<uint32_t> skipped_checksums_;
  /// The log magic starts at `at` (not the file's own header).
  bool logStartsAt(uint64_t at);
  bool checksumMatches(uint64_t at, const log::ChunkHeader &h);
  /// The fixed-size Record a chunk's payload starts with: a whole record
  /// (longer payloads hold later fields and are fine) or the header of what
  /// follows. Messages call them `chunk_name` and `record_name`.
  template <class Record>
  Record readRecordChunk(const ChunkRef &chunk, const char *chunk_name, const char *record_name);
  /// A chunk that is a Header holding a count, then that many entries, each
  /// a fixed Entry, its text (strings) and padding to 8 bytes (Sites,
  /// Modules): calls `take(entry, text, file_offset)` for each entry, once it
  /// is known to fit.
  template <class Entry, class Take> void readCountedChunk(const ChunkRef &chunk, Take take);
};

/// Everything about a log except its events, plus where the events are.
struct ThreadInfo {
  uint32_t thread = 0;
  uint32_t os_tid = 0;
  uint64_t events = 0;
  std::vector<EventSegment> segments; ///< in file order
};

class LogIndex {
public:
  /// Scans the whole file once; throws LogError on malformed input.
  explicit LogIndex(const std::string &path);

  const std::string &path() const { return reader_->path(); }
  const log::FileHeader &header() const { return header_; }
  const std::vector<log::ClockSample> &clockSamples() const { return clock_; }
  const std::map<uint32_t, Site> &sites() const { return sites_; }
  /// Sorted by thread number.
  const std::vector<ThreadInfo> &threads() const { return threads_; }
  /// Every Finding chunk, in file order.
  const std::vector<FindingData> &findings() const { return findings_; }
  /// The frames of the last LiveFrames chunk in the file.
  const std::vector<log::LiveFrame> &liveFrames() const { return live_; }
  bool hasLiveFrames() const { return has_live_; }
  /// The modules of all Modules chunks, in file order.
  const std::vector<Module> &modules() const { return modules_; }
  /// The last Profile chunk of the file (each holds all figures so far).
  const std::optional<ProfileData> &profile() const { return profile_; }
  const LogEnd &end() const { return end_; }
  LogReader &reader() const { return *reader_; }

private:
  std::unique_ptr<LogReader> reader_;
  log::FileHeader header_{};
  std::vector<log::ClockSample> clock_;
  std::map<uint32_t, Site> sites_;
  std::vector<ThreadInfo> threads_;
  std::vector<FindingData> findings_;
  std::vector<log::LiveFrame> live_;
  bool has_live_ = false;
  std::vector<Module> modules_;
  std::optional<ProfileData> profile_;
  LogEnd end_;
};

/// Reads the records of one segment in order, validating each: unknown
/// event kinds, and for packed records invalid value modes, records running
/// past the payload, and what follows the last record (at most 7 bytes of
/// zero padding). Errors carry the offset of the offending record.
///
/// Reads the file in blocks into `block`, which the caller owns so one
/// buffer serves all segments of a thread. Blocks start at 64 KiB (or
/// `max_block` if smaller) and double up to `max_block` while the segment
/// lasts: a log of many short threads then does not hold a large block per
/// thread.
class SegmentReader {
public:
  SegmentReader(LogReader &reader, const EventSegment &segment, std::vector<uint8_t> &block,
                size_t max_block = kDefaultBlock);

  /// Decodes up to `max` records into `out` (and their file offsets into
  /// `offsets` unless null); returns how many, 0 once the segment is done.
  /// Throws LogError for a malformed record, but only from a call that has
  /// decoded nothing yet: the records before it are returned first.
  size_t read(log::EventRecord *out, size_t max, uint64_t *offsets = nullptr);

  static constexpr size_t kMinBlock = size_t(64) << 10;
  static constexpr size_t kDefaultBlock = size_t(1) << 20;

private:
  size_t readFixed(log::EventRecord *out, size_t max, uint64_t *offsets);
  size_t readPacked(log::EventRecord *out, size_t max, uint64_t *offsets);
  /// Keeps the undecoded tail of the block and reads more of the payload.
  void refill();
  [[noreturn]] void failRecord(uint64_t at, size_t avail);
  void checkPadding();

  LogReader &reader_;
  EventSegment seg_;
  std::vector<uint8_t> &block_;
  size_t max_block_;
  size_t want_ = kMinBlock; ///< bytes the next refill reads, grows to max_block_
  uint64_t left_;           ///< records not yet decoded
  uint64_t next_;           ///< file offset of the next byte to read
  uint64_t end_;            ///< end of the payload
  log::PackedCursor cursor_;
  size_t pos_ = 0, filled_ = 0; ///< undecoded bytes: block_[pos_, filled_)
  bool padding_checked_ = false;
};

/// Pages in the event records of one thread, across all its chunks.
class ThreadStream {
public:
  /// `max_block`: the largest read, see SegmentReader.
  ThreadStream(LogReader &reader, const ThreadInfo &info,
               size_t max_block = SegmentReader::kDefaultBlock);

  /// Decodes up to `max` further records into `out`; 0 when the thread has
  /// no more events (its block is freed then). Throws LogError on a
  /// malformed record.
  size_t read(log::EventRecord *out, size_t max);
  uint32_t thread() const { return thread_; }

private:
  LogReader &reader_;
  uint32_t thread_;
  const std::vector<EventSegment> &segments_;
  size_t max_block_;
  size_t segment_ = 0;
  std::vector<uint8_t> block_;
  std::optional<SegmentReader> current_;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_LOG_LOG_READER_H
