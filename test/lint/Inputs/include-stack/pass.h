// Two template coroutines that only forward a task (pass-through): a.cpp
// instantiates early() only, b.cpp both, so b.cpp's early() finding is a
// duplicate and its late() finding the first of b.cpp that is kept.
#include <coroutine>
#include <exception>
struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<>) {}
  void await_resume() {}
};
Task inner(int);
template <class T> Task early(T x) {
  co_return co_await inner(x);
}
template <class T> Task late(T x) {
  co_return co_await inner(x);
}
