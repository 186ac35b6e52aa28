//===- generator.h - A minimal synchronous generator<T> -===//
//
// Stands in for an IAsyncEnumerable<T> whose items are all ready: each
// co_yield suspends the generator and hands control back to the consumer,
// whose iterator resumes it from operator++.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_GENERATOR_H
#define COROSCOPE_EXAMPLES_GENERATOR_H

#include "control_epoch.h"

#include <coroutine>
#include <cstddef>
#include <exception>
#include <iterator>
#include <memory>
#include <utility>

namespace coroscope_example {

template <class T> class [[nodiscard]] generator {
public:
  struct promise_type {
    // Points at the co_yield operand, which lives until the frame resumes.
    const T *current = nullptr;

    generator get_return_object() noexcept {
      return generator(
          std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }
    std::suspend_always final_suspend() const noexcept { return {}; }

    struct yield_awaiter {
      bool await_ready() const noexcept { return false; }
      void await_suspend(std::coroutine_handle<>) const noexcept {
        note_control_returned(); // back to the consumer's resume() call
      }
      void await_resume() const noexcept {}
    };
    yield_awaiter yield_value(const T &v) noexcept {
      current = std::addressof(v);
      return {};
    }

    void return_void() const noexcept {}
    void unhandled_exception() const noexcept { std::terminate(); }
    // A synchronous generator has nobody to wait for.
    template <class U> void await_transform(U &&) = delete;
  };

  using handle_type = std::coroutine_handle<promise_type>;

  class iterator {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;

    iterator() noexcept = default;
    explicit iterator(handle_type h) noexcept : h_(h) {}

    const T &operator*() const noexcept { return *h_.promise().current; }
    iterator &operator++() {
      h_.resume();
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(std::default_sentinel_t) const noexcept {
      return !h_ || h_.done();
    }

  private:
    handle_type h_;
  };

  explicit generator(handle_type h) noexcept : h_(h) {}
  generator(generator &&other) noexcept : h_(std::exchange(other.h_, {})) {}
  generator &operator=(generator &&other) noexcept {
    if (this != &other) {
      if (h_)
        h_.destroy();
      h_ = std::exchange(other.h_, {});
    }
    return *this;
  }
  generator(const generator &) = delete;
  generator &operator=(const generator &) = delete;
  ~generator() {
    if (h_)
      h_.destroy();
  }

  /// Runs the body up to its first co_yield (or its end).
  iterator begin() {
    if (h_)
      h_.resume();
    return iterator(h_);
  }
  std::default_sentinel_t end() const noexcept { return {}; }

private:
  handle_type h_;
};

} // namespace coroscope_example

#endif // COROSCOPE_EXAMPLES_GENERATOR_H
