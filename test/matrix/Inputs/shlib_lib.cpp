// libshlib: coroutines in a shared library linked to the executable and
// loaded at start-up (see shlib_main.cpp).
#include "shlib.h"

MKIT_LIBRARY_ATTACH(shlib_attach)

mkit::task<int> lib_leaf(int x) { co_return x * 7; }

mkit::task<int> lib_parks(mkit::loop &l, int x) {
  co_await l.park();
  co_return co_await lib_leaf(x) + 1;
}

mkit::generator<int> lib_range(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i * i;
}

mkit::task<int> lib_calls_back(mkit::task<int> (*callback)(int), int x) {
  int a = co_await callback(x);
  int b = co_await lib_leaf(a);
  co_return a + b;
}
