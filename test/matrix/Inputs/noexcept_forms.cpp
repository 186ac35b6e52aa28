// Built with -fno-exceptions (the driver's --extra flag): no landing pads in
// the coroutines, no exception_ptr in the promises, unhandled_exception()
// still declared. Lazy, eager, generator and lambda forms, cancellation, and
// get_return_object_on_allocation_failure, the way to fail without throwing.
#include "mkit_main.h"

#include <new>

#if defined(__cpp_exceptions)
#error "build this file with -fno-exceptions"
#endif

namespace {

mkit::loop the_loop;

mkit::task<int> leaf(int x) { co_return x * 3; }

mkit::task<int> parks(int x) {
  co_await the_loop.park();
  co_await the_loop.maybe_park(x % 3 == 0);
  co_return co_await leaf(x) + 1;
}

mkit::eager<int> eager_sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += co_await leaf(i);
  co_return s;
}

mkit::generator<int> evens(int n) {
  for (int i = 0; i < n; ++i)
    if (i % 2 == 0)
      co_yield i;
}

mkit::task<int> root(int n) {
  auto lambda = [](int x) -> mkit::task<int> { co_return co_await parks(x) - x; };
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += co_await lambda(i) + co_await parks(i);
  co_return s;
}

// Every other allocation fails: the call returns an empty `fallible`.
int attempts = 0;
struct fallible {
  struct promise_type : mkit::frame_truth {
    MKIT_PROMISE_CTOR(promise_type, mkit::frame_truth)
    static void *operator new(std::size_t n) noexcept {
      return ++attempts % 2 == 0 ? nullptr : ::operator new(n, std::nothrow);
    }
    static void operator delete(void *p) noexcept { ::operator delete(p); }
    static fallible get_return_object_on_allocation_failure() noexcept { return fallible{}; }
    fallible get_return_object() noexcept {
      return fallible{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      reached_final();
      return {};
    }
    int value = 0;
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::abort(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit fallible(std::coroutine_handle<promise_type> hh = {}) : h(hh) {}
  fallible(fallible &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~fallible() {
    if (h)
      h.destroy();
  }
};

fallible may_fail(int x) { co_return co_await leaf(x) * 2; }

} // namespace

int main() {
  int a, b, ok = 0, failed = 0;
  long c = 0;
  { // owners go out of scope before the truth is printed
    auto t = root(12);
    a = mkit::sync_wait(t, the_loop);
    b = MKIT_RAMP(eager_sum(30)).get();
    auto g = evens(40);
    while (const int *v = g.next())
      c += *v;
    auto abandoned = parks(7); // started, parked, destroyed while suspended
    mkit::resume(abandoned.handle());
    the_loop.drop_all();
    for (int i = 0; i < 6; ++i) {
      fallible f = may_fail(i);
      if (!f.h) {
        ++failed;
        continue;
      }
      mkit::resume(f.h); // lazy: runs to its final suspend point
      ok += f.h.promise().value;
    }
  }
  std::printf("noexcept: %d %d %ld allocation failures: %d ok: %d\n", a, b, c, failed, ok);
  mkit::print_truth();
  return 0;
}
