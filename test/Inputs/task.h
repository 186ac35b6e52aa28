// The advice tests' task (test/advice): lazy, started by co_await (symmetric
// transfer in, and back to the awaiter at its final suspend point) or by
// run() for a task that completes without waiting. Its promise counts the
// heap frames it allocates in g_frames and g_frame_bytes: a test prints them
// as the program's own truth, to compare with the report. A test whose point
// is a task of its own (an awaiter, an allocator, a destroy elsewhere) keeps
// its own. Tests do not use examples/common/: the examples are documentation
// and may change, and a test's expectations must not move with them.
#ifndef COROSCOPE_TEST_INPUTS_TASK_H
#define COROSCOPE_TEST_INPUTS_TASK_H
#include <coroutine>
#include <cstddef>
#include <exception>
#include <new>
#include <utility>

// static, as each test had it: a test is one translation unit, and its program
// stays token for token what it was before the type moved here.
static long g_frames = 0, g_frame_bytes = 0;  // heap frames, as the program counts them

template <class T>
struct Task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> next = std::noop_coroutine();
    static void* operator new(std::size_t n) { ++g_frames; g_frame_bytes += long(n); return ::operator new(n); }
    static void operator delete(void* p) { ::operator delete(p); }
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept { return h.promise().next; }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit Task(Handle h) : h(h) {}
  Task(Task&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }
  auto operator co_await() && noexcept {  // an awaiter of its own: see halo-missed-task-awaiter.cpp
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().next = c; return h; }
      T await_resume() noexcept { return h.promise().value; }
    };
    return Awaiter{h};
  }
  T run() { h.resume(); return h.promise().value; }  // for a task that completes without waiting
};
#endif
