// A coroutine whose body throws and whose promise rethrows: the exception
// leaves the ramp through the unwinding coro.end, which must still report
// the ramp's return (on the edge taken only in the ramp); in the resume
// clones the other edge is taken, and reports the exception leaving a
// resumed activation (frame_unwind).
// RUN: %clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -gline-tables-only %s -o %t.ll
// RUN: %opt -passes=coroscope -S %t.ll -o - \
// RUN:   | FileCheck %s --check-prefixes=CHECK,%if coro-is-in-ramp %{IN-RAMP%} %else %{END-I1%}
#include "../../Inputs/kit.h"
#include <stdexcept>

struct throwing {
  struct promise_type {
    throwing get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { throw; }
  };
};

throwing boom() {
  throw std::runtime_error("boom");
  co_return;
}

// CHECK-LABEL: define {{.*}} @_Z4boomv(
// LLVM 19: coro.end's i1 is true in the clones.
// END-I1: [[END:%[0-9]+]] = call i1 @llvm.coro.end(ptr null, i1 true, token none)
// END-I1-NEXT: br i1 [[END]], label %[[CLONES:[0-9a-z._]+]], label %[[RAMP:[0-9a-z._]+]]
// LLVM 22: coro.end returns nothing; coro.is_in_ramp() is true in the ramp.
// IN-RAMP: call void @llvm.coro.end(ptr null, i1 true, token none)
// IN-RAMP-NEXT: [[IN:%[0-9]+]] = call i1 @llvm.coro.is_in_ramp()
// IN-RAMP-NEXT: br i1 [[IN]], label %[[RAMP:[0-9a-z._]+]], label %[[CLONES:[0-9a-z._]+]]
// CHECK: [[CLONES]]:
// CHECK-NEXT: call void @__coroscope_frame_unwind(ptr @coroscope.sites,
// CHECK: [[RAMP]]:
// CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites,
