// awaiter_touch() goes into the await_suspend members that the wrappers call,
// before the first access to *this after anything that may hand the handle
// off (a call, an atomic operation); accesses before it, and members that
// touch nothing afterwards, get none. The await_suspend hook passes the
// awaiter when it is the coroutine's own temporary, null for an lvalue
// awaiter reached through a reference.
// RUN: %clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %opt -passes=coroscope -S %t.ll -o - | FileCheck %s
// Running the pass again adds nothing (the member is hooked already).
// RUN: %opt -passes=coroscope -S %t.ll -o - | %opt -passes=coroscope -S - -o - | grep -c "call void @__coroscope_awaiter_touch()" | FileCheck %s --check-prefix=TWICE
// TWICE: 3
#include "../../Inputs/kit.h"

void publish(std::coroutine_handle<>);

struct touches_after {
  std::coroutine_handle<> h;
  int n = 0;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> c) {
    h = c;        // before any hand-off: no hook
    n = 1;
    publish(h);   // loads h first: still before the hand-off
    n = 2;        // after publish(): hooked
    n = 3;        // no new hand-off since the hook: not again
    publish(c);
    ++n;          // hooked again
  }
  void await_resume() noexcept {}
};

struct handoff_last {
  int id = 0;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> c) {
    id = 7;
    publish(c);   // the last act: nothing to hook
  }
  void await_resume() noexcept {}
};

struct passes_this {
  bool await_ready() noexcept { return false; }
  void enqueue(std::coroutine_handle<>);
  void await_suspend(std::coroutine_handle<> c) {
    publish(c);
    enqueue(c);   // given `this` after a hand-off: hooked
  }
  void await_resume() noexcept {}
};

passes_this g_lvalue;

eager run() {
  co_await touches_after{};
  co_await handoff_last{};
  co_await g_lvalue;
}

// CHECK-LABEL: define {{.*}} @_Z3runv(
// Sites 1-5: initial, the three awaits, final. Temporaries are the
// coroutine's allocas; their address is passed only where await_suspend may
// touch the awaiter after the hand-off (touches_after), the only case the
// runtime reads it for.
// CHECK: call void @__coroscope_await_suspend({{.*}} i32 0, i32 2), ptr %{{[0-9]+}}, ptr %{{[0-9]+}})
// CHECK: call void @__coroscope_await_suspend({{.*}} i32 0, i32 3), ptr %{{[0-9]+}}, ptr null)
// The lvalue awaiter is outside the frame.
// CHECK: call void @__coroscope_await_suspend({{.*}} i32 0, i32 4), ptr %{{[0-9]+}}, ptr null)

// CHECK-LABEL: define {{.*}} @_ZN13touches_after13await_suspend{{.*}}(
// CHECK-NOT: __coroscope_awaiter_touch
// CHECK: call void @_Z7publish{{.*}}(
// CHECK-NOT: store
// CHECK: call void @__coroscope_awaiter_touch()
// CHECK-NEXT: store i32 2,
// CHECK-NOT: __coroscope_awaiter_touch
// CHECK: call void @_Z7publish{{.*}}(
// CHECK-NOT: load
// CHECK: call void @__coroscope_awaiter_touch()
// CHECK-NEXT: load i32
// CHECK-NOT: __coroscope_awaiter_touch
// CHECK: ret void

// CHECK-LABEL: define {{.*}} @_ZN12handoff_last13await_suspend{{.*}}(
// CHECK-NOT: __coroscope_awaiter_touch
// CHECK: ret void

// CHECK-LABEL: define {{.*}} @_ZN11passes_this13await_suspend{{.*}}(
// CHECK: call void @_Z7publish{{.*}}(
// CHECK-NOT: ret void
// CHECK: call void @__coroscope_awaiter_touch()
// CHECK-NEXT: call void @_ZN11passes_this7enqueue{{.*}}(
