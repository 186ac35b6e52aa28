// How a log ends (docs/log-format.md "End"; docs/report-format.md "Log
// status"): the runtime closes a log with an End record at exit (with exit()'s
// status) and on the signals it handles; the analyzer says per log, in every
// format, complete / ended by signal N / incomplete, with the bytes of a
// chunk cut short, and still reports every whole chunk (exit 0 and a warning;
// --strict exits 2).
// RUN: %clang_coroscope -O1 %s -o %t -pthread
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// exit(3) after four threads, flushing as they go (many chunks).
// RUN: env COROSCOPE_OUT=exit.log %t exit; test $? = 3
// RUN: %coroscope report exit.log 2> err.txt | FileCheck %s --check-prefix=EXIT
// RUN: count 0 < err.txt
// RUN: %coroscope report --format markdown exit.log | FileCheck %s --check-prefix=EXIT-MD
// RUN: %coroscope report --format json exit.log | FileCheck %s --check-prefix=EXIT-JSON
// EXIT: Logs:
// EXIT-NEXT: exit.log: complete (exit status 3)
// EXIT-MD: Logs: `exit.log` (complete (exit status 3); pid {{[0-9]+}} on
// EXIT-JSON: "log_status": [
// EXIT-JSON-NEXT: {
// EXIT-JSON-NEXT: "log": "exit.log",
// EXIT-JSON-NEXT: "status": "complete",
// EXIT-JSON-NEXT: "exit_status": 3,
// EXIT-JSON-NEXT: "signal": null,
// EXIT-JSON-NEXT: "unreadable_bytes": 0,
// EXIT-JSON-NEXT: "unreadable_offset": null,
// EXIT-JSON-NEXT: "bad_chunks": 0,
// EXIT-JSON-NEXT: "events_written": 10800,
// EXIT-JSON-NEXT: "events_unwritten": 0,
// EXIT-JSON-NEXT: "events_read": 10800,
//
// The same log cut at every chunk boundary and inside every chunk, and with
// a bit flipped in each chunk (its checksum rejects it, and only it).
// RUN: %python %S/../tools/damage_log.py %coroscope exit.log cuts | FileCheck %s --check-prefix=CUT
// CUT: damage_log: {{[0-9]+}} cuts, {{[0-9]+}} flipped bits and {{[1-9][0-9]*}} splices in {{[0-9]+}} chunks, 0 problems
//
// Profile mode ends its file the same way.
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=profile.log %t exit; test $? = 3
// RUN: %coroscope report profile.log | FileCheck %s --check-prefix=PROFILE
// PROFILE: profile.log: complete (exit status 3)
//
// A thread still making and flushing events while the process exits (as
// the COROSCOPE_INTERVAL writer may): nothing is written after the End.
// (A guard, not a reproducer: the window after the End is too short to hit
// here even without the rule that closes the log.)
// RUN: env COROSCOPE_OUT=busy.log %t busy
// Events the thread had recorded and not yet written are named, with a
// warning (--strict fails).
// RUN: %coroscope report busy.log 2> err.txt | FileCheck %s --check-prefix=BUSY
// RUN: FileCheck %s --check-prefix=WARN-BUSY --allow-empty < err.txt
// BUSY: busy.log: complete (exit status 0){{(; [0-9]+ events recorded but not written)?}}; pid {{[0-9]+ on [^ ]+, started .* UTC$}}
// WARN-BUSY-NOT: warning: busy.log: complete (exit status 0);{{.*}}event records read
//
// The status shown is the process's: exit(-1) ends it with 255.
// RUN: env COROSCOPE_OUT=minus.log %t exit-1; test $? = 255
// RUN: %coroscope report minus.log | FileCheck %s --check-prefix=MINUS
// MINUS: minus.log: complete (exit status 255)
//
// quick_exit() runs no destructor; the runtime's at_quick_exit handler ends
// the log (quick_exit tells its handlers no status).
// RUN: env COROSCOPE_OUT=quick.log %t quick_exit; test $? = 4
// RUN: %coroscope report --strict quick.log 2> err.txt | FileCheck %s --check-prefix=QUICK
// RUN: count 0 < err.txt
// QUICK: functions: 1, calls: 1200,
// QUICK: quick.log: complete (exit status unknown)
//
// A crash: the runtime's handler ends the log, then the signal goes on.
// RUN: env COROSCOPE_OUT=segv.log not --crash %t segv
// RUN: %coroscope report segv.log 2> err.txt | FileCheck %s --check-prefix=SEGV
// RUN: count 0 < err.txt
// SEGV: segv.log: ended by signal 11 (SIGSEGV)
//
// _exit() and SIGKILL skip every handler: the log has what was flushed,
// and says it is incomplete.
// RUN: env COROSCOPE_OUT=underscore.log %t _exit
// RUN: %coroscope report underscore.log 2> err.txt | FileCheck %s --check-prefix=UNDERSCORE
// RUN: FileCheck %s --check-prefix=WARN-UNDERSCORE < err.txt
// RUN: not %coroscope report --strict underscore.log > /dev/null 2>&1
// UNDERSCORE: functions: 1, calls: 1200,
// UNDERSCORE: underscore.log: incomplete (no closing record)
// WARN-UNDERSCORE: coroscope: warning: underscore.log: incomplete (no closing record); figures from its complete chunks only
// RUN: env COROSCOPE_OUT=kill.log not --crash %t kill
// RUN: %coroscope report kill.log 2> err.txt | FileCheck %s --check-prefix=KILL
// RUN: FileCheck %s --check-prefix=WARN-KILL < err.txt
// KILL: kill.log: incomplete (no closing record)
// WARN-KILL: coroscope: warning: kill.log: incomplete (no closing record)
//
// A long-running program killed while its four threads live, none of its
// buffers full: COROSCOPE_FLUSH_MS bounds what is lost. Once the events are
// in the file (the report, polled while the program runs, shows them all;
// the poll gives up after 30 s) SIGKILL loses none of them.
// RUN: sh -c 'env COROSCOPE_OUT=slow.log COROSCOPE_FLUSH_MS=50 %t slow & pid=$!; \
// RUN:   for i in $(seq 600); do %coroscope report slow.log 2>/dev/null | grep -q "calls: 1200," && break; sleep 0.05; done; \
// RUN:   kill -9 $pid; wait $pid; true'
// RUN: %coroscope report slow.log 2> err.txt | FileCheck %s --check-prefix=SLOW
// RUN: FileCheck %s --check-prefix=WARN-SLOW < err.txt
// SLOW: functions: 1, calls: 1200,
// SLOW: slow.log: incomplete (no closing record)
// WARN-SLOW: coroscope: warning: slow.log: incomplete (no closing record)
// main() ends with pthread_exit while a detached thread still works: the
// flush thread must not keep the process alive once that thread ends (it
// did: the process never exited).
// RUN: env COROSCOPE_OUT=pexit.log COROSCOPE_FLUSH_MS=50 timeout 60 %t pthread_exit
// RUN: %coroscope report pexit.log | FileCheck %s --check-prefix=PEXIT
// PEXIT: functions: 1, calls: 600,
// PEXIT: pexit.log: complete (exit status 0)
// Without it (0: only full buffers are written) the same kill loses them all.
// RUN: sh -c 'env COROSCOPE_OUT=noflush.log COROSCOPE_FLUSH_MS=0 %t slow & pid=$!; \
// RUN:   sleep 1; kill -9 $pid; wait $pid; true'
// RUN: %coroscope report noflush.log 2>/dev/null | FileCheck %s --check-prefix=NOFLUSH
// NOFLUSH: functions: 0, calls: 0,
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <vector>

