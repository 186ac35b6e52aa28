//===- log/log_reader.cpp - Parsing and validation of coroscope logs -----===//
//
// The reader never trusts a size field: every length is checked against the
// file (or the enclosing chunk) before anything is read, so truncated or
// garbage files become LogErrors instead of huge allocations or crashes.
// Records are copied out with memcpy because the on-disk structs are packed
// little-endian and the file gives no alignment guarantee for mmap-free reads.
//
//===----------------------------------------------------------------------===//
#include "log/log_reader.h"

#include "coroscope/log_checksum.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace coroscope::analyzer {

static_assert(std::endian::native == std::endian::little,
              "the log is little-endian and read by memcpy");

using namespace coroscope::log;

EventSegment eventSegment(const ChunkRef &chunk, const EventsHeader &h) {
  EventSegment seg;
  seg.header = chunk.payload_offset;
  seg.offset = chunk.payload_offset + sizeof(EventsHeader);
  seg.count = h.count;
  seg.bytes = h.count * sizeof(EventRecord);
  return seg;
}

EventSegment eventSegment(const ChunkRef &chunk, const PackedEventsHeader &h) {
  EventSegment seg;
  seg.header = chunk.payload_offset;
  seg.offset = chunk.payload_offset + sizeof(PackedEventsHeader);
  seg.count = h.count;
  seg.bytes = chunk.payload_bytes - sizeof(PackedEventsHeader);
  seg.packed = true;
  seg.base = {h.base_ts, h.base_frame, h.base_other_frame};
  return seg;
}

//===----------------------------------------------------------------------===//
// LogReader
//===----------------------------------------------------------------------===//

LogReader::LogReader(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0)
    fail(0, std::string("cannot open: ") + std::strerror(errno));
  struct stat st;
  if (::fstat(fd_, &st) != 0)
    fail(0, std::string("cannot stat: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    fail(0, "not a regular file");
  size_ = static_cast<uint64_t>(st.st_size);
}

LogReader::~LogReader() {
  if (fd_ >= 0)
    ::close(fd_);
}

void LogReader::fail(uint64_t offset, const std::string &what) const {
  throw LogError(path_, offset, what);
}

void LogReader::readAt(uint64_t offset, void *buf, size_t n, const char *what) {
  if (offset > size_ || n > size_ - offset)
    fail(offset, std::string("truncated ") + what + " (needs " + std::to_string(n) +
                     " bytes, file has " + std::to_string(offset > size_ ? 0 : size_ - offset) +
                     " left)");
  auto *p = static_cast<char *>(buf);
  size_t done = 0;
  while (done < n) {
    ssize_t r = ::pread(fd_, p + done, n - done, static_cast<off_t>(offset + done));
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      fail(offset + done, std::string("read error: ") + std::strerror(errno));
    if (r == 0) // the file shrank under us
      fail(offset + done, std::string("truncated ") + what);
    done += static_cast<size_t>(r);
  }
}

namespace {
/// The FileHeader's fields by where they start, to name a damaged byte.
struct HeaderField {
  size_t offset;
  const char *name;
};
constexpr HeaderField kHeaderFields[] = {
    {offsetof(FileHeader, magic), "magic"},
    {offsetof(FileHeader, version), "version"},
    {offsetof(FileHeader, header_size), "header_size"},
    {offsetof(FileHeader, pid), "pid"},
    {offsetof(FileHeader, flags), "flags"},
    {offsetof(FileHeader, start_unix_ns), "start_unix_ns"},
    {offsetof(FileHeader, host), "host"},
    {offsetof(FileHeader, header_checksum), "header_checksum"},
    {offsetof(FileHeader, reserved), "reserved"},
};

const char *headerFieldAt(size_t offset) {
  const char *name = kHeaderFields[0].name;
  for (const HeaderField &f : kHeaderFields)
    if (f.offset <= offset)
      name = f.name;
  return name;
}

/// The one byte of a header whose checksum fails that, given another
/// value, makes it hold (a flipped bit, an overwritten byte): its offset
/// and that value. None when no byte or more than one does. 112 x 255
/// checksums of 112 bytes: a millisecond, once per damaged log.
std::optional<std::pair<size_t, uint8_t>> damagedHeaderByte(const FileHeader &h) {
  std::optional<std::pair<size_t, uint8_t>> found;
  int matches = 0;
  auto bytes = [](const FileHeader &x) { return reinterpret_cast<const uint8_t *>(&x); };
  constexpr size_t sum_at = offsetof(FileHeader, header_checksum);
  uint32_t computed = fileHeaderChecksum(h);
  for (size_t i = 0; i < sizeof h; ++i) {
    if (i >= sum_at && i < sum_at + sizeof h.header_checksum) {
      // The stored checksum is not under its own: it is the damaged byte
      // when it differs from the computed one there alone.
      FileHeader fixed = h;
      std::memcpy(reinterpret_cast<uint8_t *>(&fixed) + i,
                  reinterpret_cast<const uint8_t *>(&computed) + (i - sum_at), 1);
      if (fixed.header_checksum == computed && bytes(fixed)[i] != bytes(h)[i]) {
        found = {i, bytes(fixed)[i]};
        ++matches;
      }
      continue;
    }
    FileHeader fixed = h;
    uint8_t &b = reinterpret_cast<uint8_t *>(&fixed)[i];
    for (unsigned v = 0; v < 256; ++v) {
      if (v == bytes(h)[i])
        continue;
      b = uint8_t(v);
      if (fileHeaderChecksum(fixed) == fixed.header_checksum) {
        found = {i, uint8_t(v)};
        ++matches;
      }
    }
  }
  return matches == 1 ? found : std::nullopt;
}
} // namespace

void LogReader::failDamagedHeader(const FileHeader &h) {
  // Damage, not a newer format: a newer writer's header would check. Where
  // one changed byte explains the mismatch, that byte is named.
  if (auto byte = damagedHeaderByte(h)) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "damaged file header (checksum mismatch): byte %zu, in `%s`, reads 0x%02x "
                  "where its checksum wants 0x%02x",
                  byte->first, headerFieldAt(byte->first),
                  reinterpret_cast<const uint8_t *>(&h)[byte->first], byte->second);
    fail(byte->first, buf);
  }
  fail(0, "damaged file header (checksum mismatch)");
}

