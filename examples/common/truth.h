//===- truth.h - Per-function ground truth counted by the examples -===//
//
// Each example counts, in its own code and independently of coroscope, what
// coroscope is supposed to report per coroutine function, and prints it as
//   truth function=<name> calls=N awaits=N suspends=N waits=N completed=N
//         sync_completions=N                       (one line)
//   truth total heap_frames=N heap_bytes=N
// test/tools/check_truth.py compares these lines with a report.
//
// Usage in a coroutine body:
//   COROSCOPE_TRUTH_FUNCTION(get_price);           // once, at namespace scope
//   task<int> get_price(int id) {
//     truth::frame_probe probe(truth_get_price);   // first statement: a call
//     int v = co_await probe.await(load(id));      // an await, counted
//     co_return probe.complete(v);                 // reached co_return
//   }
// A suspension counts as a wait when control went back to the event loop or
// a generator's consumer before the frame resumed (control_epoch.h); a
// symmetric transfer into a child that completed synchronously does not.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_TRUTH_H
#define COROSCOPE_EXAMPLES_TRUTH_H

#include "control_epoch.h"

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <utility>

namespace coroscope_example::truth {

struct function_counters {
  const char *name;
  std::uint64_t calls = 0;
  std::uint64_t awaits = 0;
  std::uint64_t suspends = 0;
  std::uint64_t waits = 0;
  std::uint64_t completed = 0;
  std::uint64_t sync_completions = 0;
  function_counters *next = nullptr;

  explicit function_counters(const char *n) noexcept;
};

struct registry {
  function_counters *head = nullptr;
  function_counters *tail = nullptr;
};

inline registry &functions() noexcept {
  static registry r;
  return r;
}

// Appends, so lines print in declaration order within the example.
inline function_counters::function_counters(const char *n) noexcept : name(n) {
  registry &r = functions();
  (r.tail ? r.tail->next : r.head) = this;
  r.tail = this;
}

template <class A> decltype(auto) get_awaiter(A &a) {
  if constexpr (requires { a.operator co_await(); })
    return a.operator co_await();
  else if constexpr (requires { operator co_await(a); })
    return operator co_await(a);
  else
    return (a);
}

class frame_probe;

/// Wraps one co_await operand and counts what happened to it.
template <class Awaitable> class counted_await {
public:
  counted_await(Awaitable &a, frame_probe &probe)
      : inner_(get_awaiter(a)), probe_(probe) {}
  counted_await(const counted_await &) = delete;
  counted_await &operator=(const counted_await &) = delete;

  bool await_ready();
  template <class Promise> auto await_suspend(std::coroutine_handle<Promise> h);
  decltype(auto) await_resume();

private:
  decltype(get_awaiter(std::declval<Awaitable &>())) inner_;
  frame_probe &probe_;
  std::uint64_t epoch_at_suspend_ = 0;
  bool suspended_ = false;
};

/// Lives in the coroutine frame; one per call.
class frame_probe {
public:
  explicit frame_probe(function_counters &fn) noexcept : fn_(fn) {
    ++fn_.calls;
  }
  frame_probe(const frame_probe &) = delete;
  frame_probe &operator=(const frame_probe &) = delete;

  /// Only as the operand of co_await: `co_await probe.await(child())`. The
  /// operand (e.g. the child task) stays the full-expression's temporary, as
  /// in a plain `co_await child()`, so it is not moved and, like there, dies
  /// after the co_await; the wrapper only borrows it.
  template <class A>
  counted_await<std::remove_reference_t<A>> await(A &&a) noexcept {
    return counted_await<std::remove_reference_t<A>>(a, *this);
  }

  /// For `co_yield probe.yielded(v)` on generator<T>: its yield awaiter
  /// always suspends and always returns control to the consumer.
  template <class T> T yielded(T v) noexcept {
    ++fn_.awaits;
    ++fn_.suspends;
    ++fn_.waits;
    waited_ = true;
    return v;
  }

  /// Wrap the co_return operand (or call before a bare co_return).
  template <class T> T complete(T v) noexcept {
    complete();
    return v;
  }
  void complete() noexcept {
    ++fn_.completed;
    if (!waited_)
      ++fn_.sync_completions;
  }

private:
  template <class> friend class counted_await;
  function_counters &fn_;
  bool waited_ = false;
};

template <class Awaitable> bool counted_await<Awaitable>::await_ready() {
  ++probe_.fn_.awaits;
  return inner_.await_ready();
}

template <class Awaitable>
template <class Promise>
auto counted_await<Awaitable>::await_suspend(std::coroutine_handle<Promise> h) {
  // Record before delegating: once the inner await_suspend runs, the frame
  // may already be resumed (by a symmetric transfer or the loop).
  suspended_ = true;
  ++probe_.fn_.suspends;
  epoch_at_suspend_ = control_epoch();
  using result = decltype(inner_.await_suspend(h));
  if constexpr (std::is_same_v<result, bool>) {
    if (inner_.await_suspend(h))
      return true;
    suspended_ = false; // await_suspend said "don't suspend after all"
    --probe_.fn_.suspends;
    return false;
  } else {
    return inner_.await_suspend(h);
  }
}

template <class Awaitable>
decltype(auto) counted_await<Awaitable>::await_resume() {
  if (suspended_ && control_epoch() != epoch_at_suspend_) {
    ++probe_.fn_.waits;
    probe_.waited_ = true;
  }
  return inner_.await_resume();
}

/// One line per coroutine function that ran, in declaration order.
inline void print_functions() {
  for (const function_counters *f = functions().head; f; f = f->next) {
    if (f->calls == 0)
      continue;
    std::printf("truth function=%s calls=%llu awaits=%llu suspends=%llu "
                "waits=%llu completed=%llu sync_completions=%llu\n",
                f->name, static_cast<unsigned long long>(f->calls),
                static_cast<unsigned long long>(f->awaits),
                static_cast<unsigned long long>(f->suspends),
                static_cast<unsigned long long>(f->waits),
                static_cast<unsigned long long>(f->completed),
                static_cast<unsigned long long>(f->sync_completions));
  }
}

inline void print_total(std::size_t heap_frames, std::size_t heap_bytes) {
  std::printf("truth total heap_frames=%zu heap_bytes=%zu\n", heap_frames,
              heap_bytes);
}

} // namespace coroscope_example::truth

/// Declares the counters of coroutine function `fn` as `truth_<fn>`.
#define COROSCOPE_TRUTH_FUNCTION(fn)                                           \
  static ::coroscope_example::truth::function_counters truth_##fn { #fn }

#endif // COROSCOPE_EXAMPLES_TRUTH_H
