// A coroutine library that a second thread has used is dlclose'd while that
// thread is still alive, then the thread exits. In profile mode both
// threads' inline counters of the library go away with it: its destructor
// (coroscope.module.unload) folds them all into the unloading thread's block
// first, and the other thread's exit then skips the library's freed entry.
// Every call is counted, in both modes, with the static and shared runtime.
// RUN: %clang_coroscope -O1 -fPIC -shared -DLIBRARY %s -o %t.so
// RUN: %clang_coroscope -O1 %s -o %t -ldl -pthread
// RUN: rm -rf %t.d && mkdir %t.d && env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/p.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.p.json %t.d/p.log
// RUN: %python %S/../tools/report_summary.py %t.p.json | FileCheck %s
// RUN: env COROSCOPE_OUT=%t.d/t.log %t %t.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.t.json %t.d/t.log
// RUN: %python %S/../tools/report_summary.py %t.t.json | FileCheck %s
// The same with the runtime linked into the executable, the library without any.
// RUN: %clangxx -O1 -fPIC -shared -fplugin=%coroscope_plugin -DLIBRARY %s -o %t.nort.so
// RUN: %clangxx -O1 %s -o %t.static -ldl -pthread $(%coroscope flags --link-static)
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/s.log %t.static %t.nort.so | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o %t.s.json %t.d/s.log
// RUN: %python %S/../tools/report_summary.py %t.s.json | FileCheck %s
#include "../Inputs/kit.h"
#include <cstdio>

#ifdef LIBRARY
lazy<int> lib_leaf(int x) { co_return x; }
eager lib_fn(int x, int *sum) {
  *sum += co_await lib_leaf(x);
  co_return;
}
extern "C" int run_lib(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    lib_fn(i, &sum);
  return sum;
}
#else
#include "../Inputs/open_library.h"
#include <condition_variable>
#include <mutex>
#include <thread>

int main(int, char **argv) {
  void *h = openLibrary(argv[1]);
  auto run = librarySymbol<int (*)(int)>(h, "run_lib");
  std::mutex m;
  std::condition_variable cv;
  bool ran = false, closed = false;
  int worker_sum = 0;
  std::thread worker([&] {
    worker_sum = run(7);
    std::unique_lock<std::mutex> lock(m);
    ran = true;
    cv.notify_all();
    cv.wait(lock, [&] { return closed; }); // alive across the dlclose
  });
  int main_sum = run(5);
  {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return ran; });
  }
  dlclose(h);
  {
    std::lock_guard<std::mutex> lock(m);
    closed = true;
  }
  cv.notify_all();
  worker.join();
  std::printf("sums=%d,%d\n", main_sum, worker_sum);
}
#endif
// OUT: sums=10,21
// CHECK-DAG: function lib_fn(int, int*) calls=12 {{.*}} completed=12 sync=12
// CHECK-DAG: function lib_leaf(int) calls=12 {{.*}} completed=12 sync=12
// CHECK-NOT: unknown
