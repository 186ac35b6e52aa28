// void, bool and handle-returning await_suspend, and an eager coroutine whose
// initial and final awaiters are always ready.
// RUN: %clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -gline-tables-only %s -o %t.ll
// RUN: %opt -passes=coroscope,coroscope-lower -S %t.ll -o - | FileCheck %s
#include "../../Inputs/kit.h"

eager kinds(lazy<int> &child) {
  co_await void_awaiter{};
  co_await bool_awaiter{};
  co_await child;
}

// Sites: function, initial, three awaits, final, in that order.
// CHECK: @coroscope.sites = private global [6 x %coroscope.site]
// CHECK-SAME: i8 1, [3 x i8] zeroinitializer, i32 [[#@LINE-8]], i32 7, {{[^}]*}} ptr [[NEVER:@coroscope.str[.0-9]*]] }
// CHECK-SAME: i8 2, [3 x i8] zeroinitializer, i32 [[#@LINE-8]], i32 3, {{[^}]*}} ptr [[VOID:@coroscope.str[.0-9]*]] }
// CHECK-SAME: i8 2, [3 x i8] zeroinitializer, i32 [[#@LINE-8]], i32 3, {{[^}]*}} ptr [[BOOL:@coroscope.str[.0-9]*]] }
// CHECK-SAME: i8 2, [3 x i8] zeroinitializer, i32 [[#@LINE-8]], i32 3, {{[^}]*}} ptr [[LAZY:@coroscope.str[.0-9]*]] }
// CHECK-SAME: i8 4, [3 x i8] zeroinitializer, i32 [[#@LINE-12]], i32 7, {{[^}]*}} ptr [[NEVER]] }
// CHECK-DAG: [[NEVER]] = {{.*}} c"std::suspend_never\00"
// CHECK-DAG: [[VOID]] = {{.*}} c"void_awaiter\00"
// CHECK-DAG: [[BOOL]] = {{.*}} c"bool_awaiter\00"
// CHECK-DAG: [[LAZY]] = {{.*}} c"lazy<int>\00"

// CHECK-LABEL: define {{.*}} @_Z5kindsR4lazyIiE(
// suspend_never: await_ready() is true; the hook sits on that edge.
// CHECK: [[READY:%[0-9]+]] = call {{.*}} i1 @_ZNKSt7__n486113suspend_never11await_readyEv(
// CHECK-NEXT: br i1 [[READY]], label %[[RBB:[0-9a-z._]+]], label
// CHECK: [[RBB]]:
// CHECK-NEXT: call void @__coroscope_await_ready(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1)

// void await_suspend
// CHECK: call void @__coroscope_await_suspend(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 2)
// CHECK-NEXT: call void @llvm.coro.await.suspend.void(
// CHECK-NEXT: call void @__coroscope_await_return(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 2)

// bool await_suspend: returning false takes the cancel edge to await_resume.
// CHECK: call void @__coroscope_await_suspend(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3)
// CHECK-NEXT: [[SUSP:%[0-9]+]] = call i1 @llvm.coro.await.suspend.bool(
// CHECK-NEXT: call void @__coroscope_await_return(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3)
// CHECK-NEXT: br i1 [[SUSP]], label %{{[0-9a-z._]+}}, label %[[CANCEL:[0-9a-z._]+]]
// CHECK: [[CANCEL]]:
// CHECK-NEXT: call void @__coroscope_await_cancel(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3)

// handle-returning await_suspend (symmetric transfer)
// CHECK: call void @__coroscope_await_suspend(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4)
// CHECK-NEXT: invoke void @llvm.coro.await.suspend.handle(
// CHECK: call void @__coroscope_frame_resume(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4)
// An exception from await_suspend undoes the suspension, like returning false.
// CHECK: landingpad
// CHECK-NEXT: {{catch|cleanup}}
// CHECK-NEXT: call void @__coroscope_await_cancel(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4)

// The handle-returning await_suspend reports its target inside its wrapper.
// CHECK-LABEL: define {{private|internal}} {{.*}} @_Z5kindsR4lazyIiE.__await_suspend_wrapper__await3(ptr {{.*}}%0, ptr {{.*}}%1)
// CHECK: [[T:%[0-9]+]] = call {{.*}}ptr @_ZNKSt7__n486116coroutine_handleIvE7addressEv(
// CHECK-NEXT: call void @__coroscope_await_transfer(ptr getelementptr inbounds ([6 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4), ptr %1, ptr [[T]])
// CHECK-NEXT: ret ptr [[T]]
