// A crashed process never passes the gate (issue 43, item 4): a log that
// ended by a signal, or that has no end at all, is a crashed-process error
// in `check` (exit 1) and in `report`, placed at the last event the process
// recorded. Without it, `check` printed "no findings" and exited 0.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// A program that runs to the end passes.
// RUN: env COROSCOPE_OUT=ok.log %t none
// RUN: %python %S/../tools/check_exit.py --status 0 %coroscope check -- ok.log
//
// SIGSEGV raised inside the coroutine, checks off (as in the issue), the
// runtime's handler writes `ended by signal 11`.
// RUN: env COROSCOPE_CHECKS=0 COROSCOPE_OUT=segv.log not --crash %t segv
// RUN: %python %S/../tools/check_exit.py --status 1 %coroscope check -- segv.log
// RUN: not %coroscope check segv.log 2> err.txt | FileCheck %s --check-prefix=SEGV --match-full-lines
// RUN: count 0 < err.txt
// SEGV:      {{.*}}crashed-process.cpp:{{[0-9]+}}:11: error: [crashed-process] process {{[0-9]+}} (segv.log) ended by signal 11 (SIGSEGV); its last event: frame_resume in crash_in() on thread 1
// SEGV-EMPTY:
// SEGV-NEXT: 1 finding (1 error, 0 warnings, 0 advice)
// The line is that of the co_await the frame last resumed from.
// RUN: grep -n 'int v = co_await l;$' %s | cut -d: -f1 > line.txt
// RUN: not %coroscope check segv.log | grep -q "crashed-process.cpp:$(cat line.txt):11: error: \[crashed-process\]"
//
// abort() (SIGABRT) likewise, also with the checks on; report lists it
// among its findings, and --fail-on warning still fails.
// RUN: env COROSCOPE_OUT=abort.log not --crash %t abort
// RUN: %python %S/../tools/check_exit.py --status 1 %coroscope check -- abort.log
// RUN: %python %S/../tools/check_exit.py --status 1 %coroscope check --fail-on warning -- abort.log
// RUN: %coroscope report abort.log | FileCheck %s --check-prefix=REPORT
// REPORT: error: [crashed-process] process {{[0-9]+}} (abort.log) ended by signal 6 (SIGABRT); its last event: frame_resume in crash_in() on thread 1
// REPORT: abort.log: ended by signal 6 (SIGABRT)
// RUN: not %coroscope check --format json abort.log | FileCheck %s --check-prefix=JSON
// JSON:      "check": "crashed-process",
// JSON-NEXT: "severity": "error",
// JSON-NEXT: "state": "unknown",
// JSON-NEXT: "function": "crash_in()",
// JSON-NEXT: "file": "{{.*}}crashed-process.cpp",
//
// No crash handlers (COROSCOPE_HANDLE_SIGNALS=0): the log has no end, only
// what was flushed; the program flushes after its co_await.
// RUN: env COROSCOPE_HANDLE_SIGNALS=0 COROSCOPE_OUT=nohandler.log not --crash %t segv-flushed
// RUN: %coroscope report nohandler.log 2>/dev/null | FileCheck %s --check-prefix=LOGEND
// LOGEND: nohandler.log: incomplete (no closing record)
// RUN: not %coroscope check nohandler.log 2> err.txt | FileCheck %s --check-prefix=NOEND
// NOEND: crashed-process.cpp:{{[0-9]+}}:11: error: [crashed-process] process {{[0-9]+}} (nohandler.log) never wrote the end of its log (killed, crashed without its handlers, still running, or the log was cut short); its last event: frame_resume in crash_in() on thread 1
// The incomplete log still warns, and --strict still exits 2 for it.
// RUN: not %coroscope check nohandler.log 2>/dev/null | grep -q "crashed-process.cpp:$(cat line.txt):11: error: \[crashed-process\]"
// RUN: FileCheck %s --check-prefix=WARN < err.txt
// WARN: coroscope: warning: nohandler.log: incomplete (no closing record)
// RUN: %python -c "import subprocess,sys; sys.exit(subprocess.run(sys.argv[1:], capture_output=True).returncode != 2)" %coroscope check --strict nohandler.log
//
// A complete log cut short before its End chunk (the last chunk) is a log
// whose process never wrote its end.
// RUN: %python -c "import sys; d=open('ok.log','rb').read(); open('cut.log','wb').write(d[:len(d)-20])"
// RUN: not %coroscope check cut.log 2>/dev/null | FileCheck %s --check-prefix=CUT
// CUT: error: [crashed-process] process {{[0-9]+}} (cut.log) never wrote the end of its log
// CUT: 1 finding (1 error, 0 warnings, 0 advice)
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"

#include <csignal>
#include <cstdlib>
#include <cstring>

static const char *gHow = "none";

__attribute__((noinline)) lazy<int> leaf() { co_return 1; }

// Not in the coroutine: the pass leaves a function that calls a hook alone.
__attribute__((noinline)) void flush() { __coroscope_flush(); }

__attribute__((noinline)) lazy<int> crash_in() {
  lazy<int> l = leaf(); // destroyed after the crash: the co_await is the last event
  int v = co_await l;
  if (!std::strcmp(gHow, "segv-flushed"))
    flush();
  if (!std::strcmp(gHow, "segv") || !std::strcmp(gHow, "segv-flushed"))
    std::raise(SIGSEGV);
  if (!std::strcmp(gHow, "abort"))
    std::abort();
  co_return v;
}

int main(int argc, char **argv) {
  if (argc > 1)
    gHow = argv[1];
  lazy<int> t = crash_in();
  t.h.resume();
  return 0;
}