FileHeader LogReader::readHeader() {
  FileHeader h{};
  constexpr uint64_t kBase = COROSCOPE_LOG_BASE_HEADER_BYTES;
  if (size_ < kBase) {
    // A log cut inside its header (a disk full as it was created: often 0
    // bytes) is a log that holds nothing yet, not a file of another kind.
    uint64_t magic = COROSCOPE_LOG_MAGIC;
    char head[sizeof magic];
    size_t n = size_t(std::min<uint64_t>(size_, sizeof magic));
    readAt(0, head, n, "file header");
    if (std::memcmp(head, &magic, n) == 0)
      return headerCut();
    fail(0, "truncated file header (" + std::to_string(size_) + " bytes, need " +
                std::to_string(kBase) + ")");
  }
  readAt(0, &h, std::min<uint64_t>(size_, sizeof h), "file header");
  // The flag or a header long enough to hold the checksum means it has one:
  // one flipped bit cannot skip the check (nor kFlagChecksums unchecked).
  bool extended = h.header_size >= sizeof h || (h.flags & kFlagHeaderChecksum);
  bool whole = size_ >= sizeof h;
  if (h.magic != COROSCOPE_LOG_MAGIC) {
    // A header that checks once the magic is restored is a damaged log,
    // not another kind of file.
    FileHeader fixed = h;
    fixed.magic = COROSCOPE_LOG_MAGIC;
    if (whole && fileHeaderChecksum(fixed) == fixed.header_checksum)
      failDamagedHeader(h);
    char buf[64];
    std::snprintf(buf, sizeof buf, "bad magic 0x%016llx (not a coroscope log)",
                  static_cast<unsigned long long>(h.magic));
    fail(0, buf);
  }
  // The checksum before the version: a damaged version field is not a log
  // of a newer coroscope.
  if (extended && whole && fileHeaderChecksum(h) != h.header_checksum)
    failDamagedHeader(h);
  if (h.version != COROSCOPE_LOG_VERSION)
    fail(8, "unsupported log version " + std::to_string(h.version) +
                " (this analyzer reads version " + std::to_string(COROSCOPE_LOG_VERSION) + ")");
  if (extended) {
    if (!whole)
      return headerCut();
    if (h.header_size < sizeof h)
      fail(12, "bad header size " + std::to_string(h.header_size));
  } else {
    if (h.header_size < kBase)
      fail(12, "bad header size " + std::to_string(h.header_size));
    std::memset(reinterpret_cast<char *>(&h) + kBase, 0, sizeof h - kBase);
  }
  if (h.header_size > size_)
    fail(12, "file header (" + std::to_string(h.header_size) + " bytes) runs past end of file");
  h.host[sizeof h.host - 1] = 0;
  next_chunk_ = h.header_size;
  checksums_ = (h.flags & kFlagChecksums) != 0;
  return h;
}

FileHeader LogReader::headerCut() {
  // Nothing of it is trusted: no writer, no flags, no chunks.
  FileHeader h{};
  h.magic = COROSCOPE_LOG_MAGIC;
  h.version = COROSCOPE_LOG_VERSION;
  next_chunk_ = size_;
  cut_in_header_ = true;
  return h;
}