__attribute__((noinline)) lazy<int> leaf(int i) { co_return i; }

void work(int n) {
  for (int i = 0; i < n; ++i) {
    lazy<int> t = leaf(i);
    t.h.resume();
    if (i % 100 == 99)
      __coroscope_flush();
  }
}

void work_unflushed(int n) {
  for (int i = 0; i < n; ++i) {
    lazy<int> t = leaf(i);
    t.h.resume();
  }
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "exit";
  if (!std::strcmp(how, "pthread_exit")) {
    std::thread([] {
      usleep(200000);
      work_unflushed(300);
    }).detach();
    work_unflushed(300);
    pthread_exit(nullptr);
  }
  if (!std::strcmp(how, "slow")) { // threads that never exit or fill a buffer
    for (int k = 0; k < 4; ++k)
      std::thread([] {
        work_unflushed(300);
        pause();
      }).detach();
    pause();
  }
  std::vector<std::thread> threads;
  for (int k = 0; k < 4; ++k)
    threads.emplace_back(work, 300);
  for (std::thread &t : threads)
    t.join();
  if (!std::strcmp(how, "exit"))
    std::exit(3);
  if (!std::strcmp(how, "exit-1"))
    std::exit(-1);
  if (!std::strcmp(how, "quick_exit"))
    std::quick_exit(4);
  if (!std::strcmp(how, "segv"))
    std::raise(SIGSEGV);
  if (!std::strcmp(how, "_exit"))
    _exit(0);
  if (!std::strcmp(how, "busy")) {
    std::thread([] {
      for (int i = 0;; ++i) {
        lazy<int> t = leaf(i);
        t.h.resume();
        __coroscope_flush(); // every event on its way to the file at once
      }
    }).detach();
    usleep(20000);
    return 0;
  }
  if (!std::strcmp(how, "kill")) {
    std::thread busy(work, 1 << 30); // still running when the process dies
    usleep(20000);
    kill(getpid(), SIGKILL);
  }
  return 0;
}
