//===- state/model.h - Frame reconstruction from merged events ---*- C++ -*-===//
//
// Replays the time-ordered events of one log and folds them into a Report.
// Only live frames, one activation stack per thread and the per-function
// aggregates are kept, so memory grows with the number of simultaneously live
// coroutines, not with the length of the log.
//
// Activations explain what a "wait" is. Every ramp call (FrameBegin) and every
// coroutine_handle::resume()/destroy() call pushes an activation record on its
// thread's stack; RampReturn, ResumeExit and DestroyExit pop it. A suspension
// remembers the activation that was running when it happened (its carrier).
// If the frame is resumed on the same thread while that carrier is still on
// the stack, control never left the code that suspended it (symmetric
// transfer inside one resume() call), so the suspension cost no waiting;
// otherwise it is a wait.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_STATE_MODEL_H
#define COROSCOPE_ANALYZER_STATE_MODEL_H

#include "state/event_merge.h"
#include "state/log_reader.h"
#include "state/stats.h"

#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace coroscope::analyzer {

class LogModel {
public:
  /// `index` supplies the sites; results are added to `report`.
  LogModel(const LogIndex &index, Report &report);

  void process(const Event &event);
  /// Closes the frames still alive at the last event of the log.
  void finish();

private:
  struct Activation {
    uint64_t id;
    uint64_t frame;
  };
  struct ThreadState {
    std::vector<Activation> stack;
    bool alloc_pending = false;
    uint64_t alloc_frame = 0;
    uint64_t alloc_bytes = 0;
  };
  struct Suspension {
    SiteStats *site;
    uint32_t thread;
    uint64_t time;
    uint64_t carrier; ///< activation id, 0 when the stack was empty
  };
  struct Frame {
    FunctionStats *fn = nullptr;
    uint64_t begin = 0;
    uint64_t end = 0; ///< valid once completed
    bool completed = false;
    uint64_t suspended = 0;
    uint64_t body_waits = 0;
    std::optional<Suspension> open;
  };
  /// A site id resolved to the aggregates it feeds.
  struct Resolved {
    uint8_t kind;
    FunctionStats *fn;
    SiteStats *site; ///< null for function sites
  };

  FunctionStats &functionFor(uint32_t site_id);
  Resolved suspendSiteFor(uint32_t site_id, const Frame *frame);
  void push(ThreadState &t, uint64_t frame);
  void pop(ThreadState &t, uint64_t frame);
  bool onStack(const ThreadState &t, uint64_t activation) const;
  void closeFrame(Frame &f, uint64_t at, bool destroyed);

  void onBegin(const Event &e, ThreadState &t);
  void onSuspendSite(const Event &e, ThreadState &t);
  void onResume(const Event &e);

  const LogIndex &index_;
  Report &report_;
  std::unordered_map<uint32_t, Resolved> resolved_;
  std::unordered_map<uint32_t, ThreadState> threads_;
  std::unordered_map<uint64_t, Frame> frames_;
  uint64_t next_activation_ = 1;
  uint64_t last_time_ = 0;
};

/// Reads, merges and models one log file into `report`. Throws LogError.
void analyzeLog(const std::string &path, Report &report);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_STATE_MODEL_H
