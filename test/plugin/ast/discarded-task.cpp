// discarded-task: a lazy task created and dropped, so its body never runs.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// -Werror=coroscope-discarded-task and -fplugin-arg-coroscope-werror make the
// findings errors (a bare -Werror does not: driver/werror-build.cpp); -w hides them.
// RUN: not %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Wno-unknown-warning-option -Werror=coroscope-discarded-task %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-werror -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -w %s 2>&1 | count 0
// In a coroutine, a note offers `co_await` as a fix-it; elsewhere there is none.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s --check-prefix=FIXIT --implicit-check-not=fix-it:
// FIXIT: fix-it:"{{.*}}discarded-task.cpp":{[[#@LINE+22]]:5-[[#@LINE+22]]:5}:"co_await "
// ERR: error: the lazy task returned by 'flush' is discarded{{.*}}[-Werror,-Wcoroscope-discarded-task]
#include "Inputs/tasks.h"

Task<> flush(); // #flush
CustomLazy custom();
Detached eager();
NodiscardTask nodiscard();
struct Service {
  Task<> stop();
};

//===--- should trigger ---===//

// expected-note@Inputs/tasks.h:* 3 {{'Task<>' starts suspended: its promise's initial_suspend() returns 'std::suspend_always'}}
void plain() {
  // expected-warning@+1 {{the lazy task returned by 'flush' is discarded; it is destroyed before it starts, so the body of 'flush' never runs (co_await it, or start it) [-Wcoroscope-discarded-task]}}
  flush();
}

Task<> in_coroutine(Service &s, bool c) {
  if (c)
    s.stop(); // expected-warning {{the lazy task returned by 'stop' is discarded}} expected-note {{co_await it to run it as part of 'in_coroutine'}}
  co_return;
}

void void_cast() {
  (void)flush(); // expected-warning {{the lazy task returned by 'flush' is cast to void}}
}

// A hand-written initial awaiter whose await_ready() is `return false;`.
// expected-note@Inputs/tasks.h:* {{'CustomLazy' starts suspended: its promise's initial_suspend() returns 'Start'}}
void custom_lazy() {
  custom(); // expected-warning {{the lazy task returned by 'custom' is discarded}}
}

void suppressed() {
  flush(); // NOLINT(coroscope-discarded-task)
  // NOLINTNEXTLINE(coroscope-*)
  flush();
}

//===--- should NOT trigger ---===//

Task<> awaited() {
  co_await flush();
  Task<> kept = flush();
  co_await std::move(kept);
}

void eager_task() { eager(); } // eager: runs inside the call

void covered_by_clang() {
  nodiscard(); // expected-warning {{ignoring return value of function declared with 'nodiscard' attribute}}
}
