// The controls of the compile-time checks: plugin arguments and NOLINT.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-help -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=bogus -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=ON --implicit-check-not=coroscope-
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=coroscope-discarded-task,double-await -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-checks=0 -fsyntax-only %s 2>&1 | count 0
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-werror -w -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WERROR
// HELP: disable=<check>[,...]
// HELP: werror
// HELP: compile-time checks: double-await, discarded-task, reference-parameter, capturing-lambda, lock-across-suspend
// BAD: error: coroscope: unknown check 'bogus' in 'disable=bogus'
// Findings come check by check, in registry order.
// ON: controls.cpp:[[#@LINE+19]]:3: warning: {{.*}} [coroscope-double-await]
// ON: note: first awaited here
// ON: controls.cpp:[[#@LINE+10]]:3: warning: {{.*}} [coroscope-discarded-task]
// ON: note:
// WERROR: error: {{.*}}[coroscope-double-await]
// WERROR: error: {{.*}}[coroscope-discarded-task]
#include "Inputs/tasks.h"

Task<> work();
LTask load();

Task<> f() {
  work(); // NOLINT(coroscope-double-await): another check's name does not suppress
  work(); // NOLINT(coroscope-discarded-task)
  work(); // NOLINT(bugprone-unused-return-value, coroscope-*)
  // NOLINTNEXTLINE(coroscope-discarded-task)
  work();
  LTask t = load();
  co_await t;
  co_await t;
  co_await t; // NOLINT(coroscope-double-await)
}
