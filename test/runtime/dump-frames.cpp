// Where is each coroutine parked: __coroscope_dump_frames() and the signal
// named by COROSCOPE_DUMP_SIGNAL print every chain of live frames once, from
// the innermost frame out; the report shows the frames alive at the end.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t 2>&1 | FileCheck %s
// RUN: env COROSCOPE_OUT=%t.sig.log COROSCOPE_DUMP_SIGNAL=SIGUSR1 %t signal 2>&1 | FileCheck %s
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python -c "import json,sys; print(len(json.load(open(sys.argv[1]))['live_frames']))" %t.json | FileCheck %s --check-prefix=END
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"
#include <csignal>
#include <cstdio>
#include <cstring>

std::coroutine_handle<> parked;
struct io_wait {
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { parked = h; }
  void await_resume() {}
};
lazy<int> fetch_slow(int k) {
  co_await io_wait{};
  co_return k;
}
lazy<int> lookup(int k) {
  int v = co_await fetch_slow(k);
  co_return v + 1;
}
lazy<int> drive() {
  int v = co_await lookup(41);
  co_return v;
}
int main(int argc, char **argv) {
  lazy<int> top = drive();
  top.h.resume();
  std::fflush(stdout);
  if (argc > 1 && std::strcmp(argv[1], "signal") == 0)
    std::raise(SIGUSR1);
  else
    __coroscope_dump_frames(1);
  parked.resume();
  std::printf("value=%d\n", top.h.promise().value);
}
// CHECK: ==coroscope== 3 live coroutine frames
// CHECK-NEXT: fetch_slow(int) suspended at {{.*}}dump-frames.cpp:22:3
// CHECK-NEXT: awaited by lookup(int) at {{.*}}dump-frames.cpp:26:11
// CHECK-NEXT: awaited by drive() at {{.*}}dump-frames.cpp:30:11
// CHECK-NOT: awaited by
// CHECK: value=42
// All frames were destroyed by the end.
// END: 0