bool LogReader::checksumMatches(uint64_t at, const ChunkHeader &h) {
  ChunkChecksum sum;
  sum.begin(h);
  std::vector<char> block(std::min<uint64_t>(h.payload_bytes, 1 << 20));
  for (uint64_t done = 0; done < h.payload_bytes;) {
    size_t n = size_t(std::min<uint64_t>(block.size(), h.payload_bytes - done));
    readAt(at + sizeof h + done, block.data(), n, "chunk payload");
    sum.add(block.data(), n);
    done += n;
  }
  return sum.value() == h.checksum;
}

bool LogReader::chunkFitsAt(uint64_t at, ChunkHeader &ch) {
  if (at > size_ || size_ - at < sizeof(ChunkHeader))
    return false;
  readAt(at, &ch, sizeof ch, "chunk header");
  return ch.payload_bytes <= size_ - at - sizeof(ChunkHeader);
}

bool LogReader::logStartsAt(uint64_t at) {
  // The magic alone could be a program's text: a header that checks.
  FileHeader h{};
  if (at == 0 || at > size_ || size_ - at < sizeof h)
    return false;
  readAt(at, &h, sizeof h, "file header");
  return h.magic == COROSCOPE_LOG_MAGIC && (h.flags & kFlagHeaderChecksum) &&
         h.header_size >= sizeof h && fileHeaderChecksum(h) == h.header_checksum;
}

bool LogReader::validChunkAt(uint64_t at, ChunkHeader &ch) {
  return chunkFitsAt(at, ch) && (!checksums_ || checksumMatches(at, ch));
}

uint64_t LogReader::resync(uint64_t from) {
  // Every offset is a candidate (a program's own text in the log's stream
  // shifts the chunks by any amount); a cheap look at the header rules out
  // nearly all before the checksum is computed.
  constexpr uint32_t kMaxKind = 64; // the known kinds and room for new ones
  std::vector<char> window(1 << 20);
  for (uint64_t base = from; base < size_ && size_ - base >= sizeof(ChunkHeader);) {
    size_t n = size_t(std::min<uint64_t>(window.size(), size_ - base));
    readAt(base, window.data(), n, "chunk header");
    size_t last = n - sizeof(ChunkHeader);
    for (size_t i = 0; i <= last; ++i) {
      ChunkHeader ch;
      std::memcpy(&ch, window.data() + i, sizeof ch);
      uint64_t at = base + i;
      uint64_t magic;
      std::memcpy(&magic, window.data() + i, sizeof magic);
      if (magic == COROSCOPE_LOG_MAGIC && logStartsAt(at))
        return at; // another log starts: nextChunk stops there
      if (ch.kind == 0 || ch.kind > kMaxKind || ch.checksum == 0 ||
          ch.payload_bytes > size_ - at - sizeof(ChunkHeader))
        continue;
      if (checksumMatches(at, ch))
        return at;
    }
    base += last + 1;
  }
  return size_;
}

bool LogReader::nextChunk(ChunkRef &chunk) {
  ChunkHeader ch{};
  uint64_t at, payload;
  for (;;) {
    at = next_chunk_;
    if (at == size_) {
      cut_ = cut_in_header_ ? 0 : size_;
      return false;
    }
    bool fits = chunkFitsAt(at, ch);
    if (fits && (!checksums_ || checksumMatches(at, ch)))
      break;
    if (logStartsAt(at)) {
      // Another process's log in the same stream (an exec'd image writing
      // to the pipe again, `cat a.log b.log`): its chunks would be read
      // under this log's sites. This log ends here.
      another_log_ = at;
      cut_ = at;
      next_chunk_ = size_;
      return false;
    }
    // Damaged, or cut short by the end of the file. With checksums the next
    // whole chunk is found again: where this one's length says, or by a
    // search when the length itself is damaged (or foreign bytes were
    // written into the stream), so one bad chunk loses only itself.
    uint64_t by_length = fits ? at + sizeof(ChunkHeader) + ch.payload_bytes : size_;
    uint64_t next = by_length;
    if (checksums_) {
      ChunkHeader after{};
      if (!fits || (by_length != size_ && !validChunkAt(by_length, after)))
        next = resync(at + 1);
    }
    if (next == size_ && !fits) {
      // Nothing whole after it: the writer was killed mid-write (or the
      // disk filled). What came before stands.
      cut_ = at;
      next_chunk_ = size_;
      return false;
    }
    if (bad_chunks_++ == 0)
      first_bad_ = at;
    bad_bytes_ += next - at;
    next_chunk_ = next;
    // A chunk whose length still leads to the next whole chunk is a chunk
    // of the log with a damaged payload: its header's checksum is the one
    // the End record chained (text found by the search is not).
    if (fits && next == by_length)
      skipped_checksums_.push_back(ch.checksum);
  }
  payload = at + sizeof(ChunkHeader);
  next_chunk_ = payload + ch.payload_bytes;
  chunk.kind = ch.kind;
  chunk.checksum = ch.checksum;
  chunk.offset = at;
  chunk.payload_offset = payload;
  chunk.payload_bytes = ch.payload_bytes;
  return true;
}

