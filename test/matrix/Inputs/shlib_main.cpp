// Coroutines across shared libraries: the executable awaits coroutines of
// libshlib (linked, loaded at start-up), libshlib awaits one of the
// executable, and a library loaded with dlopen (argv[1]) runs its own and
// awaits libshlib's. Built by matrix.py with --lib shlib_lib.cpp and
// --dlopen shlib_plugin.cpp.
#include "mkit_main.h"
#include "shlib.h"

#include <dlfcn.h>

namespace {

mkit::loop the_loop;

mkit::task<int> exe_callback(int x) {
  co_await the_loop.park();
  co_return x - 1;
}

mkit::task<int> exe_root(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    s += co_await lib_leaf(i);
    s += co_await lib_parks(the_loop, i);
    s += co_await lib_calls_back(exe_callback, i);
  }
  auto g = lib_range(n);
  while (const int *v = g.next())
    s += *v;
  co_return s;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
    return 2;
  }
  shlib_attach(&mkit::st());
  int linked;
  {
    auto t = exe_root(8);
    linked = mkit::sync_wait(t, the_loop);
  }
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto attach = reinterpret_cast<plugin_attach_fn>(dlsym(plugin, "plugin_attach"));
  auto run = reinterpret_cast<plugin_run_fn>(dlsym(plugin, "plugin_run"));
  if (!attach || !run) {
    std::printf("dlsym: %s\n", dlerror());
    return 1;
  }
  attach(&mkit::st());
  int loaded = run(&the_loop, 10);
  dlclose(plugin);
  std::printf("shared libraries: linked=%d dlopened=%d\n", linked, loaded);
  mkit::print_truth();
  return 0;
}
