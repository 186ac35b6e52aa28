// Deep recursion (depth N) of naive tasks: await_suspend starts the callee
// with h.resume() and final_suspend resumes the caller with cont.resume(),
// so the resume() calls nest N deep. At the bottom a generator is pulled 5 times.
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <utility>
struct rtask {
  struct promise_type {
    std::coroutine_handle<> cont; int v = 0;
    rtask get_return_object() { return rtask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct fin { bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept { if (auto c = h.promise().cont) c.resume(); }
      void await_resume() noexcept {} };
    fin final_suspend() noexcept { return {}; }
    void return_value(int x) { v = x; }
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  explicit rtask(std::coroutine_handle<promise_type> h) : h(h) {}
  rtask(rtask &&o) : h(std::exchange(o.h, {})) {}
  ~rtask() { if (h) h.destroy(); }
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> c) { h.promise().cont = c; h.resume(); }
  int await_resume() { return h.promise().v; }
};
struct gen {
  struct promise_type { int cur;
    gen get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; } std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) { cur = v; return {}; } void return_void() {} void unhandled_exception() {} };
  std::coroutine_handle<promise_type> h; ~gen() { h.destroy(); }
};
gen nat() { for (int i = 0;; ++i) co_yield i; }
int pull() { auto g = nat(); int s = 0; for (int i = 0; i < 5; ++i) { g.h.resume(); s += g.h.promise().cur; } return s; }
rtask rec(int n) {
  if (n == 0) co_return pull();
  int r = co_await rec(n - 1);
  co_return r + 1;
}
int main(int argc, char **argv) {
  int depth = argc > 1 ? std::atoi(argv[1]) : 1100;
  auto t = rec(depth); t.h.resume();
  std::printf("depth %d result %d; truth: nat() 1 call, 5 yields, 4 yield waits (each resumed by a new resume() call); rec %d calls, all sync\n", depth, t.h.promise().v, depth + 1);
}