template <class Record>
Record LogReader::readRecordChunk(const ChunkRef &chunk, const char *chunk_name,
                                  const char *record_name) {
  if (chunk.payload_bytes < sizeof(Record))
    fail(chunk.offset, std::string(chunk_name) + " chunk payload too short (" +
                           std::to_string(chunk.payload_bytes) + " bytes)");
  Record r{};
  readAt(chunk.payload_offset, &r, sizeof r, record_name);
  return r;
}

EndRecord LogReader::readEnd(const ChunkRef &chunk) {
  return readRecordChunk<EndRecord>(chunk, "end", "end record");
}

ClockSample LogReader::readClock(const ChunkRef &chunk) {
  return readRecordChunk<ClockSample>(chunk, "clock", "clock sample");
}

// How a counted chunk's entries are laid out and what messages call them:
// the chunk ("sites"), an entry ("site"), the text after its fixed part
// ("strings", and the verb that agrees with it) and the number an entry is
// known by.
template <class Entry> struct CountedEntry;

template <> struct CountedEntry<SiteEntry> {
  using Header = SitesHeader;
  static constexpr const char *kChunk = "sites", *kEntry = "site", *kText = "strings",
                              *kTextRuns = "run";
  static size_t textBytes(const SiteEntry &e) {
    return size_t(e.name_len) + e.file_len + e.awaiter_len;
  }
  static uint64_t number(const SiteEntry &e, uint32_t) { return e.id; }
};

template <> struct CountedEntry<ModuleEntry> {
  using Header = ModulesHeader;
  static constexpr const char *kChunk = "modules", *kEntry = "module", *kText = "path",
                              *kTextRuns = "runs";
  static size_t textBytes(const ModuleEntry &e) { return e.path_len; }
  static uint64_t number(const ModuleEntry &, uint32_t i) { return i; }
};

template <class Entry, class Take>
void LogReader::readCountedChunk(const ChunkRef &chunk, Take take) {
  using Layout = CountedEntry<Entry>;
  using Header = typename Layout::Header;
  const std::string chunk_name = Layout::kChunk;
  Header h = readRecordChunk<Header>(chunk, Layout::kChunk, (chunk_name + " header").c_str());
  // One buffer for the whole payload: it is bounded by the file size, which
  // was checked in nextChunk, and these tables are small.
  std::vector<char> data(chunk.payload_bytes - sizeof(Header));
  if (!data.empty())
    readAt(chunk.payload_offset + sizeof(Header), data.data(), data.size(),
           (chunk_name + " chunk").c_str());
  const std::string past_end = " past the end of the " + chunk_name + " chunk";
  size_t pos = 0;
  for (uint32_t i = 0; i < h.count; ++i) {
    uint64_t at = chunk.payload_offset + sizeof(Header) + pos;
    if (data.size() - pos < sizeof(Entry))
      fail(at, std::string(Layout::kEntry) + " entry " + std::to_string(i) + " of " +
                   std::to_string(h.count) + " runs" + past_end);
    Entry e{};
    std::memcpy(&e, data.data() + pos, sizeof e);
    auto name = [&] {
      return std::string(Layout::kEntry) + " " + std::to_string(Layout::number(e, i));
    };
    size_t text_bytes = Layout::textBytes(e);
    if (data.size() - pos - sizeof(Entry) < text_bytes)
      fail(at, name() + ": " + Layout::kText + " (" + std::to_string(text_bytes) + " bytes) " +
                   Layout::kTextRuns + past_end);
    size_t entry = (sizeof(Entry) + text_bytes + 7) & ~size_t(7);
    if (data.size() - pos < entry)
      fail(at, name() + ": entry padding runs" + past_end);
    take(e, data.data() + pos + sizeof(Entry), at);
    pos += entry;
  }
}

std::vector<Site> LogReader::readSites(const ChunkRef &chunk) {
  std::vector<Site> sites;
  readCountedChunk<SiteEntry>(chunk, [&](const SiteEntry &e, const char *str, uint64_t at) {
    if (e.id == 0)
      fail(at, "site with id 0");
    if (!siteKindName(e.kind))
      fail(at + 4, "site " + std::to_string(e.id) + ": bad site kind " + std::to_string(e.kind));
    Site s;
    s.id = e.id;
    s.kind = e.kind;
    s.build = e.build;
    s.function_id = e.function_id;
    s.line = e.line;
    s.column = e.column;
    s.name.assign(str, e.name_len);
    s.file.assign(str + e.name_len, e.file_len);
    s.awaiter.assign(str + e.name_len + e.file_len, e.awaiter_len);
    s.offset = at;
    sites.push_back(std::move(s));
  });
  return sites;
}

