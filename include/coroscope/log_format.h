//===- coroscope/log_format.h - Binary log records shared by runtime and analyzer -===//
//
// The on-disk layout of a coroscope log, version 1. The runtime writes it and
// the analyzer reads it; the plugin takes the site kinds from it. The prose
// specification with field tables is docs/log-format.md; keep both in step.
//
// All integers are little-endian. Every struct here is written to disk byte for
// byte, so sizes are static_asserted. The enums are APPEND ONLY: a value, once
// released, keeps its meaning forever.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_LOG_FORMAT_H
#define COROSCOPE_LOG_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
namespace coroscope {
namespace log {
#endif

/// "CORSCOPE" read as a little-endian u64.
#define COROSCOPE_LOG_MAGIC 0x45504F4353524F43ull
#define COROSCOPE_LOG_VERSION 1u

/// File header: the first header_size bytes of every log. The first 32
/// bytes are the original header (COROSCOPE_LOG_BASE_HEADER_BYTES); what came
/// later follows when header_size says so.
struct FileHeader {
  uint64_t magic;       ///< COROSCOPE_LOG_MAGIC
  uint32_t version;     ///< COROSCOPE_LOG_VERSION
  uint32_t header_size; ///< sizeof(FileHeader); readers skip unknown tail bytes
  uint64_t pid;         ///< process id of the writer
  uint64_t flags;       ///< FileFlag bits
  // header_size >= 112: who wrote the log, so the analyzer recognises the
  // same process's log given twice (a copy, or a glob and a name).
  uint64_t start_unix_ns;   ///< CLOCK_REALTIME when the log was created, ns
  char host[64];            ///< gethostname(), NUL-terminated and padded
  uint32_t header_checksum; ///< with kFlagHeaderChecksum: fileHeaderChecksum()
  uint32_t reserved;        ///< 0
};
/// Bytes of the original header (magic .. flags): the least header_size.
#define COROSCOPE_LOG_BASE_HEADER_BYTES 32u

enum FileFlag : uint64_t {
  /// Event timestamps are TSC ticks; convert with the Clock chunks. Without
  /// this flag they are CLOCK_MONOTONIC nanoseconds already.
  kFlagTscTimestamps = 1,
  /// Written in profile mode (COROSCOPE_MODE=profile): no event chunks; the
  /// figures are in the last Profile chunk of the file.
  kFlagProfile = 2,
  /// Every chunk's ChunkHeader::checksum holds chunkChecksum() of the chunk
  /// (set when the file is seekable, so headers can be completed).
  kFlagChecksums = 4,
  /// FileHeader::header_checksum holds fileHeaderChecksum() (log_checksum.h).
  /// A reader checks it whenever this flag is set or header_size is at least
  /// sizeof(FileHeader), so no single flipped bit turns the check (or, through
  /// the flags, the chunk checksums) off.
  kFlagHeaderChecksum = 8,
  /// Written by a forked child: its frames alive at the fork were created in
  /// the parent, so events may name frames no FrameBegin of this log
  /// created (their calls are in the parent's log).
  kFlagForkedChild = 16,
};

/// Every chunk after the header starts with this. A reader that meets an
/// unknown kind skips payload_bytes.
struct ChunkHeader {
  uint32_t kind;          ///< ChunkKind
  uint32_t checksum;      ///< with kFlagChecksums: log_checksum.h; else 0
  uint64_t payload_bytes; ///< bytes that follow this header
};

enum ChunkKind : uint32_t { // APPEND ONLY
  kChunkClock = 1,          ///< payload: one ClockSample
  kChunkSites = 2,          ///< payload: SitesHeader, then `count` site entries
  kChunkEvents = 3,         ///< payload: EventsHeader, then `count` EventRecord
  kChunkFinding = 4,        ///< payload: one FindingRecord, then its backtrace and PCs
  kChunkLiveFrames = 5,     ///< payload: LiveFramesHeader, then `count` LiveFrame
  kChunkModules = 6,        ///< payload: ModulesHeader, then `count` ModuleEntry + paths
  /// payload: PackedEventsHeader, then `count` packed event records (see
  /// "Packed events" below), then zero padding to a multiple of 8. What the
  /// runtime writes; kChunkEvents stays readable.
  kChunkPackedEvents = 7,
  /// payload: ProfileHeader, then `functions` ProfileFunction records (each
  /// followed by its ProfileBucket entries), then `sites` ProfileSite
  /// records. Figures accumulated in the process (profile mode); each one
  /// holds the totals since the process started, so only the last Profile
  /// chunk of a file counts.
  kChunkProfile = 8,
  /// payload: one EndRecord. Written last, when the process ends in a way
  /// the runtime sees (exit, or a signal it handles); a file whose last
  /// chunk is not an End chunk is incomplete.
  kChunkEnd = 9,
};

enum EndHow : uint32_t { // APPEND ONLY
  kEndExit = 1,          ///< exit(), or main returned; `code` is the exit status
  kEndSignal = 2,        ///< a signal that ends the process; `code` is its number
  /// A sanitizer (ASan, LSan, TSan, UBSan) reported an error and ended the
  /// process from its death callback (`_exit` with its own exit code, or
  /// abort). With kEndStatusKnown it happened during exit() (LSan's leak
  /// check, TSan's report at exit) and `code` is the status exit() was given;
  /// otherwise mid-run, and `code` is 0.
  kEndSanitizer = 3,
};

enum EndFlag : uint32_t {
  /// `code` is the status exit() was given (kEndExit, kEndSanitizer): without it the
  /// runtime saw the process end but not with which status (e.g. a
  /// destructor that ran while the runtime was unloaded).
  kEndStatusKnown = 1,
  /// `chunk_chain` holds chainChunk() over the checksums of every chunk
  /// before this one, in file order (coroscope/log_checksum.h): chunks of
  /// any kind cut out, spliced in or reordered show.
  kEndChunkChain = 2,
};

/// The closing record.
struct EndRecord {
  uint32_t how;              ///< EndHow
  int32_t code;              ///< exit status or signal number
  uint32_t flags;            ///< EndFlag bits
  uint32_t chunk_chain;      ///< with kEndChunkChain; 0 before
  uint64_t events_written;   ///< event records in the log, all threads
  uint64_t events_unwritten; ///< recorded but not in the log when it ended (threads still running,
                             ///< a signal that stopped a thread mid-record)
  uint64_t end_ns;           ///< CLOCK_MONOTONIC when the record was written
};

#define COROSCOPE_PROFILE_VERSION 2u
/// Version 1's ProfileFunction: the same fields without `inherited`.
#define COROSCOPE_PROFILE_V1_FUNCTION_BYTES 136u

/// Profile chunk header.
struct ProfileHeader {
  uint32_t version;      ///< COROSCOPE_PROFILE_VERSION; readers reject others
  uint32_t functions;    ///< ProfileFunction records
  uint32_t sites;        ///< ProfileSite records after the functions
  uint32_t threads;      ///< threads that ran instrumented coroutine code
  uint32_t sample_first; ///< every frame of a function is timed up to this many per thread
  uint32_t sample_every; ///< then one frame in this many (1: every frame)
  uint64_t untracked;    ///< frames the runtime could not follow (table full)
  uint64_t started_ns;   ///< CLOCK_MONOTONIC when the runtime started counting
  uint64_t written_ns;   ///< CLOCK_MONOTONIC when the snapshot was taken
};

/// Per coroutine function: the counts of docs/report-format.md, exact, and
/// the busy and suspended times of the sampled frames as two histograms of
/// `busy_buckets` then `suspended_buckets` ProfileBucket entries.
struct ProfileFunction {
  uint32_t site; ///< function site id
  uint16_t busy_buckets;
  uint16_t suspended_buckets;
  uint64_t calls;
  uint64_t heap_frames;
  uint64_t heap_bytes;
  uint64_t heap_min; ///< bytes; 0 without heap frames
  uint64_t heap_max;
  uint64_t elided_frames;
  uint64_t elided_bytes;
  uint64_t elided_min; ///< bytes; 0 without elided frames
  uint64_t elided_max;
  uint64_t completed;
  uint64_t sync_completions;
  uint64_t sync_scheduled_starts;
  uint64_t frees;         ///< frames freed: calls - frees were never destroyed
  uint64_t sampled;       ///< frames timed (closed), the size of the time sample
  uint64_t busy_total_ns; ///< exact sums over the sampled frames
  uint64_t suspended_total_ns;
  /// Version 2: a forked child's copies of frames alive at the fork (their
  /// calls are the parent's): calls + inherited - frees were never destroyed.
  uint64_t inherited;
};

/// `count` sampled frames whose time fell in the bucket represented by
/// `value_ns`: values below 8 ns exactly, larger ones by the middle of a
/// bucket 1/8 of their power of two wide (within 1/16); at most 496 entries
/// per histogram. An entry with
/// `count` 0 is padding.
struct ProfileBucket {
  uint64_t value_ns;
  uint64_t count;
};

/// Per suspend point.
struct ProfileSite {
  uint32_t site; ///< suspend site id
  uint32_t reserved;
  uint64_t ready;   ///< await_ready() was true
  uint64_t suspend; ///< await_suspend ran
  uint64_t cancel;  ///< a bool await_suspend returned false
  uint64_t waits;
};

/// Pairs a timestamp with CLOCK_MONOTONIC so readers can turn ticks into ns.
struct ClockSample {
  uint64_t ticks;        ///< the event clock at the sample
  uint64_t monotonic_ns; ///< CLOCK_MONOTONIC at the same moment, ns
};

struct SitesHeader {
  uint32_t count;
  uint32_t reserved;
};

/// What a site record describes, the one list of them: X(kind, value, name)
/// per kind, name as the analyzer prints it. APPEND ONLY.
#define COROSCOPE_SITE_KINDS(X)                                                                    \
  /* a coroutine function (its ramp) */                                                            \
  X(kSiteFunction, 0, "function")                                                                  \
  /* the initial suspend point */                                                                  \
  X(kSiteInitial, 1, "initial")                                                                    \
  /* a co_await expression in the body */                                                          \
  X(kSiteAwait, 2, "await")                                                                        \
  /* a co_yield expression */                                                                      \
  X(kSiteYield, 3, "yield")                                                                        \
  /* the final suspend point */                                                                    \
  X(kSiteFinal, 4, "final")                                                                        \
  /* a call of coroutine_handle::resume() or operator() */                                         \
  X(kSiteResumeCall, 5, "resume-call")                                                             \
  /* a call of coroutine_handle::destroy() */                                                      \
  X(kSiteDestroyCall, 6, "destroy-call")                                                           \
  /* a call of coroutine_handle::done() */                                                         \
  X(kSiteDoneCall, 7, "done-call")                                                                 \
  /* a call of a coroutine: where frames are created */                                            \
  X(kSiteCoroutineCall, 8, "coroutine-call")                                                       \
  /* A local or by-value parameter of the coroutine `function_id` that lives                       \
     across a suspend point (so it is in the frame), at its declaration; its                       \
     `awaiter` text is "<bytes> <line of that suspend point> <name>: <type>". */                   \
  X(kSiteFrameLocal, 9, "frame-local")                                                             \
  /* The coroutine `function_id` has a body that only forwards a task                              \
     (docs/checks.md#pass-through: `co_return co_await g(args);`, safe to                          \
     replace by `return g(args);`), at that co_await; `awaiter` is g's                             \
     qualified name. Written only with kBuildBodyShapes. */                                        \
  X(kSiteForwardingBody, 10, "forwarding-body")

#define COROSCOPE_ENUMERATOR(kind, value, name) kind = value,

enum SiteKind : uint8_t { COROSCOPE_SITE_KINDS(COROSCOPE_ENUMERATOR) };

/// Bits of SiteEntry::build: how the site's module was compiled.
enum BuildFlags : uint8_t {
  kBuildOptimized = 1, ///< -O1 or above: heap allocation elision could apply
  /// The plugin's AST action saw the module's source: each of its coroutines
  /// whose body only forwards a task has a kSiteForwardingBody site, so one
  /// without is known to do more (opt-instrumented modules lack the bit).
  kBuildBodyShapes = 2,
};

/// One site in a Sites chunk: this fixed part, then the function name, file
/// and awaiter type as raw bytes (no NUL), then zero padding to a multiple of
/// 8 bytes for the whole entry.
struct SiteEntry {
  uint32_t id;   ///< process-wide site id, > 0, unique within one log
  uint8_t kind;  ///< SiteKind
  uint8_t build; ///< BuildFlags of the module the site is in
  uint8_t reserved[2];
  uint32_t function_id; ///< suspend and frame-local sites: id of their function
                        ///< site; coroutine call sites: the callee's function
                        ///< site, 0 if unknown; else 0 (call sites name their
                        ///< enclosing function in `name`)
  uint32_t line;        ///< 1-based; 0 when unknown
  uint32_t column;      ///< 1-based; 0 when unknown
  uint16_t name_len;    ///< demangled function name
  uint16_t file_len;    ///< source file as given to the compiler
  uint16_t awaiter_len; ///< awaiter type of a suspend site; 0 for functions
  uint16_t reserved2;
};

struct EventsHeader {
  uint32_t thread; ///< the runtime's thread number, 1-based, unique per log
  uint32_t os_tid; ///< gettid() of that thread
  uint64_t count;  ///< EventRecord entries that follow
};

/// What happened, the one list of event kinds: X(kind, value, name) per
/// kind, name as `coroscope dump` prints it. APPEND ONLY.
#define COROSCOPE_EVENT_KINDS(X)                                                                   \
  /* operator new returned `frame`; `ts` holds the size in bytes */                                \
  X(kEvFrameAlloc, 1, "frame_alloc")                                                               \
  /* coroutine called: frame created, ramp activation starts */                                    \
  X(kEvFrameBegin, 2, "frame_begin")                                                               \
  /* the ramp returns to its caller */                                                             \
  X(kEvRampReturn, 3, "ramp_return")                                                               \
  /* await_ready() was true: no suspension */                                                      \
  X(kEvAwaitReady, 4, "await_ready")                                                               \
  /* await_ready() was false: frame suspends, await_suspend runs next */                           \
  X(kEvAwaitSuspend, 5, "await_suspend")                                                           \
  /* await_suspend returned false: frame continues without suspending */                           \
  X(kEvAwaitCancel, 6, "await_cancel")                                                             \
  /* frame resumed at the suspend site `site` */                                                   \
  X(kEvFrameResume, 7, "frame_resume")                                                             \
  /* frame destroyed (coro.free); flags bit 0: heap memory freed */                                \
  X(kEvFrameFree, 8, "frame_free")                                                                 \
  /* coroutine_handle::resume() called on `frame` */                                               \
  X(kEvResumeEnter, 9, "resume_enter")                                                             \
  /* that resume() returned */                                                                     \
  X(kEvResumeExit, 10, "resume_exit")                                                              \
  /* coroutine_handle::destroy() called on `frame` */                                              \
  X(kEvDestroyEnter, 11, "destroy_enter")                                                          \
  /* that destroy() returned */                                                                    \
  X(kEvDestroyExit, 12, "destroy_exit")                                                            \
  /* coroutine_handle::done() called on `frame` */                                                 \
  X(kEvDone, 13, "done")                                                                           \
  /* The next kEvFrameBegin of `frame` on this thread is an elided (HALO)                          \
     frame: it lives in its caller's stack frame; `ts` holds its size in                           \
     bytes, as for kEvFrameAlloc. Logs from before it have elided frames of                        \
     unknown size. */                                                                              \
  X(kEvFrameElided, 14, "frame_elided")

enum EventKind : uint8_t { COROSCOPE_EVENT_KINDS(COROSCOPE_ENUMERATOR) };

/// The run-time checks (docs/checks.md), the one list of them:
/// X(kind, value, name) per check, name as users see it in reports. The
/// runtime and the analyzer both name checks from it. APPEND ONLY.
#define COROSCOPE_RUNTIME_CHECKS(X)                                                                \
  X(kCheckDoubleAwait, 1, "double-await")                                                          \
  X(kCheckResumeAfterCompletion, 2, "resume-after-completion")                                     \
  X(kCheckUseAfterDestroy, 3, "use-after-destroy")                                                 \
  X(kCheckDoubleDestroy, 4, "double-destroy")                                                      \
  X(kCheckConcurrentResume, 5, "concurrent-resume")                                                \
  X(kCheckLeakedFrame, 6, "leaked-frame")                                                          \
  X(kCheckNestedResume, 7, "nested-resume")                                                        \
  X(kCheckNeverStarted, 8, "never-started")                                                        \
  X(kCheckSuspendedForever, 9, "suspended-forever")

enum CheckKind : uint8_t {
  COROSCOPE_RUNTIME_CHECKS(COROSCOPE_ENUMERATOR)
  // Values >= 64 are the analyzer's advice kinds (analyzer/model/findings.h), never logged.
};

/// How serious a finding is: X(kind, value, name). APPEND ONLY.
#define COROSCOPE_SEVERITIES(X)                                                                    \
  X(kSeverityAdvice, 0, "advice")                                                                  \
  X(kSeverityWarning, 1, "warning")                                                                \
  X(kSeverityError, 2, "error")

enum Severity : uint8_t { COROSCOPE_SEVERITIES(COROSCOPE_ENUMERATOR) };

/// What a frame was doing when a finding or a live-frame snapshot was taken:
/// X(kind, value, name). APPEND ONLY.
#define COROSCOPE_FRAME_STATES(X)                                                                  \
  /* in its ramp or resumed */                                                                     \
  X(kFrameRunning, 1, "running")                                                                   \
  /* suspended, its await_suspend still running */                                                 \
  X(kFrameSuspending, 2, "suspending")                                                             \
  /* suspended at a non-final suspend point */                                                     \
  X(kFrameSuspended, 3, "suspended")                                                               \
  /* suspended at its final suspend point */                                                       \
  X(kFrameFinal, 4, "final")                                                                       \
  X(kFrameDestroyed, 5, "destroyed")

enum FrameState : uint8_t { COROSCOPE_FRAME_STATES(COROSCOPE_ENUMERATOR) };

#undef COROSCOPE_ENUMERATOR

/// One finding of a run-time check, written the moment it is detected (so it
/// survives a crash that follows). Then `backtrace_len` BacktraceEntry (the
/// async backtrace: the frame, the frame awaiting it, ...) and `pc_count`
/// u64 return addresses of the native stack at the offending operation
/// (symbolize with a Modules chunk).
struct FindingRecord {
  uint8_t check;    ///< CheckKind
  uint8_t severity; ///< Severity
  uint8_t state;    ///< FrameState of `frame` when detected
  uint8_t reserved;
  uint16_t backtrace_len;
  uint16_t pc_count;
  uint32_t thread;        ///< runtime thread number of the offending operation
  uint32_t other_thread;  ///< the other thread involved, 0 if none
  uint32_t function_site; ///< function of the frame concerned
  uint32_t site;          ///< site of the offending operation
  uint32_t related_site;  ///< the related earlier operation, 0 if none
  uint32_t creation_site; ///< the coroutine call that created the frame, 0 if unknown
  uint32_t count;         ///< instances summarised (leaked frames of one group), >= 1
  uint32_t reserved2;
  uint64_t frame;
  uint64_t bytes; ///< heap bytes of the frame (all frames of the group for
                  ///< leaked-frame), 0 if elided
  uint64_t ts;    ///< timestamp, as in events
};

struct BacktraceEntry {
  uint64_t frame;
  uint32_t function_site;
  uint32_t site; ///< where that frame is suspended (or running)
};

struct LiveFramesHeader {
  uint32_t count;
  uint32_t reserved;
};

/// A frame not destroyed when the snapshot was taken (exit, crash, dump).
struct LiveFrame {
  uint64_t frame;
  uint64_t awaiter; ///< the frame awaiting this one, 0 if none known
  uint32_t function_site;
  uint32_t site;          ///< current suspend site, or the function while running
  uint32_t creation_site; ///< 0 if unknown
  uint8_t state;          ///< FrameState
  uint8_t heap;           ///< 1 if the frame came from operator new
  uint16_t reserved;
  uint64_t bytes; ///< frame size; elided: in its caller (0 in old logs)
};

struct ModulesHeader {
  uint32_t count;
  uint32_t reserved;
};

/// A loaded image, to map FindingRecord PCs to file offsets. Followed by
/// `path_len` bytes of path, then zero padding to a multiple of 8.
struct ModuleEntry {
  uint64_t bias;  ///< load bias (dlpi_addr): file address = pc - bias
  uint64_t start; ///< lowest mapped address of its PT_LOAD segments
  uint64_t end;   ///< one past the highest
  uint32_t path_len;
  uint32_t reserved;
};

enum EventFlag : uint8_t {
  kEvFlagHeap = 1, ///< kEvFrameFree: the frame memory came from operator new
};

/// One event, 24 bytes.
struct EventRecord {
  uint8_t kind;  ///< EventKind
  uint8_t flags; ///< EventFlag bits
  uint16_t reserved;
  uint32_t site;  ///< site id: function site for frame events, suspend site for
                  ///< await events, call site for handle events (0 if unknown)
  uint64_t ts;    ///< timestamp (see kFlagTscTimestamps); bytes for kEvFrameAlloc
                  ///< and kEvFrameElided
  uint64_t frame; ///< coroutine frame address (the handle's address())
};

/// Header of a PackedEvents chunk. Every chunk decodes on its own: the
/// decoder starts from the three base fields.
struct PackedEventsHeader {
  uint32_t thread;           ///< as EventsHeader::thread
  uint32_t os_tid;           ///< as EventsHeader::os_tid
  uint64_t count;            ///< packed records that follow
  uint64_t base_ts;          ///< the timestamp a record's delta starts from
  uint64_t base_frame;       ///< the frame a record's delta starts from
  uint64_t base_other_frame; ///< the frame kPackedOtherFrame names at the start
};

/// Packed events: one record is a little-endian u32 head, then the optional
/// fields in this order, unaligned and little-endian: the site (u32) when the
/// head's site field is kPackedSiteEscape; the value; the frame.
///
///   head bits 0-4   kind (EventKind)
///   head bits 5-6   value: kPackedNone, kPackedDelta32 (u32 added to the
///                   previous timestamp) or kPackedAbs64 (u64 timestamp);
///                   for kEvFrameAlloc and kEvFrameElided the byte count
///                   instead (Delta32: a u32,
///                   Abs64: a u64), which leaves the timestamp as it was
///   head bits 7-8   frame: kPackedNone (the previous record's frame),
///                   kPackedDelta32 (an i32 added to it), kPackedAbs64, or
///                   kPackedOtherFrame: the frame the previous record's frame
///                   replaced (a caller and its callee alternate)
///   head bit 9      kEvFlagHeap
///   head bits 10-31 site id, or kPackedSiteEscape
///
/// A record without a timestamp happened at or after the previous timed
/// record of its thread and before the next one; readers give it the
/// previous timestamp (base_ts at the start of a chunk). Common records take
/// 4 bytes (same or other frame, no time), 8 (time delta) or 12 (time and
/// frame deltas), against 24 for an EventRecord.
enum PackedField : uint32_t {
  kPackedNone = 0,
  kPackedDelta32 = 1,
  kPackedAbs64 = 2,
  kPackedOtherFrame = 3, ///< frame field only
};
#define COROSCOPE_PACKED_SITE_ESCAPE 0x3FFFFFu
/// The longest packed record: head, site, u64 value, u64 frame.
#define COROSCOPE_PACKED_MAX_RECORD 24u

#ifdef __cplusplus
constexpr uint32_t kPackedSiteEscape = COROSCOPE_PACKED_SITE_ESCAPE;
constexpr uint32_t kPackedMaxRecord = COROSCOPE_PACKED_MAX_RECORD;

/// Events whose `ts` is a byte count, not a time.
inline constexpr bool eventCarriesBytes(uint8_t kind) {
  return kind == kEvFrameAlloc || kind == kEvFrameElided;
}

// The names of the lists above; each returns nullptr for a value that is not
// in its list (a newer log, a corrupt one).
#define COROSCOPE_NAME_CASE(kind, value, name)                                                     \
  case kind:                                                                                       \
    return name;
inline constexpr const char *eventKindName(uint8_t kind) {
  switch (kind) { COROSCOPE_EVENT_KINDS(COROSCOPE_NAME_CASE) }
  return nullptr;
}
inline constexpr const char *siteKindName(uint8_t kind) {
  switch (kind) { COROSCOPE_SITE_KINDS(COROSCOPE_NAME_CASE) }
  return nullptr;
}
inline constexpr const char *runtimeCheckName(uint8_t kind) {
  switch (kind) { COROSCOPE_RUNTIME_CHECKS(COROSCOPE_NAME_CASE) }
  return nullptr;
}
inline constexpr const char *severityName(uint8_t severity) {
  switch (severity) { COROSCOPE_SEVERITIES(COROSCOPE_NAME_CASE) }
  return nullptr;
}
inline constexpr const char *frameStateName(uint8_t state) {
  switch (state) { COROSCOPE_FRAME_STATES(COROSCOPE_NAME_CASE) }
  return nullptr;
}
#undef COROSCOPE_NAME_CASE

/// Encoder and decoder state: the previous timestamp, the previous record's
/// frame, and the frame that one replaced.
struct PackedCursor {
  uint64_t ts = 0;
  uint64_t frame = 0;
  uint64_t other_frame = 0;
};

namespace packed_detail {
inline void put32(uint8_t *p, uint32_t v) { __builtin_memcpy(p, &v, 4); }
inline void put64(uint8_t *p, uint64_t v) { __builtin_memcpy(p, &v, 8); }
inline uint32_t get32(const uint8_t *p) {
  uint32_t v;
  __builtin_memcpy(&v, p, 4);
  return v;
}
inline uint64_t get64(const uint8_t *p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}
} // namespace packed_detail

/// Appends one record at `p` (room for kPackedMaxRecord bytes) and returns
/// its size. `value` is the timestamp when `timed`, the byte count for
/// kEvFrameAlloc and kEvFrameElided, and ignored otherwise. Little-endian hosts only.
inline uint32_t encodePacked(uint8_t *p, PackedCursor &c, uint8_t kind, uint8_t flags,
                             uint32_t site, bool timed, uint64_t value, uint64_t frame) {
  using namespace packed_detail;
  uint32_t n = 4;
  uint32_t head = uint32_t(kind & 31) | (uint32_t(flags & kEvFlagHeap) << 9);
  if (__builtin_expect(site >= kPackedSiteEscape, 0)) {
    head |= kPackedSiteEscape << 10;
    put32(p + n, site);
    n += 4;
  } else {
    head |= site << 10;
  }
  if (eventCarriesBytes(kind)) {
    if (value <= 0xFFFFFFFFu) {
      head |= kPackedDelta32 << 5;
      put32(p + n, uint32_t(value));
      n += 4;
    } else {
      head |= kPackedAbs64 << 5;
      put64(p + n, value);
      n += 8;
    }
  } else if (timed) {
    uint64_t delta = value - c.ts;
    if (__builtin_expect(value >= c.ts && delta <= 0xFFFFFFFFu, 1)) {
      head |= kPackedDelta32 << 5;
      put32(p + n, uint32_t(delta));
      n += 4;
    } else {
      head |= kPackedAbs64 << 5;
      put64(p + n, value);
      n += 8;
    }
    c.ts = value;
  }
  if (frame != c.frame) {
    int64_t delta = int64_t(frame - c.frame);
    if (frame == c.other_frame) {
      head |= kPackedOtherFrame << 7;
    } else if (delta >= INT32_MIN && delta <= INT32_MAX) {
      head |= kPackedDelta32 << 7;
      put32(p + n, uint32_t(int32_t(delta)));
      n += 4;
    } else {
      head |= kPackedAbs64 << 7;
      put64(p + n, frame);
      n += 8;
    }
    c.other_frame = c.frame;
    c.frame = frame;
  }
  put32(p, head);
  return n;
}

/// Decodes one record from [p, p + avail) into `out` (ts: the record's
/// timestamp, or the previous one when it has none; for kEvFrameAlloc and
/// kEvFrameElided the byte count, as in EventRecord). Returns its size, or 0 when the bytes are
/// truncated or the value mode is invalid.
inline uint32_t decodePacked(const uint8_t *p, uint64_t avail, PackedCursor &c, EventRecord &out) {
  using namespace packed_detail;
  if (avail < 4)
    return 0;
  uint32_t head = get32(p), n = 4;
  uint32_t value_mode = (head >> 5) & 3, frame_mode = (head >> 7) & 3;
  if (value_mode == 3)
    return 0;
  uint32_t site = head >> 10;
  uint32_t need = 4 + (site == kPackedSiteEscape ? 4 : 0) +
                  (value_mode == kPackedDelta32 ? 4
                   : value_mode == kPackedAbs64 ? 8
                                                : 0) +
                  (frame_mode == kPackedDelta32 ? 4
                   : frame_mode == kPackedAbs64 ? 8
                                                : 0);
  if (avail < need)
    return 0;
  if (site == kPackedSiteEscape) {
    site = get32(p + n);
    n += 4;
  }
  out.kind = uint8_t(head & 31);
  out.flags = uint8_t((head >> 9) & 1);
  out.reserved = 0;
  out.site = site;
  uint64_t value = c.ts;
  if (value_mode == kPackedDelta32) {
    value = get32(p + n);
    n += 4;
  } else if (value_mode == kPackedAbs64) {
    value = get64(p + n);
    n += 8;
  }
  if (eventCarriesBytes(out.kind)) {
    out.ts = value_mode == kPackedNone ? 0 : value;
  } else {
    if (value_mode == kPackedDelta32)
      value += c.ts;
    c.ts = value;
    out.ts = value;
  }
  if (frame_mode != kPackedNone) {
    uint64_t previous = c.frame;
    if (frame_mode == kPackedDelta32) {
      c.frame += uint64_t(int64_t(int32_t(get32(p + n))));
      n += 4;
    } else if (frame_mode == kPackedAbs64) {
      c.frame = get64(p + n);
      n += 8;
    } else {
      c.frame = c.other_frame;
    }
    c.other_frame = previous;
  }
  out.frame = c.frame;
  return n;
}

static_assert(sizeof(FileHeader) == 112, "on-disk layout");
static_assert(sizeof(ChunkHeader) == 16, "on-disk layout");
static_assert(sizeof(ClockSample) == 16, "on-disk layout");
static_assert(sizeof(SitesHeader) == 8, "on-disk layout");
static_assert(sizeof(SiteEntry) == 28, "on-disk layout");
static_assert(sizeof(EventsHeader) == 16, "on-disk layout");
static_assert(sizeof(EventRecord) == 24, "on-disk layout");
static_assert(sizeof(PackedEventsHeader) == 40, "on-disk layout");
static_assert(sizeof(FindingRecord) == 64, "on-disk layout");
static_assert(sizeof(ProfileHeader) == 48, "on-disk layout");
static_assert(sizeof(ProfileFunction) == 144, "on-disk layout");
static_assert(offsetof(ProfileFunction, inherited) == COROSCOPE_PROFILE_V1_FUNCTION_BYTES,
              "version 2 only appends");
static_assert(sizeof(ProfileBucket) == 16, "on-disk layout");
static_assert(sizeof(ProfileSite) == 40, "on-disk layout");
static_assert(sizeof(EndRecord) == 40, "on-disk layout");
static_assert(sizeof(BacktraceEntry) == 16, "on-disk layout");
static_assert(sizeof(LiveFramesHeader) == 8, "on-disk layout");
static_assert(sizeof(LiveFrame) == 40, "on-disk layout");
static_assert(sizeof(ModulesHeader) == 8, "on-disk layout");
static_assert(sizeof(ModuleEntry) == 32, "on-disk layout");
// Released CheckKind values: the list above may grow, never renumber.
static_assert(kCheckDoubleAwait == 1 && kCheckResumeAfterCompletion == 2 &&
                  kCheckUseAfterDestroy == 3 && kCheckDoubleDestroy == 4 &&
                  kCheckConcurrentResume == 5 && kCheckLeakedFrame == 6 &&
                  kCheckNestedResume == 7 && kCheckNeverStarted == 8 && kCheckSuspendedForever == 9,
              "on-disk values");
} // namespace log
} // namespace coroscope
#endif

#endif // COROSCOPE_LOG_FORMAT_H
