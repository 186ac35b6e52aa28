// The pass finds every hook point the IR has, whatever the LLVM major's
// coroutine IR looks like (plugin/compat/CoroIntrinsics.h: on 22 an
// unwinding llvm.coro.end returns nothing and llvm.coro.is_in_ramp tells the
// ramp from the clones). -Rpass-analysis=coroscope counts the hooks placed
// per coroutine; the counts below hold for every major and -O level, so a
// shape the pass stopped recognizing fails here instead of dropping hooks.
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -Rpass-analysis=coroscope -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=remark
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -Rpass-analysis=coroscope -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=remark
#include "../../Inputs/kit.h"

// unhandled_exception() rethrows: an exception can leave the ramp (before
// the first suspension) and a resumed activation.
lazy<int> leaf(int x) { co_return x; }
// CHECK: remark: coroscope: hooks in 'leaf(int)': alloc 1, suspend 2, cancel 1, free 2, ramp-return 1, unwind-in-ramp 1, unwind-in-resume 1

lazy<int> two(int x) {
  int a = co_await leaf(x);
  co_await void_awaiter{};
  co_await bool_awaiter{};
  co_return a;
}
// CHECK: remark: coroscope: hooks in 'two(int)': alloc 1, suspend 5, cancel 2, free 2, ramp-return 1, unwind-in-ramp 1, unwind-in-resume 1