EventsHeader LogReader::readEventsHeader(const ChunkRef &chunk) {
  EventsHeader eh = readRecordChunk<EventsHeader>(chunk, "events", "events header");
  uint64_t room = (chunk.payload_bytes - sizeof(EventsHeader)) / sizeof(EventRecord);
  if (eh.count > room)
    fail(chunk.payload_offset, "events chunk claims " + std::to_string(eh.count) +
                                   " records but its payload holds " + std::to_string(room));
  return eh;
}

PackedEventsHeader LogReader::readPackedEventsHeader(const ChunkRef &chunk) {
  PackedEventsHeader ph =
      readRecordChunk<PackedEventsHeader>(chunk, "packed events", "packed events header");
  // Every record is at least its 4-byte head: a cheap bound here keeps a
  // wild count from being trusted; the exact check comes with the records.
  uint64_t room = (chunk.payload_bytes - sizeof(PackedEventsHeader)) / 4;
  if (ph.count > room)
    fail(chunk.payload_offset, "packed events chunk claims " + std::to_string(ph.count) +
                                   " records but its payload holds at most " +
                                   std::to_string(room));
  return ph;
}

FindingData LogReader::readFinding(const ChunkRef &chunk) {
  FindingData f;
  f.offset = chunk.payload_offset;
  f.record = readRecordChunk<FindingRecord>(chunk, "finding", "finding record");
  const FindingRecord &r = f.record;
  // An advice kind has no name here: the runtime never writes one, so a log
  // holding one is corrupt.
  if (!runtimeCheckName(r.check))
    fail(f.offset, "bad check kind " + std::to_string(r.check));
  if (!severityName(r.severity))
    fail(f.offset + 1, "bad severity " + std::to_string(r.severity));
  // Both counts are u16, so this cannot overflow and the buffers are small.
  uint64_t need = sizeof(FindingRecord) + uint64_t(r.backtrace_len) * sizeof(BacktraceEntry) +
                  uint64_t(r.pc_count) * sizeof(uint64_t);
  if (need > chunk.payload_bytes)
    fail(f.offset, "finding claims " + std::to_string(r.backtrace_len) + " backtrace entries and " +
                       std::to_string(r.pc_count) + " pcs (" + std::to_string(need) +
                       " bytes) but its payload holds " + std::to_string(chunk.payload_bytes));
  uint64_t at = f.offset + sizeof(FindingRecord);
  f.backtrace.resize(r.backtrace_len);
  if (r.backtrace_len)
    readAt(at, f.backtrace.data(), f.backtrace.size() * sizeof(BacktraceEntry),
           "finding backtrace");
  at += f.backtrace.size() * sizeof(BacktraceEntry);
  f.pcs.resize(r.pc_count);
  if (r.pc_count)
    readAt(at, f.pcs.data(), f.pcs.size() * sizeof(uint64_t), "finding pcs");
  return f;
}

std::vector<LiveFrame> LogReader::readLiveFrames(const ChunkRef &chunk) {
  LiveFramesHeader lh =
      readRecordChunk<LiveFramesHeader>(chunk, "live frames", "live frames header");
  uint64_t room = (chunk.payload_bytes - sizeof(LiveFramesHeader)) / sizeof(LiveFrame);
  if (lh.count > room)
    fail(chunk.payload_offset, "live frames chunk claims " + std::to_string(lh.count) +
                                   " frames but its payload holds " + std::to_string(room));
  std::vector<LiveFrame> frames(lh.count);
  if (!frames.empty())
    readAt(chunk.payload_offset + sizeof(LiveFramesHeader), frames.data(),
           frames.size() * sizeof(LiveFrame), "live frames");
  return frames;
}

