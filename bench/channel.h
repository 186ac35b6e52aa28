//===- channel.h - A single-producer, single-consumer coroutine channel ---===//
//
// The C++ counterpart of System.Threading.Channels as the seeds use it: a
// bounded channel whose writer suspends while the channel is full, and an
// unbounded one whose writer never suspends (its buffer grows instead).
// The reader suspends while the channel is empty. A suspended side is woken
// through the event loop, not resumed inline, as .NET runs channel
// continuations asynchronously by default.
//
// One writer and one reader coroutine, single-threaded, like the examples.
// The buffer is a ring: a bounded channel allocates it once, an unbounded
// one doubles it when full.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_BENCH_CHANNEL_H
#define COROSCOPE_BENCH_CHANNEL_H

#include "../examples/common/event_loop.h"

#include <coroutine>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>

namespace coroscope_bench {

template <class T> class channel {
public:
  static constexpr std::size_t kUnbounded = 0;

  explicit channel(std::size_t capacity,
                   coroscope_example::event_loop &loop = coroscope_example::default_loop())
      : capacity_(capacity), loop_(loop) {
    grow(capacity ? capacity : kInitialUnbounded);
  }
  channel(const channel &) = delete;
  channel &operator=(const channel &) = delete;

  /// co_await send(v): queues v, suspending while a bounded channel is full.
  struct send_awaiter {
    channel &ch;
    T value;
    bool await_ready() {
      if (ch.full())
        return false;
      ch.push(std::move(value));
      return true;
    }
    void await_suspend(std::coroutine_handle<> writer) noexcept {
      ch.writer_ = writer;
      ch.pending_ = &value; // the reader moves it in when it makes room
    }
    void await_resume() const noexcept {}
  };
  send_awaiter send(T value) { return send_awaiter{*this, std::move(value)}; }

  /// co_await receive(): the next value, or nullopt once closed and drained.
  struct receive_awaiter {
    channel &ch;
    bool await_ready() const noexcept { return ch.size_ != 0 || ch.closed_; }
    void await_suspend(std::coroutine_handle<> reader) noexcept { ch.reader_ = reader; }
    std::optional<T> await_resume() { return ch.pop(); }
  };
  receive_awaiter receive() noexcept { return receive_awaiter{*this}; }

  /// No more sends; a waiting reader wakes to drain what is left.
  void close() {
    closed_ = true;
    wake(reader_);
  }

private:
  static constexpr std::size_t kInitialUnbounded = 16;

  bool full() const noexcept { return capacity_ && size_ == capacity_; }

  void push(T v) {
    if (size_ == cap_)
      grow(cap_ * 2);
    ring_[(head_ + size_) % cap_] = std::move(v);
    ++size_;
    wake(reader_);
  }

  std::optional<T> pop() {
    if (size_ == 0)
      return std::nullopt;
    std::optional<T> v(std::move(ring_[head_]));
    head_ = (head_ + 1) % cap_;
    --size_;
    if (pending_) { // room now: take the waiting writer's value, wake it
      push(std::move(*pending_));
      pending_ = nullptr;
      wake(writer_);
    }
    return v;
  }

  void grow(std::size_t cap) {
    auto ring = std::make_unique<T[]>(cap);
    for (std::size_t i = 0; i < size_; ++i)
      ring[i] = std::move(ring_[(head_ + i) % cap_]);
    ring_ = std::move(ring);
    cap_ = cap;
    head_ = 0;
  }

  void wake(std::coroutine_handle<> &waiter) {
    if (waiter)
      loop_.schedule(std::exchange(waiter, {}));
  }

  std::size_t capacity_; ///< kUnbounded or the bound
  coroscope_example::event_loop &loop_;
  std::unique_ptr<T[]> ring_;
  std::size_t cap_ = 0, head_ = 0, size_ = 0;
  bool closed_ = false;
  std::coroutine_handle<> reader_, writer_; ///< suspended sides, if any
  T *pending_ = nullptr;                    ///< the suspended writer's value
};

} // namespace coroscope_bench

#endif // COROSCOPE_BENCH_CHANNEL_H
