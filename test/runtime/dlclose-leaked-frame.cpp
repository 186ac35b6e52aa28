// A frame of a library that was unloaded while the frame was still alive:
// the exit scan reports it as leaked without reading the unloaded library's
// site names (it used to crash at exit, in both modes, and lose the
// program's buffered output). The report still names it from the log.
// RUN: %clang_coroscope -O2 -fPIC -shared -DLIBRARY %s -o %t.so
// RUN: %clang_coroscope -O2 %s -o %t -ldl
// RUN: rm -f %t.log %t.p.log
// RUN: env COROSCOPE_OUT=%t.log %t %t.so 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=%t.p.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: not %coroscope check %t.log | FileCheck %s --check-prefix=CHECK
// RUN: not %coroscope check %t.p.log | FileCheck %s --check-prefix=CHECK
// OUT: done
// STDERR: ==coroscope== ERROR: leaked-frame: 1 frame of <unknown coroutine> (24 heap bytes) never destroyed, created at <unknown site>
// CHECK: dlclose-leaked-frame.cpp:29:27: error: [leaked-frame] frame of leaked() created at start dlclose-leaked-frame.cpp:29:27 was never destroyed (left suspended)
#include <coroutine>

#ifdef LIBRARY
struct parked {
  struct promise_type {
    parked get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
parked leaked() { co_return; }
extern "C" void start() { leaked(); } // NOLINT(coroscope-discarded-task): the leak is the point
#else
#include <cstdio>
#include <dlfcn.h>

int main(int, char **argv) {
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h)
    return 1;
  reinterpret_cast<void (*)()>(dlsym(h, "start"))();
  dlclose(h);
  std::printf("done\n");
}
#endif