ProfileData LogReader::readProfile(const ChunkRef &chunk) {
  ProfileData d;
  d.offset = chunk.payload_offset;
  d.header = readRecordChunk<ProfileHeader>(chunk, "profile", "profile header");
  if (d.header.version != COROSCOPE_PROFILE_VERSION && d.header.version != 1)
    fail(chunk.payload_offset, "profile chunk version " + std::to_string(d.header.version) +
                                   " (this coroscope reads versions 1 to " +
                                   std::to_string(COROSCOPE_PROFILE_VERSION) + ")");
  // Version 1's function records end before `inherited` (0 then).
  uint64_t function_bytes =
      d.header.version == 1 ? COROSCOPE_PROFILE_V1_FUNCTION_BYTES : sizeof(ProfileFunction);
  uint64_t at = chunk.payload_offset + sizeof(ProfileHeader);
  uint64_t end = chunk.payload_offset + chunk.payload_bytes;
  auto need = [&](uint64_t bytes, const char *what) {
    if (bytes > end - at)
      fail(at, std::string("profile chunk ends inside its ") + what);
  };
  d.functions.reserve(std::min<uint64_t>(d.header.functions, (end - at) / function_bytes));
  for (uint32_t i = 0; i < d.header.functions; ++i) {
    ProfileFunctionData f;
    need(function_bytes, "function records");
    readAt(at, &f.record, function_bytes, "profile function");
    at += function_bytes;
    for (auto [v, n] : {std::pair{&f.busy, f.record.busy_buckets},
                        std::pair{&f.suspended, f.record.suspended_buckets}}) {
      need(uint64_t(n) * sizeof(ProfileBucket), "time buckets");
      v->resize(n);
      if (n)
        readAt(at, v->data(), n * sizeof(ProfileBucket), "profile buckets");
      at += uint64_t(n) * sizeof(ProfileBucket);
    }
    d.functions.push_back(std::move(f));
  }
  need(uint64_t(d.header.sites) * sizeof(ProfileSite), "site records");
  d.sites.resize(d.header.sites);
  if (!d.sites.empty())
    readAt(at, d.sites.data(), d.sites.size() * sizeof(ProfileSite), "profile sites");
  at += d.sites.size() * sizeof(ProfileSite);
  // The records fill the payload exactly: anything else is another layout.
  if (at != end)
    fail(at, "profile chunk has " + std::to_string(end - at) + " bytes after its records");
  return d;
}

std::vector<Module> LogReader::readModules(const ChunkRef &chunk) {
  std::vector<Module> modules;
  readCountedChunk<ModuleEntry>(chunk, [&](const ModuleEntry &e, const char *path, uint64_t at) {
    Module m;
    m.bias = e.bias;
    m.start = e.start;
    m.end = e.end;
    m.path.assign(path, e.path_len);
    m.offset = at;
    modules.push_back(std::move(m));
  });
  return modules;
}

bool LogEnd::countMismatch() const {
  // Lost chunks only lower the count: more records than the writer wrote
  // came from elsewhere, whatever else is damaged.
  return kind != kIncomplete &&
         (unreadable_bytes == 0 ? events_read != events_written : events_read > events_written);
}

bool LogEnd::incomplete() const {
  return kind == kIncomplete || unreadable_bytes > 0 || events_unwritten > 0 || countMismatch() ||
         chain_mismatch;
}

//===----------------------------------------------------------------------===//
// LogIndex
//===----------------------------------------------------------------------===//

namespace {
void addSegment(std::map<uint32_t, ThreadInfo> &threads, uint32_t thread, uint32_t os_tid,
                const EventSegment &seg) {
  ThreadInfo &t = threads[thread];
  t.thread = thread;
  if (t.os_tid == 0)
    t.os_tid = os_tid;
  t.events += seg.count;
  // A packed chunk without records still has its padding checked.
  if (seg.count || (seg.packed && seg.bytes))
    t.segments.push_back(seg);
}
} // namespace

