//===- model/activation_slices.cpp - A frame's life cut into slices -------===//
//
// See activation_slices.h. The arithmetic follows the model's busy and
// suspended times (LogModel::onResume, closeFrame), so the slices add up to
// the report's busy time and the suspensions to its suspended time.
//
//===----------------------------------------------------------------------===//
#include "model/activation_slices.h"

#include <algorithm>

namespace coroscope::analyzer {

const ActivationSlicer::Running *ActivationSlicer::running(uint64_t frame) const {
  auto it = frames_.find(frame);
  return it == frames_.end() ? nullptr : &it->second;
}

void ActivationSlicer::begin(uint64_t frame, const FunctionStats &fn, uint32_t thread,
                             uint64_t time, uint64_t) {
  Running &r = frames_[frame];
  r = Running{};
  r.fn = &fn;
  r.thread = thread;
  r.start = time;
}

void ActivationSlicer::suspend(uint64_t frame, const SiteStats &site, uint32_t thread,
                               uint64_t time) {
  auto it = frames_.find(frame);
  if (it == frames_.end() || it->second.done)
    return;
  Running &r = it->second;
  if (r.pend) { // a resume went missing: the slice ended at that suspension
    r.last_end = *r.pend;
    slice(frame, r, *r.pend);
    uint64_t start = std::max(time, *r.pend);
    suspended(frame, r, start, std::nullopt);
    r.start = start;
    r.from = nullptr;
    r.after_missing = true;
  }
  r.pend = std::max(time, r.start);
  r.pend_site = &site;
  r.pend_thread = thread;
}

void ActivationSlicer::cancel(uint64_t frame) {
  auto it = frames_.find(frame);
  if (it != frames_.end())
    it->second.pend.reset(); // it never suspended: the slice goes on
}

void ActivationSlicer::resume(uint64_t frame, uint32_t thread, uint64_t time, bool wait) {
  auto it = frames_.find(frame);
  if (it == frames_.end() || it->second.done || !it->second.pend)
    return;
  Running &r = it->second;
  r.last_end = *r.pend;
  slice(frame, r, *r.pend);
  uint64_t start = std::max(time, *r.pend);
  suspended(frame, r, start, Resume{thread, wait});
  r.from = r.pend_site;
  r.after_missing = false;
  r.start = start;
  r.thread = thread;
  r.pend.reset();
}

void ActivationSlicer::complete(uint64_t frame, uint64_t time) {
  auto it = frames_.find(frame);
  if (it == frames_.end() || it->second.done)
    return;
  Running &r = it->second;
  if (r.pend) { // a resume went missing
    r.last_end = *r.pend;
    slice(frame, r, *r.pend);
    suspended(frame, r, std::max(time, *r.pend), std::nullopt);
  } else {
    r.last_end = std::max(time, r.start);
    slice(frame, r, r.last_end);
  }
  r.done = true;
}

void ActivationSlicer::close(uint64_t frame, uint64_t end, bool) {
  auto it = frames_.find(frame);
  if (it == frames_.end())
    return;
  Running &r = it->second;
  if (!r.done) {
    if (r.pend) {
      r.last_end = std::max(std::min(*r.pend, end), r.start);
      slice(frame, r, r.last_end);
      suspended(frame, r, std::max(end, *r.pend), std::nullopt);
    } else {
      r.last_end = std::max(end, r.start);
      slice(frame, r, r.last_end);
    }
  }
  frames_.erase(it);
}

} // namespace coroscope::analyzer
