// A minimal pull generator: resume() runs to the next co_yield, whose value
// is promise().cur; done() after the last. The caller destroys the frame.
#ifndef COROSCOPE_TEST_INPUTS_GEN_H
#define COROSCOPE_TEST_INPUTS_GEN_H
#include <coroutine>
struct Gen {
  struct promise_type {
    int cur = 0;
    Gen get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) { cur = v; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
/// Runs `g` to its end and destroys it: the sum of its values.
inline int drain(Gen g) {
  int s = 0;
  while (g.h.resume(), !g.h.done())
    s += g.h.promise().cur;
  g.h.destroy();
  return s;
}
#endif
