// A shared library whose global the executable reaches by a copy
// relocation (-no-pie): it must bind to the executable's copy.
#include <coroutine>
struct gen {
  struct promise_type {
    int cur = 0;
    gen get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int x) { cur = x; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
int counter = 0;
static gen lgen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
void bump() {
  gen g = lgen(3);
  while (g.h.resume(), !g.h.done())
    ++counter;
  g.h.destroy();
}
