// The pass speaks through Clang's optimization remarks: -Rpass=coroscope
// names every instrumented coroutine, -Rpass-missed=coroscope every one it
// leaves alone and why, at the function's line, with or without -g, at -O0
// and -O2; without the flags it says nothing.
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -Rpass=coroscope -Rpass-missed=coroscope -S -emit-llvm %s -o %t.O0.ll 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -g -Rpass=coroscope -Rpass-missed=coroscope -S -emit-llvm %s -o %t.O2.ll 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -Rpass-missed=coroscope -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -S -emit-llvm %s -o /dev/null 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR < %t.O0.ll
// (-emit-llvm: Clang's own code generator cannot compile hand(); the
// builtins are for writing coroutine lowering tests, not programs.)
#include <coroutine>
#include <cstdlib>

struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

// A coroutine written with Clang's builtins: its suspend point has no
// llvm.coro.save, so there is nothing to hook before it parks.
void *hand(int n) {
  __builtin_coro_id(16, nullptr, nullptr, nullptr);
  void *hdl = __builtin_coro_begin(std::malloc(64));
  for (int i = 0; i < n; ++i)
    switch (__builtin_coro_suspend(false)) {
    case 0:
      break;
    case 1:
      goto cleanup;
    default:
      goto suspend;
    }
cleanup:
  std::free(__builtin_coro_free(hdl));
suspend:
  __builtin_coro_end(hdl, false);
  return hdl;
}
// CHECK: remarks.cpp:[[#@LINE-18]]:1: remark: coroscope: not instrumenting 'hand(int)': suspend point at line [[#@LINE-14]]:13 has no llvm.coro.save or no constant 'final' flag [-Rpass-missed=coroscope]
// MISSED: remarks.cpp:[[#@LINE-19]]:1: remark: coroscope: not instrumenting 'hand(int)'

// (Coroutines found unfit are reported first: all are judged before any is
// instrumented.)
task step() { co_await std::suspend_always{}; }
// CHECK: remarks.cpp:[[#@LINE-1]]:1: remark: coroscope: instrumented 'step()': 3 suspend points [-Rpass=coroscope]

// IR-LABEL: define {{.*}} @_Z4handi(
// IR-NOT: __coroscope
// IR: {{^}}}
// IR-LABEL: define {{.*}} @_Z4stepv(
// IR: call void @__coroscope_frame_begin(
