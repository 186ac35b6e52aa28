// Every setting refuses what it cannot read (issue 43, item 6): the yes/no
// variables take 0/1, off/on, false/true, no/yes in any case; anything else
// is one line on stderr saying what is used instead, as for every other
// variable. (COROSCOPE_CHECKS=off used to leave the checks on: only "0"
// meant off.) The program destroys a lazy task it never started, a
// never-started warning when the checks run.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// Off, in every spelling: no finding, nothing on stderr.
// RUN: for v in 0 off OFF false False no NO; do \
// RUN:   env COROSCOPE_ON_ERROR=continue COROSCOPE_CHECKS=$v COROSCOPE_OUT=off-$v.log %t 2> err-off-$v.txt || exit 1; \
// RUN:   test ! -s err-off-$v.txt || exit 1; \
// RUN:   %coroscope check --fail-on warning off-$v.log > /dev/null || exit 1; \
// RUN: done
//
// On, in every spelling: the finding, nothing on stderr.
// RUN: for v in 1 on On true TRUE yes Yes; do \
// RUN:   env COROSCOPE_ON_ERROR=continue COROSCOPE_CHECKS=$v COROSCOPE_OUT=on-$v.log %t 2> err-on-$v.txt || exit 1; \
// RUN:   test ! -s err-on-$v.txt || exit 1; \
// RUN:   %coroscope check --fail-on warning on-$v.log > on-$v.txt; test $? = 1 || exit 1; \
// RUN:   grep -q 'warning: \[never-started\] work() never started' on-$v.txt || exit 1; \
// RUN: done
//
// A value it cannot read keeps the default, and says which: on in trace
// mode, off in profile mode.
// RUN: env COROSCOPE_ON_ERROR=continue COROSCOPE_CHECKS=maybe COROSCOPE_OUT=maybe.log %t 2> err.txt
// RUN: FileCheck %s --check-prefix=MAYBE --match-full-lines < err.txt
// MAYBE:     coroscope: COROSCOPE_CHECKS=maybe: expected 0/1, off/on, false/true or no/yes (any case); using 1
// MAYBE-NOT: {{.}}
// RUN: not %coroscope check --fail-on warning maybe.log | FileCheck %s --check-prefix=FINDING
// FINDING: warning: [never-started] work() never started
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=2 COROSCOPE_OUT=profile.log %t 2> err.txt
// RUN: FileCheck %s --check-prefix=PROFILE --match-full-lines < err.txt
// PROFILE:     coroscope: COROSCOPE_CHECKS=2: expected 0/1, off/on, false/true or no/yes (any case); using 0
// PROFILE-NOT: {{.}}
// RUN: %coroscope check --fail-on warning profile.log | FileCheck %s --check-prefix=NONE
// NONE: no findings
//
// COROSCOPE_HANDLE_SIGNALS: with the handlers the log of a crash ends
// `ended by signal 11`; without them it has no end. 2 is no spelling of
// either: the handlers stay.
// RUN: env COROSCOPE_ON_ERROR=continue COROSCOPE_HANDLE_SIGNALS=No COROSCOPE_OUT=nohandlers.log not --crash %t segv 2> err.txt
// RUN: not grep coroscope: err.txt
// RUN: %coroscope report nohandlers.log 2>/dev/null | FileCheck %s --check-prefix=NOHANDLERS
// NOHANDLERS: nohandlers.log: incomplete (no closing record)
// RUN: env COROSCOPE_ON_ERROR=continue COROSCOPE_HANDLE_SIGNALS=2 COROSCOPE_OUT=handlers.log not --crash %t segv 2> err.txt
// (`not --crash` adds its own line about the signal.)
// RUN: grep coroscope: err.txt | FileCheck %s --check-prefix=SIGNALS --match-full-lines
// SIGNALS:     coroscope: COROSCOPE_HANDLE_SIGNALS=2: expected 0/1, off/on, false/true or no/yes (any case); using 1
// SIGNALS-NOT: {{.}}
// RUN: %coroscope report handlers.log | FileCheck %s --check-prefix=HANDLERS
// HANDLERS: handlers.log: ended by signal 11 (SIGSEGV)
//
// The other variables' warnings say what is used instead too, and a number
// with a tail is no number.
// RUN: env COROSCOPE_CHECKS=0 COROSCOPE_ON_ERROR=quiet COROSCOPE_NESTED_RESUME_DEPTH=12abc COROSCOPE_DUMP_SIGNAL=10x COROSCOPE_MODE=fast COROSCOPE_OUT=others.log %t 2> err.txt
// RUN: FileCheck %s --check-prefix=OTHERS --match-full-lines < err.txt
// OTHERS:      coroscope: COROSCOPE_ON_ERROR=quiet: expected abort, log or continue; using abort
// OTHERS-NEXT: coroscope: COROSCOPE_NESTED_RESUME_DEPTH=12abc: expected a positive number; using 256
// OTHERS-NEXT: coroscope: COROSCOPE_DUMP_SIGNAL=10x: not a signal; using none
// OTHERS-NEXT: coroscope: COROSCOPE_MODE=fast: expected trace or profile; using trace
// OTHERS-NOT:  {{.}}
#include "../Inputs/kit.h"

#include <csignal>
#include <cstring>

__attribute__((noinline)) lazy<int> work() { co_return 1; }

int main(int argc, char **argv) {
  {
    lazy<int> never = work(); // destroyed before it started
  }
  if (argc > 1 && !std::strcmp(argv[1], "segv"))
    std::raise(SIGSEGV);
  return 0;
}
