// The controls of the compile-time checks: plugin arguments and NOLINT.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-help -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=bogus -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=ON --implicit-check-not=coroscope-
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=coroscope-discarded-task,double-await -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-checks=0 -fsyntax-only %s 2>&1 | count 0
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-werror -w -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=WERROR
// Clang's own warning flags, in command-line order. Clang 19 cannot let a
// plugin register warning groups, so it also says the flag is unknown.
// RUN: %clangxx -fplugin=%coroscope_plugin -Wno-coroscope-discarded-task -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=NODT --implicit-check-not=coroscope-
// RUN: %clangxx -fplugin=%coroscope_plugin -Wno-unknown-warning-option -Wno-coroscope -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx -fplugin=%coroscope_plugin -Wno-unknown-warning-option -Wno-coroscope -Wcoroscope-double-await -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=ONLYDA --implicit-check-not=coroscope-
// RUN: not %clangxx -fplugin=%coroscope_plugin -Wno-unknown-warning-option -Werror=coroscope-double-await -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=ERRDA --implicit-check-not=coroscope-
// RUN: not %clangxx -fplugin=%coroscope_plugin -Wno-unknown-warning-option -fplugin-arg-coroscope-werror -Wno-error=coroscope-discarded-task -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=ERRDA --implicit-check-not=coroscope-
// RUN: %clangxx -fplugin=%coroscope_plugin -Wno-unknown-warning-option -Wcoroscope-task-type-hygiene -fsyntax-only -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=OPTIN
// NODT: warning: unknown warning option '-Wno-coroscope-discarded-task'
// NODT: controls.cpp:[[#@LINE+29]]:3: warning: {{.*}} [-Wcoroscope-double-await]
// ONLYDA: controls.cpp:[[#@LINE+28]]:3: warning: {{.*}} [-Wcoroscope-double-await]
// ERRDA: controls.cpp:[[#@LINE+27]]:3: error: {{.*}} [-Werror,-Wcoroscope-double-await]
// ERRDA: controls.cpp:[[#@LINE+19]]:3: warning: {{.*}} [-Wcoroscope-discarded-task]
// OPTIN: warning: {{.*}}is not {{\[\[}}nodiscard{{\]\]}}{{.*}} [-Wcoroscope-task-type-hygiene]
// HELP: disable=<check>[,...]
// HELP: werror
// HELP: compile-time checks: double-await, discarded-task, reference-parameter, capturing-lambda, lock-across-suspend
// BAD: error: coroscope: unknown check 'bogus' in 'disable=bogus'
// Findings come check by check, in registry order.
// ON: controls.cpp:[[#@LINE+19]]:3: warning: {{.*}} [-Wcoroscope-double-await]
// ON: note: first awaited here
// ON: controls.cpp:[[#@LINE+10]]:3: warning: {{.*}} [-Wcoroscope-discarded-task]
// ON: note:
// WERROR: error: {{.*}}[-Werror,-Wcoroscope-double-await]
// WERROR: error: {{.*}}[-Werror,-Wcoroscope-discarded-task]
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
