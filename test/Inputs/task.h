// The test programs' task (test/advice, test/runtime/checks/Inputs): lazy,
// single-consumer, started by co_await (symmetric transfer in, and back to
// the awaiter at its final suspend point) or by run() for a task that
// completes without waiting; movable and move-assignable, awaitable as an
// lvalue or an rvalue. Its promise counts the heap frames it allocates in
// g_frames and g_frame_bytes: a test prints them as the program's own truth,
// to compare with the report. A test whose point is a task of its own (an
// awaiter, an allocator, a destroy elsewhere) keeps its own. Tests do not use
// examples/common/: the examples are documentation and may change, and a
// test's expectations must not move with them.
#ifndef COROSCOPE_TEST_INPUTS_TASK_H
#define COROSCOPE_TEST_INPUTS_TASK_H
#include <coroutine>
#include <cstddef>
#include <exception>
#include <new>
#include <utility>

// static: a test is one translation unit.
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
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h{};

  Task() = default;
  explicit Task(Handle h) : h(h) {}
  Task(Task&& o) noexcept : h(std::exchange(o.h, {})) {}
  Task& operator=(Task&& o) noexcept {
    if (this != &o) {
      if (h) h.destroy();
      h = std::exchange(o.h, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  ~Task() { if (h) h.destroy(); }

  // An awaiter of its own, holding a copy of the handle: see
  // test/advice/halo-missed-task-awaiter.cpp for a task that is its own.
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().next = c; return h; }
    T await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
  Awaiter operator co_await() && noexcept { return Awaiter{h}; }
  Handle handle() const { return h; }
  T run() { h.resume(); return h.promise().value; }  // for a task that completes without waiting
};
#endif
