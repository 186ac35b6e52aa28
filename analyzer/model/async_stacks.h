//===- model/async_stacks.h - Busy and suspended time by async stack -*- C++ -*-===//
//
// `coroscope export --format folded`: for every activation of a frame (a
// slice, cut as the Chrome trace cuts them, model/activation_slices.h) its
// async stack: the running coroutine, the frame that awaits it, the one
// awaiting that, ... up to a frame no other awaits (TimelineSink::awaits).
// The busy view weighs each stack by the time its slices ran; the waiting
// view weighs each stack and suspend site by the time the frame was
// suspended there. A chain whose frames ran on several threads is one stack.
//
// A frame's stack is fixed when it is started by its awaiter; its ramp (the
// slice before it first suspends) counts in that stack too. Stacks are kept
// as a tree of (parent stack, function) nodes, so a slice costs one lookup
// whatever the depth.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_ASYNC_STACKS_H
#define COROSCOPE_ANALYZER_MODEL_ASYNC_STACKS_H

#include "model/activation_slices.h"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coroscope::analyzer {

/// Frames of one stack printed, the nearest to the running one; the frames
/// above them are counted in AsyncStack::cut.
constexpr uint32_t kAsyncStackDepth = 256;

enum class AsyncView {
  Busy,    ///< time running, by the stack of the running frame
  Waiting, ///< time suspended, by the stack of the suspended frame and its suspend site
};

struct AsyncStack {
  std::vector<const FunctionStats *> frames; ///< root first, at most kAsyncStackDepth
  uint64_t cut = 0;                          ///< frames above frames.front() left out
  const SiteStats *site = nullptr;           ///< Waiting: where it was suspended
  uint64_t ns = 0;
};

class AsyncStacks : public ActivationSlicer {
public:
  void begin(uint64_t frame, const FunctionStats &fn, uint32_t thread, uint64_t time,
             uint64_t creator) override;
  void awaits(uint64_t frame, uint64_t awaiter) override;
  void close(uint64_t frame, uint64_t end, bool destroyed) override;
  void transfer(uint64_t, uint64_t, uint32_t, uint64_t) override {}
  void heap(int64_t, uint64_t) override {}

  /// Every stack seen in `view` (also those of 0 ns), in no particular order.
  std::vector<AsyncStack> stacks(AsyncView view) const;

private:
  struct Node {
    uint32_t parent; ///< 0: none (node 0 is the empty stack)
    uint32_t depth;  ///< frames in the stack
    const FunctionStats *fn;
  };
  uint32_t node(uint32_t parent, const FunctionStats *fn);
  void slice(uint64_t frame, const Running &r, uint64_t end) override;
  void suspended(uint64_t frame, const Running &r, uint64_t until,
                 std::optional<Resume> resume) override;
  AsyncStack stackOf(uint32_t node) const;

  std::vector<Node> nodes_{Node{0, 0, nullptr}};
  std::map<std::pair<uint32_t, const FunctionStats *>, uint32_t> children_;
  std::unordered_map<uint64_t, uint32_t> stack_; ///< node of each live frame, by serial
  std::unordered_map<uint32_t, uint64_t> busy_;  ///< ns by node
  std::map<std::pair<uint32_t, const SiteStats *>, uint64_t> waiting_;
};

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_ASYNC_STACKS_H
