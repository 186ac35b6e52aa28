// One -fplugin= flag instruments at -O0 and -O2, takes locations without -g
// and adds no DWARF or debug metadata, and takes -fplugin-arg-coroscope-* arguments.
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=IR,O0
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=IR,O2
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -c %s -o %t.o
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=NODWARF
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -g -c %s -o %t.g.o
// RUN: llvm-readelf -S %t.g.o | FileCheck %s --check-prefix=DWARF
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-instrument=0 -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-help -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-bogus=1 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
#include <coroutine>

struct task {
  struct promise_type {
    task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

task step() {
  co_await std::suspend_always{};
}

// The site table carries line and column although there is no -g.
// The second flag byte is the module's BuildFlags: bit 0 optimized (HALO
// possible), bit 1 body shapes recorded (the AST action saw the source).
// O0: @coroscope.sites = {{.*}} i8 2, [3 x i8] c"\00\02\00", i32 [[#@LINE-6]], i32 3,
// O2: @coroscope.sites = {{.*}} i8 2, [3 x i8] c"\00\03\00", i32 [[#@LINE-7]], i32 3,
// IR-SAME: section "coroscope_sites"
// At -O2 CoroSplit has run: the resume clone reports where it resumes.
// O2-LABEL: define internal fastcc void @_Z4stepv.resume(
// O2: call void @__coroscope_frame_resume(
// O0-LABEL: define dso_local ptr @_Z4stepv(
// O0: call void @__coroscope_frame_begin(
// The locations were needed only for the site table: they are gone before
// the optimizer runs, so it works on what a plain compile gives it.
// IR-NOT: !dbg
// IR-NOT: !llvm.dbg.cu
// NODWARF: coroscope_sites
// NODWARF-NOT: .debug_info
// DWARF: .debug_info
// OFF-NOT: __coroscope_
// HELP: coroscope plugin arguments
// HELP: instrument=0|1
// BAD: error: coroscope: unknown plugin argument 'bogus=1'
