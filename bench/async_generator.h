//===- async_generator.h - An async stream pulled with co_await -----------===//
//
// The C++ counterpart of the seeds' IAsyncEnumerable<T>: the consumer writes
// `while (const T *v = co_await stream.next())`. As .NET's MoveNextAsync does,
// next() runs the generator synchronously up to its next co_yield, so an item
// that is ready costs the consumer no suspension at all; only when the
// generator itself waits (it may co_await tasks) does the consumer suspend,
// and the generator's next co_yield hands control straight back to it by
// symmetric transfer. examples/common/generator.h is the synchronous,
// for-range form (no co_await allowed in its body).
//
// Single consumer, single-threaded, like the examples.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_BENCH_ASYNC_GENERATOR_H
#define COROSCOPE_BENCH_ASYNC_GENERATOR_H

#include <coroutine>
#include <exception>
#include <memory>
#include <utility>

namespace coroscope_bench {

template <class T> class [[nodiscard]] async_generator {
public:
  struct promise_type {
    const T *current = nullptr;       ///< the co_yield operand; null once finished
    bool produced = false;            ///< parked at a co_yield or at the end
    std::coroutine_handle<> consumer; ///< set while the consumer is suspended

    async_generator get_return_object() noexcept {
      return async_generator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }

    /// Back to the consumer if it suspended waiting for this item, else
    /// out of the resume() that next() runs.
    struct handoff {
      bool await_ready() const noexcept { return false; }
      std::coroutine_handle<>
      await_suspend(std::coroutine_handle<promise_type> self) const noexcept {
        promise_type &p = self.promise();
        p.produced = true;
        if (std::coroutine_handle<> c = std::exchange(p.consumer, {}))
          return c;
        return std::noop_coroutine();
      }
      void await_resume() const noexcept {}
    };
    handoff yield_value(const T &v) noexcept {
      current = std::addressof(v);
      return {};
    }
    handoff final_suspend() noexcept {
      current = nullptr;
      return {};
    }
    void return_void() const noexcept {}
    void unhandled_exception() const noexcept { std::terminate(); }
  };

  using handle_type = std::coroutine_handle<promise_type>;

  /// co_await next(): the next item, or null at the end of the stream.
  struct next_awaiter {
    handle_type h;
    bool await_ready() const {
      promise_type &p = h.promise();
      p.produced = false;
      h.resume(); // synchronously, up to the next co_yield or a real wait
      return p.produced;
    }
    void await_suspend(std::coroutine_handle<> consumer) const noexcept {
      h.promise().consumer = consumer;
    }
    const T *await_resume() const noexcept { return h.promise().current; }
  };
  next_awaiter next() noexcept { return next_awaiter{h_}; }

  explicit async_generator(handle_type h) noexcept : h_(h) {}
  async_generator(async_generator &&other) noexcept : h_(std::exchange(other.h_, {})) {}
  async_generator &operator=(async_generator &&) = delete;
  async_generator(const async_generator &) = delete;
  async_generator &operator=(const async_generator &) = delete;
  ~async_generator() {
    if (h_)
      h_.destroy();
  }

private:
  handle_type h_;
};

} // namespace coroscope_bench

#endif // COROSCOPE_BENCH_ASYNC_GENERATOR_H
