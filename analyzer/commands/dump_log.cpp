//===- commands/dump_log.cpp - `coroscope dump`: the raw records of a log ---===//
//
// A debugging view of exactly what is on disk, in file order, one record per
// line with its file offset, before any interpretation (no merging, no clock
// conversion, no symbolization). Tests use it to check what mklog.py and the runtime write, so
// the line format is kept stable and grep-friendly (key=value).
//
//===----------------------------------------------------------------------===//
#include "commands/commands.h"

#include "log/log_reader.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace coroscope::analyzer {

using namespace coroscope::log;

namespace {

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void printEvent(const EventRecord &e, uint64_t at, uint32_t thread, std::ostream &os) {
  os << "  event @" << at << " thread=" << thread << " " << eventKindName(e.kind)
     << " site=" << e.site << (eventCarriesBytes(e.kind) ? " bytes=" : " ts=") << e.ts
     << " frame=" << hex(e.frame);
  if (e.flags)
    os << " flags=" << hex(e.flags);
  os << "\n";
}

const char *chunkKindName(uint32_t kind) {
  switch (kind) {
  case kChunkClock:
    return "clock";
  case kChunkSites:
    return "sites";
  case kChunkEvents:
    return "events";
  case kChunkFinding:
    return "finding";
  case kChunkLiveFrames:
    return "live_frames";
  case kChunkModules:
    return "modules";
  case kChunkPackedEvents:
    return "packed_events";
  case kChunkProfile:
    return "profile";
  case kChunkEnd:
    return "end";
  }
  return nullptr;
}

/// One line per record, as the reader decodes it: a packed record without a
/// timestamp shows the one it inherits.
void dumpEvents(LogReader &r, const EventSegment &seg, uint32_t thread, std::ostream &os) {
  std::vector<uint8_t> block;
  SegmentReader records(r, seg, block);
  constexpr size_t kBatch = 4096;
  std::vector<EventRecord> buf(kBatch);
  std::vector<uint64_t> offsets(kBatch);
  // A bad record fails the read after the one that returns the records
  // before it, so those are printed first.
  while (size_t n = records.read(buf.data(), kBatch, offsets.data()))
    for (size_t i = 0; i < n; ++i)
      printEvent(buf[i], offsets[i], thread, os);
}

} // namespace

