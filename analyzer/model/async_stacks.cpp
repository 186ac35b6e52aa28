//===- model/async_stacks.cpp - Busy and suspended time by async stack ----===//
//
// See async_stacks.h.
//
//===----------------------------------------------------------------------===//
#include "model/async_stacks.h"

#include <algorithm>

namespace coroscope::analyzer {

uint32_t AsyncStacks::node(uint32_t parent, const FunctionStats *fn) {
  auto [it, inserted] = children_.try_emplace({parent, fn}, uint32_t(nodes_.size()));
  if (inserted)
    nodes_.push_back({parent, nodes_[parent].depth + 1, fn});
  return it->second;
}

void AsyncStacks::begin(uint64_t frame, const FunctionStats &fn, uint32_t thread, uint64_t time,
                        uint64_t creator) {
  ActivationSlicer::begin(frame, fn, thread, time, creator);
  stack_[frame] = node(0, &fn); // a root until a frame awaits it
}

void AsyncStacks::awaits(uint64_t frame, uint64_t awaiter) {
  auto self = stack_.find(frame), above = stack_.find(awaiter);
  if (self != stack_.end() && above != stack_.end())
    self->second = node(above->second, nodes_[self->second].fn);
}

void AsyncStacks::close(uint64_t frame, uint64_t end, bool destroyed) {
  ActivationSlicer::close(frame, end, destroyed); // its last slice first
  stack_.erase(frame);
}

void AsyncStacks::slice(uint64_t frame, const Running &r, uint64_t end) {
  auto it = stack_.find(frame);
  if (it != stack_.end())
    busy_[it->second] += end > r.start ? end - r.start : 0;
}

void AsyncStacks::suspended(uint64_t frame, const Running &r, uint64_t until,
                            std::optional<Resume>) {
  auto it = stack_.find(frame);
  if (it != stack_.end() && r.pend_site)
    waiting_[{it->second, r.pend_site}] += until - *r.pend;
}

AsyncStack AsyncStacks::stackOf(uint32_t n) const {
  AsyncStack s;
  uint32_t depth = nodes_[n].depth;
  uint32_t kept = std::min(depth, kAsyncStackDepth);
  s.cut = depth - kept;
  s.frames.resize(kept);
  for (uint32_t i = kept; i-- > 0; n = nodes_[n].parent)
    s.frames[i] = nodes_[n].fn;
  return s;
}

std::vector<AsyncStack> AsyncStacks::stacks(AsyncView view) const {
  std::vector<AsyncStack> out;
  if (view == AsyncView::Busy) {
    for (const auto &[n, ns] : busy_) {
      out.push_back(stackOf(n));
      out.back().ns = ns;
    }
  } else {
    for (const auto &[key, ns] : waiting_) {
      out.push_back(stackOf(key.first));
      out.back().site = key.second;
      out.back().ns = ns;
    }
  }
  return out;
}

} // namespace coroscope::analyzer
