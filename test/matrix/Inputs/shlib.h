// What shlib_main.cpp uses of libshlib (linked, loaded at start-up) and of
// shlib_plugin (loaded with dlopen).
#ifndef MATRIX_SHLIB_H
#define MATRIX_SHLIB_H
#include "mkit.h"

extern "C" void shlib_attach(mkit::state *s);
mkit::task<int> lib_leaf(int x);
mkit::task<int> lib_parks(mkit::loop &l, int x);
mkit::generator<int> lib_range(int n);
// Awaits `callback`, a coroutine of the executable: symmetric transfer from
// the library into the executable and back.
mkit::task<int> lib_calls_back(mkit::task<int> (*callback)(int), int x);

// The plugin's entry points, found with dlsym.
using plugin_attach_fn = void (*)(mkit::state *);
using plugin_run_fn = int (*)(mkit::loop *, int n);
#endif
