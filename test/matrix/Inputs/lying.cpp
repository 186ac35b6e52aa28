// For driver.test: a correct program unless a LIE_* macro makes it wrong in
// one way, each of which matrix.py must report.
#include "mkit_main.h"

#include <cstring>

extern "C" void __coroscope_flush() __attribute__((weak));

namespace {

mkit::loop the_loop;

mkit::task<int> leaf(int x) { co_return x + 1; }

mkit::task<int> root(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += co_await leaf(i);
  co_await the_loop.park();
  co_return s;
}

#ifdef LIE_UNCOUNTED
// A coroutine whose promise counts nothing: the report has a function the
// truth lacks.
struct silent {
  struct promise_type {
    silent get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() noexcept {}
  };
};
silent uncounted() { co_return; }
#endif

} // namespace

#ifdef LIE_LEAK
#include <cstdlib>
#include <thread>
#endif

int main() {
  const bool instrumented = __coroscope_flush != nullptr;
  int r;
  {
    auto t = root(5);
    r = mkit::sync_wait(t, the_loop);
#ifdef LIE_NEVER_STARTED
    auto never = leaf(0); // a lazy task destroyed before it ever ran
#endif
  }
#ifdef LIE_UNCOUNTED
  uncounted();
#endif
#ifdef LIE_OUTPUT
  if (instrumented)
    std::printf("instrumented\n");
#endif
  std::printf("lying: %d\n", r);
  std::fflush(stdout);
#ifdef LIE_CALLS
  // Claims one call of leaf too many.
  std::printf("truth file=lying.cpp line=13 calls=1 function=extra call\n");
#endif
  mkit::print_truth();
#ifdef LIE_LEAK
  // A block only the instrumented build leaks, as a runtime leak would be
  // (on a thread that has ended: no stale copy on a live stack hides it).
  if (instrumented)
    std::thread([] { void *volatile p = std::malloc(32); (void)p; }).join();
#endif
#ifdef LIE_STATUS
  return instrumented ? 4 : 0;
#endif
  return 0;
}
