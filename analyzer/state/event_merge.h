//===- state/event_merge.h - Time-ordered merge of thread streams -*- C++ -*-===//
//
// A frame may suspend on one thread and resume on another, so the model must
// see the events of all threads of a log in one global time order. Each thread
// stream is already in program order; a k-way merge on the converted
// timestamp keeps that order (a stream's next record is only considered once
// its previous one was delivered) and breaks ties by thread number so output
// is deterministic.
//
// kEvFrameAlloc stores a byte count in `ts`, not a time. It is given the time
// of the previous event of its thread, so it never jumps ahead of, or behind,
// the FrameBegin that follows it on that thread.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_STATE_EVENT_MERGE_H
#define COROSCOPE_ANALYZER_STATE_EVENT_MERGE_H

#include "state/clock.h"
#include "state/log_reader.h"

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
  uint64_t time = 0;  ///< ns; for kEvFrameAlloc the time of the previous event
  uint64_t bytes = 0; ///< kEvFrameAlloc only: the requested size
  uint64_t frame = 0;
};

class EventMerger {
public:
  EventMerger(const LogIndex &index, const TimeConverter &clock);
  ~EventMerger();

  /// Returns false once every thread is exhausted.
  bool next(Event &event);

private:
  /// Heap order: the earliest pending event on top.
  struct Later {
    const EventMerger *self;
    bool operator()(size_t a, size_t b) const;
  };
  bool advance(size_t stream);

  const TimeConverter &clock_;
  std::vector<std::unique_ptr<ThreadStream>> streams_;
  std::vector<uint64_t> last_time_; ///< per stream, for FrameAlloc
  std::vector<Event> pending_;      ///< per stream, the next event
  std::vector<size_t> heap_;        ///< stream indices, min-heap on pending_
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_STATE_EVENT_MERGE_H
