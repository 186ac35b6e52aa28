// An instrumented library loaded by a host with no coroutines of its own.
#include <coroutine>

namespace {
struct task {
  struct promise_type {
    int value = 0;
    task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

task twice(int x) { co_return 2 * x; }
} // namespace

extern "C" int run_plugin(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    task t = twice(i);
    t.h.resume();
    sum += t.h.promise().value;
    t.h.destroy();
  }
  return sum;
}
