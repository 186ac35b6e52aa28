//===- model/activation_slices.h - A frame's life cut into slices -*- C++ -*-===//
//
// A TimelineSink that cuts each frame's life into its activations (slices:
// from its ramp or a resume to the suspension the model confirms, or its
// completion) and the suspensions between them, as the report counts busy
// and suspended time. The Chrome trace (render/chrome_trace.h) draws the
// slices; the async stacks (model/async_stacks.h) weigh them. A slice ends at
// a suspension only once the model confirms it (a resume, another suspension
// or the frame's end): an await_suspend that returns false (cancel)
// continues the slice, as the report counts that time busy.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_ACTIVATION_SLICES_H
#define COROSCOPE_ANALYZER_MODEL_ACTIVATION_SLICES_H

#include "model/timeline.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace coroscope::analyzer {

class ActivationSlicer : public TimelineSink {
public:
  /// A live frame as the slices see it.
  struct Running {
    const FunctionStats *fn = nullptr;
    uint32_t thread = 0;
    uint64_t start = 0;
    /// Where the current slice began: null for its ramp (or, with
    /// `after_missing`, after a resume the log lost), else the suspend site
    /// it resumed from.
    const SiteStats *from = nullptr;
    bool after_missing = false;
    std::optional<uint64_t> pend; ///< suspended at, not yet confirmed
    const SiteStats *pend_site = nullptr;
    uint32_t pend_thread = 0;
    bool done = false;     ///< completed: no more slices
    uint64_t last_end = 0; ///< where its last slice ended
  };
  /// The resume that ended a suspension.
  struct Resume {
    uint32_t thread;
    bool wait; ///< as the report counts waits
  };

  void begin(uint64_t frame, const FunctionStats &fn, uint32_t thread, uint64_t time,
             uint64_t creator) override;
  void suspend(uint64_t frame, const SiteStats &site, uint32_t thread, uint64_t time) override;
  void cancel(uint64_t frame) override;
  void resume(uint64_t frame, uint32_t thread, uint64_t time, bool wait) override;
  void complete(uint64_t frame, uint64_t time) override;
  void close(uint64_t frame, uint64_t end, bool destroyed) override;

protected:
  /// `r` ran from r.start to `end` (on r.thread).
  virtual void slice(uint64_t frame, const Running &r, uint64_t end) = 0;
  /// `r` was suspended at *r.pend_site from *r.pend to `until` (not
  /// before it); `resume`: the resume that ended the suspension, none when
  /// another suspension, the completion or the end of the frame did (a
  /// resume the log lost, or one that never came).
  virtual void suspended(uint64_t frame, const Running &r, uint64_t until,
                         std::optional<Resume> resume) = 0;
  /// The live frame `frame`, null if none.
  const Running *running(uint64_t frame) const;

private:
  std::unordered_map<uint64_t, Running> frames_; ///< by serial, while alive
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_ACTIVATION_SLICES_H