LogIndex::LogIndex(const std::string &path) : reader_(std::make_unique<LogReader>(path)) {
  LogReader &r = *reader_;
  header_ = r.readHeader();
  std::map<uint32_t, ThreadInfo> threads;
  std::optional<EndRecord> end;
  uint32_t last_kind = 0;
  ChunkRef chunk;
  // The chain over the chunks read so far, and its value before the last
  // End record (log::chainChunk; EndRecord::chunk_chain).
  uint32_t chain = 0, chain_before_end = 0;
  auto chainSkipped = [&] {
    for (uint32_t sum : r.takeSkippedChecksums())
      chain = chainChunk(chain, sum);
  };
  while (r.nextChunk(chunk)) {
    chainSkipped();
    if (chunk.kind == kChunkEnd)
      chain_before_end = chain;
    chain = chainChunk(chain, chunk.checksum);
    switch (chunk.kind) {
    case kChunkClock:
      clock_.push_back(r.readClock(chunk));
      break;
    case kChunkSites:
      // Ids are unique per log; a repeated entry (a runtime that re-emits its
      // table) keeps the first definition.
      for (Site &s : r.readSites(chunk))
        sites_.emplace(s.id, std::move(s));
      break;
    case kChunkEvents: {
      EventsHeader eh = r.readEventsHeader(chunk);
      addSegment(threads, eh.thread, eh.os_tid, eventSegment(chunk, eh));
      break;
    }
    case kChunkPackedEvents: {
      PackedEventsHeader ph = r.readPackedEventsHeader(chunk);
      addSegment(threads, ph.thread, ph.os_tid, eventSegment(chunk, ph));
      break;
    }
    case kChunkFinding:
      findings_.push_back(r.readFinding(chunk));
      break;
    case kChunkLiveFrames:
      // Each snapshot supersedes the earlier ones (a dump on a signal, then
      // the one at exit), but all are validated.
      live_ = r.readLiveFrames(chunk);
      has_live_ = true;
      break;
    case kChunkModules:
      for (Module &m : r.readModules(chunk))
        modules_.push_back(std::move(m));
      break;
    case kChunkProfile:
      profile_ = r.readProfile(chunk);
      break;
    case kChunkEnd:
      end = r.readEnd(chunk);
      break;
    default:
      break; // unknown chunk kinds are skipped by design (forward compat)
    }
    last_kind = chunk.kind;
  }
  // Complete only when the End record is the last whole chunk: a process
  // that went on after a signal it survived ends with another one. Bytes
  // after it that form no chunk (text the program printed into the stream
  // its log goes to, flushed at exit after the End) are unreadable, not a
  // missing end.
  if (end && last_kind == kChunkEnd) {
    end_.kind = end->how == kEndSignal      ? LogEnd::kSignal
                : end->how == kEndSanitizer ? LogEnd::kSanitizer
                                            : LogEnd::kComplete;
    end_.code = end->code;
    end_.status_known = end->how != kEndSignal && (end->flags & kEndStatusKnown);
    end_.events_written = end->events_written;
    end_.events_unwritten = end->events_unwritten;
    // Chunks with a damaged payload are chained by their headers'
    // checksums; text between chunks is not in the chain: so a chunk cut
    // out or spliced in shows even beside such damage.
    end_.chain_mismatch =
        r.checksums() && (end->flags & kEndChunkChain) && end->chunk_chain != chain_before_end;
  }
  end_.another_log_at = r.anotherLogAt();
  for (const auto &[id, t] : threads)
    end_.events_read += t.events;
  end_.pid = header_.pid;
  end_.forked_child = (header_.flags & kFlagForkedChild) != 0;
  end_.host = header_.host;
  end_.start_unix_ns = header_.start_unix_ns;
  end_.bad_chunks = r.badChunks();
  end_.header_cut = r.cutInHeader();
  end_.unreadable_bytes = r.badBytes() + r.cutBytes();
  end_.unreadable_offset = r.badChunks() ? r.firstBadOffset() : r.cutOffset();
  for (auto &[id, t] : threads)
    threads_.push_back(std::move(t));
}

//===----------------------------------------------------------------------===//
// SegmentReader
//===----------------------------------------------------------------------===//

SegmentReader::SegmentReader(LogReader &reader, const EventSegment &segment,
                             std::vector<uint8_t> &block, size_t max_block)
    : reader_(reader), seg_(segment), block_(block),
      max_block_(std::max(max_block, size_t(kPackedMaxRecord) * 2)), left_(segment.count),
      next_(segment.offset), end_(segment.offset + segment.bytes), cursor_(segment.base) {
  want_ = std::min(want_, max_block_);
}

size_t SegmentReader::read(EventRecord *out, size_t max, uint64_t *offsets) {
  if (seg_.packed)
    return readPacked(out, max, offsets);
  return readFixed(out, max, offsets);
}

size_t SegmentReader::readFixed(EventRecord *out, size_t max, uint64_t *offsets) {
  size_t n = static_cast<size_t>(std::min<uint64_t>(max, left_));
  if (n == 0)
    return 0;
  // Straight into the caller's records: they are the on-disk layout.
  reader_.readAt(next_, out, n * sizeof(EventRecord), "event records");
  for (size_t i = 0; i < n; ++i) {
    uint64_t at = next_ + i * sizeof(EventRecord);
    if (!isEventKind(out[i].kind)) {
      if (i == 0)
        reader_.fail(at, "bad event kind " + std::to_string(out[i].kind));
      n = i; // the records before it first; the next read fails
      break;
    }
    if (offsets)
      offsets[i] = at;
  }
  next_ += n * sizeof(EventRecord);
  left_ -= n;
  return n;
}

void SegmentReader::refill() {
  size_t tail = filled_ - pos_;
  if (pos_ != 0 && tail)
    std::memmove(block_.data(), block_.data() + pos_, tail);
  pos_ = 0;
  filled_ = tail;
  size_t n = static_cast<size_t>(std::min<uint64_t>(want_, end_ - next_));
  if (block_.size() < tail + n)
    block_.resize(tail + n);
  reader_.readAt(next_, block_.data() + tail, n, "packed event records");
  next_ += n;
  filled_ += n;
  want_ = std::min(want_ * 2, max_block_);
}

