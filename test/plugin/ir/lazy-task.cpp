// A lazy task: every hook of a frame's life, in Clang 19's IR shape.
// RUN: %clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -gline-tables-only %s -o %t.ll
// RUN: %opt -passes=coroscope -S %t.ll -o %t.mark.ll
// RUN: FileCheck %s --check-prefix=MARKER < %t.mark.ll
// RUN: %opt -passes=coroscope-lower -S %t.mark.ll -o %t.out.ll
// RUN: FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker < %t.out.ll
// RUN: FileCheck %s --check-prefix=ATTR < %t.out.ll
#include "../../Inputs/kit.h"

lazy<int> answer() { co_return 42; }
void drop() { answer(); }

// CHECK: @coroscope.sites = private global [5 x %coroscope.site]
// Function site: kind 0, with its promise type; initial (kind 1) and final
// (kind 4) at the name.
// CHECK-SAME: { i32 0, i8 0, [3 x i8] zeroinitializer, i32 [[#@LINE-6]], i32 0, i32 0, ptr null, ptr [[NAME:@coroscope.str[.0-9]*]], ptr [[FILE:@coroscope.str[.0-9]*]], ptr [[PROMISE:@coroscope.str[.0-9]*]] }
// CHECK-SAME: { i32 0, i8 1, [3 x i8] zeroinitializer, i32 [[#@LINE-7]], i32 11, i32 0, ptr @coroscope.sites, ptr [[NAME]], ptr [[FILE]], ptr [[AWAITER:@coroscope.str[.0-9]*]] }
// CHECK-SAME: { i32 0, i8 4, [3 x i8] zeroinitializer, i32 [[#@LINE-8]], i32 11, i32 0, ptr @coroscope.sites, ptr [[NAME]], ptr [[FILE]], ptr [[FINAL:@coroscope.str[.0-9]*]] }
// The call of answer() in drop() (kind 8: where frames are created), and
// the destroy() in ~lazy (kind 6) on coroutine_handle<lazy<int>::promise_type>.
// The call site points at the callee's function site (answer() is site 0).
// CHECK-SAME: { i32 0, i8 8, [3 x i8] zeroinitializer, i32 [[#@LINE-11]], i32 15, i32 0, ptr @coroscope.sites, ptr [[DROP:@coroscope.str[.0-9]*]], ptr [[FILE]], ptr [[NONE:@coroscope.str[.0-9]*]] }
// CHECK-SAME: { i32 0, i8 6, [3 x i8] zeroinitializer, i32 {{[0-9]+}}, i32 {{[0-9]+}}, i32 0, ptr null, ptr [[DTOR:@coroscope.str[.0-9]*]], ptr [[KIT:@coroscope.str[.0-9]*]], ptr [[PROMISE]] }
// CHECK-SAME: section "coroscope_sites", align 8
// CHECK-DAG: [[DTOR]] = {{.*}} c"lazy<int>::~lazy()\00"
// CHECK-DAG: [[DROP]] = {{.*}} c"drop()\00"
// CHECK-DAG: [[PROMISE]] = {{.*}} c"lazy<int>::promise_type\00"
// CHECK-DAG: [[KIT]] = {{.*}} c"{{.*}}kit.h\00"
// CHECK-DAG: [[NAME]] = private unnamed_addr constant [9 x i8] c"answer()\00"
// CHECK-DAG: [[AWAITER]] = private unnamed_addr constant {{.*}} c"std::suspend_always\00"
// CHECK-DAG: [[FINAL]] = private unnamed_addr constant {{.*}} c"lazy<int>::promise_type::final_awaiter\00"
// CHECK-DAG: @llvm.global_ctors = appending global {{.*}} { i32 1, ptr @coroscope.module_ctor, ptr @coroscope.module_ctor }

// CHECK-LABEL: define {{.*}} @_Z6answerv(
// CHECK: [[MEM:%[0-9a-z.]+]] = call {{.*}}ptr @_Znwm(i64 noundef [[SIZE:%[0-9a-z.]+]])
// CHECK-NEXT: call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr [[MEM]], i64 [[SIZE]])
// CHECK: [[HDL:%[0-9a-z.]+]] = call ptr @llvm.coro.begin(
// The frame size: CoroSplit lowers coro.size to the same constant for heap
// and elided frames (frame-size.cpp checks the lowered value).
// CHECK-NEXT: [[FSIZE:%[0-9a-z.]+]] = call i64 @llvm.coro.size.i64()
// CHECK-NEXT: call void @__coroscope_frame_begin(ptr @coroscope.sites, ptr [[HDL]], i64 [[FSIZE]])
// Initial suspend: ready edge, suspend before await_suspend, resume edge.
// CHECK: call void @__coroscope_await_ready(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr [[HDL]])
// CHECK: call token @llvm.coro.save(
// The awaiter's address goes only to an await_suspend that may touch the
// awaiter (awaiter-touch.cpp): neither suspend_always's nor final_awaiter's.
// CHECK-NEXT: call void @__coroscope_await_suspend(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr [[HDL]], ptr null)
// CHECK-NEXT: call void @llvm.coro.await.suspend.void(
// CHECK-NEXT: call void @__coroscope_await_return(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr [[HDL]])
// CHECK: call void @__coroscope_frame_resume(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr [[HDL]])
// Final suspend with a handle-returning await_suspend.
// CHECK: call void @__coroscope_await_suspend(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 2), ptr [[HDL]], ptr null)
// CHECK-NEXT: invoke void @llvm.coro.await.suspend.handle(
// CHECK: [[FREE:%[0-9a-z.]+]] = call ptr @llvm.coro.free(token {{%[0-9a-z.]+}}, ptr [[HDL]])
// CHECK-NEXT: call void @__coroscope_frame_free(ptr @coroscope.sites, ptr [[HDL]], ptr [[FREE]])
// CHECK: call {{i1|void}} @llvm.coro.end(ptr null, i1 false, token none)
// CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites, ptr [[HDL]])

