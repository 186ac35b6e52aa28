// A lazy task awaited in a loop, -fno-exceptions, -O2: the plain build
// heap-allocates all 30 frames of leaf() (CoroElide gives up: jump threading
// duplicated the destroy into a loop exit where it names an LCSSA phi, not
// coro.begin). Hook calls next to that destroy once made the block too
// costly to duplicate, so the instrumented build elided every frame and
// reported 0 heap frames for a program that allocates 30. The caller-side
// hooks are now cost-free markers until the optimizer is done
// (plugin/HookMarkers.h). Found by test/matrix (noexcept_forms).
// RUN: %clangxx -O2 -fno-exceptions %s -o %t.plain
// RUN: %clang_coroscope -O2 -fno-exceptions %s -o %t.inst
// RUN: %t.plain | FileCheck %s
// RUN: env COROSCOPE_OUT=%t.log %t.inst | FileCheck %s
// CHECK: sum=1305 frames allocated=30
// RUN: %coroscope report %t.log | FileCheck %s --check-prefix=REPORT
// REPORT: functions: 2, calls: 31, heap frames: 30 (1200 bytes), elided frames: 1 (56 bytes), frames not destroyed: 0
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <utility>
static long news = 0;
void *operator new(std::size_t n) { ++news; return std::malloc(n); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }

struct lazy {
  struct promise_type {
    int value = 0;
    std::coroutine_handle<> cont;
    lazy get_return_object() { return lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct fin {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto c = h.promise().cont;
        return c ? c : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    fin final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  explicit lazy(std::coroutine_handle<promise_type> h) : h(h) {}
  lazy(lazy &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~lazy() { if (h) h.destroy(); }
  struct awaiter {
    std::coroutine_handle<promise_type> child;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { child.promise().cont = c; return child; }
    int await_resume() { return child.promise().value; }
  };
  awaiter operator co_await() { return {h}; }
};

struct eager {
  struct promise_type {
    int value = 0;
    eager get_return_object() { return eager{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  ~eager() { h.destroy(); }
};

lazy leaf(int x) { co_return x * 3; }

eager sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    s += co_await leaf(i);
  }
  co_return s;
}

int main() {
  int v = sum(30).h.promise().value;
  std::printf("sum=%d frames allocated=%ld\n", v, news);
}
