//===- log/event_merge.h - Time-ordered merge of thread streams -*- C++ -*-===//
//
// A frame may suspend on one thread and resume on another, so the model must
// see the events of all threads of a log in one global time order. Each thread
// stream is already in program order; a k-way merge on the converted
// timestamp keeps that order (a stream's next record is only considered once
// its previous one was delivered) and breaks ties by thread number so output
// is deterministic.
//
// kEvFrameAlloc and kEvFrameElided store a byte count in `ts`, not a time.
// Each is given the time of the previous event of its thread, so it never
// jumps ahead of, or behind, the FrameBegin that follows it on that thread.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LOG_EVENT_MERGE_H
#define COROSCOPE_ANALYZER_LOG_EVENT_MERGE_H

#include "log/clock.h"
#include "log/log_reader.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace coroscope::analyzer {

/// One event in merged order, time already in nanoseconds.
struct Event {
  uint8_t kind = 0;
  uint8_t flags = 0;
  uint32_t site = 0;
  uint32_t thread = 0;
  uint64_t time = 0;  ///< ns; for a byte-count event the time of the previous event
  bool timed = false; ///< `time` comes from a real reading of its thread
  uint64_t bytes = 0; ///< kEvFrameAlloc, kEvFrameElided: the frame size
  uint64_t frame = 0;
};

class EventMerger {
public:
  EventMerger(const LogIndex &index, const TimeConverter &clock);
  ~EventMerger();

  /// The next event in merged order, valid until the next call; null once
  /// every thread is exhausted. Throws LogError on a malformed record.
  const Event *next();

private:
  struct Stream;
  /// Decodes the stream's next batch; false when it has no more events.
  bool fill(Stream &s);
  /// Whether stream a's next event comes before stream b's.
  bool before(size_t a, size_t b) const;
  void siftDown(size_t hole);
  void siftUp(size_t hole);

  const TimeConverter &clock_;
  std::vector<std::unique_ptr<Stream>> streams_;
  std::vector<log::EventRecord> records_; ///< decode scratch, shared
  size_t batch_;                          ///< events decoded per fill
  /// Streams with events left other than `run_`: a min-heap on their next
  /// event's (time, index).
  std::vector<size_t> heap_;
  /// The stream being delivered from while its events come before every
  /// other stream's next one; SIZE_MAX when none.
  size_t run_ = SIZE_MAX;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_LOG_EVENT_MERGE_H
