//===- value_task.h - A result that is either ready or a task<T> -===//
//
// The C++ counterpart of .NET's ValueTask<T>: a function that usually has its
// answer at hand returns it inline, with no coroutine frame at all, and only
// the slow path pays for a task<T> frame. Awaiting a ready value_task never
// suspends (await_ready is true); awaiting a slow one behaves like awaiting
// the wrapped task.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_VALUE_TASK_H
#define COROSCOPE_EXAMPLES_VALUE_TASK_H

#include "task.h"

#include <coroutine>
#include <optional>
#include <utility>

namespace coroscope_example {

template <class T> class [[nodiscard]] value_task {
public:
  // Implicit on purpose: `return cached;` and `return slow(id);` read like
  // ValueTask<T>'s implicit construction from a T or a Task<T>.
  value_task(T ready) : ready_(std::move(ready)) {}
  value_task(task<T> slow) noexcept : slow_(std::move(slow)) {}

  bool is_ready() const noexcept { return ready_.has_value(); }

  struct awaiter {
    value_task &self;
    bool await_ready() const noexcept { return self.is_ready(); }
    std::coroutine_handle<>
    await_suspend(std::coroutine_handle<> parent) const noexcept {
      return self.slow_.operator co_await().await_suspend(parent);
    }
    T await_resume() const {
      if (self.ready_)
        return std::move(*self.ready_);
      return self.slow_.operator co_await().await_resume();
    }
  };
  awaiter operator co_await() noexcept { return awaiter{*this}; }

private:
  std::optional<T> ready_;
  task<T> slow_;
};

} // namespace coroscope_example

#endif // COROSCOPE_EXAMPLES_VALUE_TASK_H
