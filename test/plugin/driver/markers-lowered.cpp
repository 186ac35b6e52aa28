// The caller-side hooks are markers (llvm.var.annotation) until the end of
// the optimizer (plugin/HookMarkers.h). Whatever the pipeline, every marker
// must have become its hook call by the time the compiler emits code or
// bitcode, including the LTO pre-link pipelines, whose post-link half runs
// without the plugin. A marker left behind would be dropped silently by the
// code generator, losing the resume/destroy/done events.
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker < %t.O0.ll
// RUN: %clangxx -fplugin=%coroscope_plugin -O1 -S -emit-llvm %s -o %t.O1.ll
// RUN: FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker < %t.O1.ll
// RUN: %clangxx -fplugin=%coroscope_plugin -O3 -S -emit-llvm %s -o %t.O3.ll
// RUN: FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker < %t.O3.ll
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -flto -c %s -o %t.lto.bc
// RUN: llvm-dis %t.lto.bc -o - | FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -flto=thin -c %s -o %t.thin.bc
// RUN: llvm-dis %t.thin.bc -o - | FileCheck %s --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.marker
// A user's own annotate attribute is a var.annotation too, and stays.
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -DUSER_ANNOTATION -S -emit-llvm %s -o - | FileCheck %s --check-prefix=USER
#include <coroutine>

struct gen {
  struct promise_type {
    int v = 0;
    gen get_return_object() { return gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int x) noexcept { v = x; return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  ~gen() { h.destroy(); }
};

gen count(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

__attribute__((noinline)) int total(int n) {
#ifdef USER_ANNOTATION
  __attribute__((annotate("mine"))) int keep = 0;
  (void)keep;
#endif
  gen g = count(n);
  int s = 0;
  while (g.h.resume(), !g.h.done())
    s += g.h.promise().v;
  return s;
}

int main() { return total(3) == 3 ? 0 : 1; }

// CHECK-DAG: call void @__coroscope_coroutine_call(
// CHECK-DAG: call void @__coroscope_handle_resume_enter(
// CHECK-DAG: call void @__coroscope_handle_resume_exit(
// CHECK-DAG: call void @__coroscope_handle_done(
// CHECK-DAG: call void @__coroscope_handle_destroy_enter(
// CHECK-DAG: call void @__coroscope_handle_destroy_exit(
// USER: call void @llvm.var.annotation.p0.p0(ptr {{%[0-9a-z.]+}}, ptr @.str
// USER-NOT: coroscope.marker