void SegmentReader::failRecord(uint64_t at, size_t avail) {
  if (avail == 0)
    reader_.fail(seg_.header, "packed events chunk claims " + std::to_string(seg_.count) +
                                  " records but its payload ends after " +
                                  std::to_string(seg_.count - left_));
  uint32_t head = 0;
  std::memcpy(&head, block_.data() + pos_, std::min<size_t>(avail, 4));
  uint32_t value = (head >> 5) & 3, frame = (head >> 7) & 3;
  if (avail >= 4 && value == 3)
    reader_.fail(at, "bad packed value mode 3");
  auto bytes = [](uint32_t mode) {
    return mode == kPackedDelta32 ? 4u : mode == kPackedAbs64 ? 8u : 0u;
  };
  uint32_t need =
      avail < 4 ? 4 : 4 + ((head >> 10) == kPackedSiteEscape ? 4 : 0) + bytes(value) + bytes(frame);
  reader_.fail(at, "truncated packed event record (needs " + std::to_string(need) +
                       " bytes, the chunk has " + std::to_string(avail) + " left)");
}

size_t SegmentReader::readPacked(EventRecord *out, size_t max, uint64_t *offsets) {
  size_t done = 0;
  while (done < max && left_ > 0) {
    size_t avail = filled_ - pos_;
    if (avail < kPackedMaxRecord && next_ < end_) {
      refill();
      avail = filled_;
    }
    // Records decoded without going back to refill: while a full
    // kPackedMaxRecord is buffered for each of them.
    size_t batch = static_cast<size_t>(
        std::min<uint64_t>(std::min<uint64_t>(max - done, left_), avail / kPackedMaxRecord));
    if (batch == 0)
      batch = 1; // the payload's last bytes: decodePacked checks the bounds
    const uint8_t *base = block_.data();
    // A whole record is in the block: telling decodePacked so lets the
    // compiler drop its bounds checks.
    const bool whole = avail >= batch * kPackedMaxRecord;
    for (size_t i = 0; i < batch; ++i) {
      EventRecord &r = out[done];
      uint32_t n = whole ? decodePacked(base + pos_, kPackedMaxRecord, cursor_, r)
                         : decodePacked(base + pos_, filled_ - pos_, cursor_, r);
      if (__builtin_expect(n == 0 || !isEventKind(r.kind) || offsets, 0)) {
        uint64_t at = next_ - (filled_ - pos_);
        if (n == 0 || !isEventKind(r.kind)) {
          // The records before it first; the next read fails. Decoding it
          // again gives the same error: a failed decode leaves the cursor
          // as it was, and the kind does not depend on the cursor.
          if (done > 0)
            return done;
          if (n == 0)
            failRecord(at, filled_ - pos_);
          reader_.fail(at, "bad event kind " + std::to_string(r.kind));
        }
        offsets[done] = at;
      }
      pos_ += n;
      ++done;
      --left_;
    }
  }
  if (left_ == 0 && done == 0 && !padding_checked_)
    checkPadding();
  return done;
}

// What follows the last record must be zero padding to the next multiple of
// 8: more bytes, or non-zero ones, mean the count is wrong (a record it
// missed), which would silently drop events.
void SegmentReader::checkPadding() {
  padding_checked_ = true;
  uint64_t at = next_ - (filled_ - pos_);
  uint64_t rest = end_ - at;
  if (rest >= 8)
    reader_.fail(at, "packed events chunk has " + std::to_string(rest) +
                         " bytes after its last record (count " + std::to_string(seg_.count) +
                         "; padding is at most 7)");
  uint8_t pad[8] = {};
  reader_.readAt(at, pad, static_cast<size_t>(rest), "packed events padding");
  for (uint64_t i = 0; i < rest; ++i)
    if (pad[i] != 0)
      reader_.fail(at + i, "non-zero padding after the last packed event record");
}

//===----------------------------------------------------------------------===//
// ThreadStream
//===----------------------------------------------------------------------===//

ThreadStream::ThreadStream(LogReader &reader, const ThreadInfo &info, size_t max_block)
    : reader_(reader), thread_(info.thread), segments_(info.segments), max_block_(max_block) {}

size_t ThreadStream::read(EventRecord *out, size_t max) {
  while (segment_ < segments_.size()) {
    if (!current_)
      current_.emplace(reader_, segments_[segment_], block_, max_block_);
    if (size_t n = current_->read(out, max))
      return n;
    current_.reset();
    ++segment_;
  }
  if (block_.capacity()) // done: give the block back
    std::vector<uint8_t>().swap(block_);
  return 0;
}

} // namespace coroscope::analyzer
