//===- model/timeline.h - What a log's replay tells a timeline --*- C++ -*-===//
//
// LogModel (model/model.h) calls a TimelineSink at the points where its
// figures change: a frame begins running, suspends, is resumed, completes or
// ends, and heap frame bytes come and go. The calls mirror the model's own
// busy/suspended arithmetic, so a sink that draws a slice from each start to
// the suspension the model confirms adds up to the report's busy times.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_TIMELINE_H
#define COROSCOPE_ANALYZER_MODEL_TIMELINE_H

#include <cstdint>

namespace coroscope::analyzer {

struct FunctionStats;
struct SiteStats;

/// Times are ns on the log's clock. `frame` is a frame's serial: unique in
/// the log, unlike its address.
class TimelineSink {
public:
  virtual ~TimelineSink() = default;
  /// A ramp starts `frame` on `thread`; `creator` is the serial of the frame
  /// whose code created it on that thread, 0 for none.
  virtual void begin(uint64_t frame, const FunctionStats &fn, uint32_t thread, uint64_t time,
                     uint64_t creator) = 0;
  /// It suspended at `site` (not yet known to have: await_suspend may
  /// return false, then cancel() follows).
  virtual void suspend(uint64_t frame, const SiteStats &site, uint32_t thread, uint64_t time) = 0;
  virtual void cancel(uint64_t frame) = 0;
  /// The open suspension ends: it runs again on `thread`; `wait` as the
  /// report counts waits.
  virtual void resume(uint64_t frame, uint32_t thread, uint64_t time, bool wait) = 0;
  /// `from`'s await_suspend handed `thread` to `to` by symmetric transfer
  /// (called after resume() of `to`).
  virtual void transfer(uint64_t from, uint64_t to, uint32_t thread, uint64_t time) = 0;
  /// `awaiter`'s co_await starts `frame` from its initial suspend point (by
  /// symmetric transfer, or a resume() inside its await_suspend): `frame`
  /// runs for `awaiter` until it completes. Called before resume() of
  /// `frame`, at most once per frame.
  virtual void awaits(uint64_t frame, uint64_t awaiter) {
    (void)frame;
    (void)awaiter;
  }
  /// It reached its final suspend point (its end for timing).
  virtual void complete(uint64_t frame, uint64_t time) = 0;
  /// Its record closes at `end` (freed, its address reused, or alive at the
  /// log's end); `destroyed`: freed.
  virtual void close(uint64_t frame, uint64_t end, bool destroyed) = 0;
  /// Heap frame bytes live change by `delta` at `time`.
  virtual void heap(int64_t delta, uint64_t time) = 0;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_TIMELINE_H
