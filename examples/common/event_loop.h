//===- event_loop.h - A tiny single-threaded run queue -===//
//
// Stands in for the .NET thread pool / I/O completion port: a coroutine that
// awaits yield() or sleep_io() parks itself here and control returns to the
// loop, which is what makes an await a real wait rather than a synchronous
// completion. The queue is a fixed ring so that running it never allocates
// and cannot disturb the examples' heap counts.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_EVENT_LOOP_H
#define COROSCOPE_EXAMPLES_EVENT_LOOP_H

#include "control_epoch.h"

#include <array>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace coroscope_example {

class event_loop {
public:
  /// Parks the awaiting coroutine; it resumes on a later turn of run().
  struct park_awaiter {
    event_loop &loop;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) noexcept {
      loop.schedule(h);
      // Returning from this void await_suspend ends the current resume()
      // call, handing control back to the loop (or to sync_wait).
      note_control_returned();
    }
    void await_resume() const noexcept {}
  };

  park_awaiter yield() noexcept { return park_awaiter{*this}; }
  /// A simulated I/O whose completion is already queued: one real wait.
  park_awaiter sleep_io() noexcept { return park_awaiter{*this}; }

  /// Resumes parked coroutines in FIFO order until none is left.
  void run() {
    while (count_ != 0) {
      std::coroutine_handle<> h = ring_[head_];
      head_ = (head_ + 1) % kCapacity;
      --count_;
      h.resume();
    }
  }

  bool empty() const noexcept { return count_ == 0; }

  /// Queues `h` to be resumed on a later turn of run(): how a coroutine
  /// wakes another one it does not transfer to (a channel's waiting reader).
  void schedule(std::coroutine_handle<> h) noexcept {
    if (count_ == kCapacity) {
      std::fputs("event_loop: run queue overflow\n", stderr);
      std::abort();
    }
    ring_[(head_ + count_) % kCapacity] = h;
    ++count_;
  }

private:
  static constexpr std::size_t kCapacity = 256;

  std::array<std::coroutine_handle<>, kCapacity> ring_{};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

/// The loop sync_wait() drives; the examples use only this one.
inline event_loop &default_loop() noexcept {
  static event_loop loop;
  return loop;
}

} // namespace coroscope_example

#endif // COROSCOPE_EXAMPLES_EVENT_LOOP_H
