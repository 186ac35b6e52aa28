// co_yield sites, a coroutine lambda, a member coroutine and a function
// template instantiated twice: every coroutine gets its own function site.
// RUN: %clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -gline-tables-only %s -o %t.ll
// RUN: %opt -passes=coroscope,coroscope-lower -S %t.ll -o %t.out.ll
// RUN: FileCheck %s < %t.out.ll
// RUN: FileCheck %s --check-prefix=SITES < %t.out.ll
#include "../../Inputs/kit.h"

generator<int> count(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

template <class T> lazy<T> twice(T v) { co_return v + v; }

struct service {
  lazy<int> get(int k) const { co_return k; }
};

int use() {
  auto lam = [](int x) -> lazy<int> { co_return x; };
  lazy<int> a = lam(1);
  lazy<int> b = twice(2);
  lazy<double> c = twice(2.0);
  lazy<int> d = service{}.get(4);
  generator<int> g = count(3);
  return g.next();
}

// CHECK-DAG: c"count(int)\00"
// CHECK-DAG: c"use()::$_0::operator()(int) const\00"
// CHECK-DAG: c"lazy<int> twice<int>(int)\00"
// CHECK-DAG: c"lazy<double> twice<double>(double)\00"
// CHECK-DAG: c"service::get(int) const\00"
// The co_yield: kind 3, at the co_yield keyword, awaiting what yield_value returned.
// CHECK-DAG: i8 3, [3 x i8] zeroinitializer, i32 [[#@LINE-25]], i32 5, {{[^}]*}}, ptr [[ALWAYS:@coroscope.str[.0-9]*]] }
// CHECK-DAG: [[ALWAYS]] = {{.*}} c"std::suspend_always\00"

// CHECK-LABEL: define {{.*}} @_Z5counti(
// CHECK: call void @__coroscope_frame_begin(
// CHECK-LABEL: define {{.*}} @"_ZZ3usevENK3$_0clEi"(
// CHECK: call void @__coroscope_frame_begin(
// CHECK-LABEL: define {{.*}} @_Z5twiceIiE4lazyIT_ES1_(
// CHECK: call void @__coroscope_frame_begin(
// CHECK-LABEL: define {{.*}} @_Z5twiceIdE4lazyIT_ES1_(
// CHECK: call void @__coroscope_frame_begin(
// resume() and done() in generator::next(), hooked at the calls.
// CHECK-LABEL: define {{.*}} @_ZN9generatorIiE4nextEv(
// CHECK: [[F:%coroscope.frame[0-9]*]] = load ptr, ptr [[H:%[0-9a-z.]+]]
// CHECK-NEXT: call void @__coroscope_handle_resume_enter(ptr getelementptr {{.*}}, ptr [[F]])
// No landing pad is added around it (an exception escaping the coroutine is
// seen inside the coroutine, frame_unwind): the caller's exception paths
// stay as they are, and with them what CoroElide elides.
// The resume() goes to this call site's copy of the member, which reports
// the exit (plugin/HookMarkers.h, tagHookAfter).
// CHECK-NEXT: call void @_ZNKSt7__n486116coroutine_handleIN9generatorIiE12promise_typeEE6resumeEv.coroscope(ptr {{.*}}[[H]])
// CHECK-NEXT: getelementptr
// CHECK-NEXT: [[F2:%coroscope.frame[0-9]*]] = load ptr, ptr [[H2:%[0-9a-z.]+]]
// CHECK-NEXT: call void @__coroscope_handle_done(ptr getelementptr {{.*}}, ptr [[F2]])
// CHECK-NEXT: call {{.*}} i1 @_ZNKSt7__n486116coroutine_handleIN9generatorIiE12promise_typeEE4doneEv(ptr {{.*}}[[H2]])
// CHECK-NOT: landingpad
// CHECK-LABEL: define
// CHECK-LABEL: define internal void @_ZNKSt7__n486116coroutine_handleIN9generatorIiE12promise_typeEE6resumeEv.coroscope(
// CHECK: call void @llvm.coro.resume(ptr [[FR:%[0-9]+]])
// CHECK-NEXT: call void @__coroscope_handle_resume_exit(ptr getelementptr {{.*}}, ptr [[FR]])
// The call sites: kinds 5 (resume) and 7 (done), in generator<int>::next().
// SITES: i8 5, [3 x i8] zeroinitializer, i32 [[#NEXTLINE:]], i32 {{[0-9]+}}, i32 0, ptr null, ptr [[NEXT:@coroscope.str[.0-9]*]],
// SITES-SAME: i8 7, [3 x i8] zeroinitializer, i32 [[#NEXTLINE]], i32 {{[0-9]+}}, i32 0, ptr null, ptr [[NEXT]],
// SITES: [[NEXT]] = {{.*}} c"generator<int>::next()\00"
