// shlib_plugin: coroutines in a shared library the executable loads with
// dlopen (and unloads with dlclose before it prints its truth).
#include "shlib.h"

MKIT_LIBRARY_ATTACH(plugin_attach)

namespace {
mkit::task<int> plugin_step(mkit::loop &l, int x) {
  co_await l.maybe_park(x % 2 == 1);
  co_return x + 100;
}
mkit::task<int> plugin_root(mkit::loop &l, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += co_await plugin_step(l, i) + co_await lib_leaf(i); // into libshlib too
  co_return s;
}
} // namespace

extern "C" int plugin_run(mkit::loop *l, int n) {
  auto t = plugin_root(*l, n);
  return mkit::sync_wait(t, *l);
}
