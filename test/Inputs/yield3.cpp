// A generator of 0, 1, 2 summed by hand: prints s=3. One function site with
// an initial, a yield and a final point, reached 1, 3 and 1 times.
#include <coroutine>
#include <cstdio>
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
Gen gen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
int main() {
  Gen g = gen(3);
  int s = 0;
  while (g.h.resume(), !g.h.done())
    s += g.h.promise().cur;
  g.h.destroy();
  std::printf("s=%d\n", s);
}