void dumpLog(const std::string &path, std::ostream &os) {
  LogReader r(path);
  FileHeader h = r.readHeader();
  if (r.cutInHeader()) {
    os << "header cut: " << r.size()
       << " bytes, the start of a header (a log cut as it was created)\n";
    return;
  }
  os << "header magic=" << hex(h.magic) << " version=" << h.version
     << " header_size=" << h.header_size << " pid=" << h.pid << " flags=" << hex(h.flags)
     << ((h.flags & kFlagTscTimestamps) ? " tsc" : "")
     << ((h.flags & kFlagProfile) ? " profile" : "")
     << ((h.flags & kFlagChecksums) ? " checksums" : "")
     << ((h.flags & kFlagForkedChild) ? " forked-child" : "");
  if (h.start_unix_ns)
    os << " host=" << h.host << " start_unix_ns=" << h.start_unix_ns;
  os << "\n";
  ChunkRef c;
  while (r.nextChunk(c)) {
    // Read these before printing the chunk line so a corrupt one leaves no
    // half-printed line before the error.
    FindingData finding;
    std::vector<LiveFrame> frames;
    std::vector<Module> modules;
    ProfileData profile;
    EndRecord end{};
    if (c.kind == kChunkEnd)
      end = r.readEnd(c);
    else if (c.kind == kChunkProfile)
      profile = r.readProfile(c);
    else if (c.kind == kChunkFinding)
      finding = r.readFinding(c);
    else if (c.kind == kChunkLiveFrames)
      frames = r.readLiveFrames(c);
    else if (c.kind == kChunkModules)
      modules = r.readModules(c);
    const char *name = chunkKindName(c.kind);
    os << "chunk @" << c.offset << " "
       << (name ? name : ("unknown(" + std::to_string(c.kind) + ")"))
       << " payload=" << c.payload_bytes;
    switch (c.kind) {
    case kChunkProfile: {
      const ProfileHeader &ph = profile.header;
      os << " version=" << ph.version << " functions=" << ph.functions << " sites=" << ph.sites
         << " threads=" << ph.threads << " sample_first=" << ph.sample_first
         << " sample_every=" << ph.sample_every << " untracked=" << ph.untracked
         << " started_ns=" << ph.started_ns << " written_ns=" << ph.written_ns << "\n";
      for (const ProfileFunctionData &f : profile.functions) {
        const ProfileFunction &p = f.record;
        os << "  function site=" << p.site << " calls=" << p.calls << " heap=" << p.heap_frames
           << " heap_bytes=" << p.heap_bytes << " heap_min=" << p.heap_min
           << " heap_max=" << p.heap_max << " elided=" << p.elided_frames
           << " elided_bytes=" << p.elided_bytes << " elided_min=" << p.elided_min
           << " elided_max=" << p.elided_max << " completed=" << p.completed
           << " sync=" << p.sync_completions << " sync_scheduled=" << p.sync_scheduled_starts
           << " frees=" << p.frees << " inherited=" << p.inherited << " sampled=" << p.sampled
           << " busy_total_ns=" << p.busy_total_ns << " suspended_total_ns=" << p.suspended_total_ns
           << "\n";
        for (auto [name, buckets] : {std::pair{"busy", &f.busy}, {"suspended", &f.suspended}})
          for (const ProfileBucket &b : *buckets)
            os << "    " << name << " value_ns=" << b.value_ns << " count=" << b.count << "\n";
      }
      for (const ProfileSite &p : profile.sites)
        os << "  site site=" << p.site << " ready=" << p.ready << " suspend=" << p.suspend
           << " cancel=" << p.cancel << " waits=" << p.waits << "\n";
      break;
    }
    case kChunkClock: {
      ClockSample s = r.readClock(c);
      os << "\n  clock ticks=" << s.ticks << " monotonic_ns=" << s.monotonic_ns << "\n";
      break;
    }
    case kChunkSites: {
      std::vector<Site> sites = r.readSites(c);
      os << " count=" << sites.size() << "\n";
      for (const Site &s : sites)
        os << "  site @" << s.offset << " id=" << s.id << " kind=" << siteKindName(s.kind)
           << " function=" << s.function_id << " line=" << s.line << " column=" << s.column
           << " name=" << quoted(s.name) << " file=" << quoted(s.file)
           << " awaiter=" << quoted(s.awaiter) << "\n";
      break;
    }
    case kChunkEvents: {
      EventsHeader eh = r.readEventsHeader(c);
      os << " thread=" << eh.thread << " os_tid=" << eh.os_tid << " count=" << eh.count << "\n";
      dumpEvents(r, eventSegment(c, eh), eh.thread, os);
      break;
    }
    case kChunkPackedEvents: {
      PackedEventsHeader ph = r.readPackedEventsHeader(c);
      os << " thread=" << ph.thread << " os_tid=" << ph.os_tid << " count=" << ph.count
         << " base_ts=" << ph.base_ts << " base_frame=" << hex(ph.base_frame)
         << " base_other_frame=" << hex(ph.base_other_frame) << "\n";
      dumpEvents(r, eventSegment(c, ph), ph.thread, os);
      break;
    }
    case kChunkFinding: {
      const FindingData &f = finding;
      const FindingRecord &fr = f.record;
      os << " check=" << runtimeCheckName(fr.check) << " severity=" << severityName(fr.severity)
         << " state=" << nameOr(frameStateName(fr.state), "unknown") << " thread=" << fr.thread
         << " other_thread=" << fr.other_thread << " function=" << fr.function_site
         << " site=" << fr.site << " related=" << fr.related_site
         << " creation=" << fr.creation_site << " count=" << fr.count << " frame=" << hex(fr.frame)
         << " bytes=" << fr.bytes << " ts=" << fr.ts << " backtrace=" << fr.backtrace_len
         << " pcs=" << fr.pc_count << "\n";
      uint64_t at = f.offset + sizeof(FindingRecord);
      for (const BacktraceEntry &b : f.backtrace) {
        os << "  backtrace @" << at << " frame=" << hex(b.frame) << " function=" << b.function_site
           << " site=" << b.site << "\n";
        at += sizeof(BacktraceEntry);
      }
      for (uint64_t pc : f.pcs) {
        os << "  pc @" << at << " " << hex(pc) << "\n";
        at += sizeof(uint64_t);
      }
      break;
    }
    case kChunkLiveFrames: {
      os << " count=" << frames.size() << "\n";
      uint64_t at = c.payload_offset + sizeof(LiveFramesHeader);
      for (const LiveFrame &lf : frames) {
        os << "  live @" << at << " frame=" << hex(lf.frame) << " awaiter=" << hex(lf.awaiter)
           << " function=" << lf.function_site << " site=" << lf.site
           << " creation=" << lf.creation_site
           << " state=" << nameOr(frameStateName(lf.state), "unknown")
           << " heap=" << unsigned(lf.heap) << " bytes=" << lf.bytes << "\n";
        at += sizeof(LiveFrame);
      }
      break;
    }
    case kChunkModules: {
      os << " count=" << modules.size() << "\n";
      for (const Module &m : modules)
        os << "  module @" << m.offset << " bias=" << hex(m.bias) << " start=" << hex(m.start)
           << " end=" << hex(m.end) << " path=" << quoted(m.path) << "\n";
      break;
    }
    case kChunkEnd:
      os << " how="
         << (end.how == kEndExit        ? "exit"
             : end.how == kEndSignal    ? "signal"
             : end.how == kEndSanitizer ? "sanitizer"
                                        : "?")
         << " code=" << end.code << " flags=" << end.flags
         << " events_written=" << end.events_written << " events_unwritten=" << end.events_unwritten
         << " end_ns=" << end.end_ns;
      if (end.flags & kEndChunkChain)
        os << " chunk_chain=" << hex(end.chunk_chain);
      os << "\n";
      break;
    default:
      os << " skipped\n";
      break;
    }
  }
  if (r.badChunks())
    os << "bad_checksums count=" << r.badChunks() << " bytes=" << r.badBytes() << " first @"
       << r.firstBadOffset() << " (skipped)\n";
  if (r.cutBytes())
    os << "cut @" << r.cutOffset() << " unreadable=" << r.cutBytes()
       << " (a chunk cut short by the end of the file)\n";
  os << "end @" << r.size() << "\n";
}

} // namespace coroscope::analyzer