// The call of a coroutine names its creation site first.
// CHECK-LABEL: define {{.*}} @_Z4dropv(
// CHECK: call void @__coroscope_coroutine_call(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3))
// CHECK-NEXT: call void @_Z6answerv(

// coroutine_handle::destroy() is hooked where ~lazy calls it, with a call
// site of its own (kind 6) naming ~lazy and the line of `h.destroy()`. The
// call goes to a copy of the member made for this call site, whose
// llvm.coro.destroy carries the exit hook (plugin/HookMarkers.h,
// tagHookAfter): no hook follows the call in ~lazy.
// CHECK-LABEL: define {{.*}} @_ZN4lazyIiED2Ev(
// CHECK: [[F:%coroscope.frame[0-9]*]] = load ptr, ptr [[THIS:%[0-9a-z.]+]]
// CHECK-NEXT: call void @__coroscope_handle_destroy_enter(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4), ptr [[F]])
// CHECK-NEXT: {{call|invoke}} void @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv.coroscope(ptr {{.*}}[[THIS]])
// CHECK-NOT: __coroscope_handle
// Until the optimizer is done these caller-side hooks are markers the cost
// models price at zero (plugin/HookMarkers.h): operand 2 names the hook,
// operand 3 its arity. No hook call is there yet.
// MARKER-LABEL: define {{.*}} @_Z4dropv(
// MARKER: call void @llvm.var.annotation.p0.p0(ptr {{nocapture readnone|readnone captures\(none\)}} null, ptr {{nocapture readonly|readonly captures\(none\)}} getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3), ptr @coroscope.marker.__coroscope_coroutine_call, i32 1, ptr null)
// MARKER-NEXT: call void @_Z6answerv(
// MARKER-LABEL: define {{.*}} @_ZN4lazyIiED2Ev(
// MARKER-NOT: @__coroscope_handle
// MARKER: [[F:%coroscope.frame[0-9]*]] = load ptr, ptr [[THIS:%[0-9a-z.]+]]
// MARKER-NEXT: call void @llvm.var.annotation.p0.p0(ptr {{nocapture readnone|readnone captures\(none\)}} [[F]], ptr {{nocapture readonly|readonly captures\(none\)}} getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4), ptr @coroscope.marker.__coroscope_handle_destroy_enter, i32 2, ptr null)
// MARKER-NEXT: {{call|invoke}} void @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv.coroscope(ptr {{.*}}[[THIS]])
// MARKER-NOT: @__coroscope_handle
// MARKER-LABEL: define {{.*}} @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv(
// MARKER-LABEL: define internal void @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv.coroscope(
// MARKER: call void @llvm.coro.destroy(ptr {{%[0-9]+}}) #{{[0-9]+}} [ "coroscope.hook_after"(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4), ptr @coroscope.marker.__coroscope_handle_destroy_exit) ]

// Inside the std member itself nothing is added.
// CHECK-LABEL: define {{.*}} @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv(
// CHECK-NOT: __coroscope
// CHECK: call void @llvm.coro.destroy(
// CHECK-NOT: __coroscope
// CHECK: ret void
// The call site's copy: the exit hook right after the intrinsic, which no
// longer carries the bundle (the code generator takes no unknown bundle).
// CHECK-LABEL: define internal void @_ZNKSt7__n486116coroutine_handleIN4lazyIiE12promise_typeEE7destroyEv.coroscope(
// CHECK: call void @llvm.coro.destroy(ptr [[FR:%[0-9]+]]) #{{[0-9]+}}, !dbg
// CHECK-NEXT: call void @__coroscope_handle_destroy_exit(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 4), ptr [[FR]])

// CHECK-LABEL: define weak_odr hidden void @coroscope.module_ctor() {{.*}}comdat
// CHECK: call void @__coroscope_sites_init(ptr @__start_coroscope_sites, ptr @__stop_coroscope_sites)

// Hooks must not make the frame escape, or CoroElide would give up.
// ATTR: declare void @__coroscope_frame_begin(ptr {{nocapture|captures\(none\)}}, ptr {{nocapture readnone|readnone captures\(none\)}}, i64) [[ATTR:#[0-9]+]]
// ATTR: attributes [[ATTR]] = { nounwind memory(argmem: read, inaccessiblemem: readwrite) "call-inline-cost"="0" }
