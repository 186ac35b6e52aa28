// COROSCOPE_OUT=/dev/stdout (or /dev/stderr) onto a file the program prints
// to as well: the log is written through a copy of the descriptor, sharing
// its offset, so the program's text lands between the log's chunks (and,
// flushed at exit, after its End) instead of over the log's start, which
// made the log unreadable ("bad magic"). The reader skips the text: every
// figure is there, the text's bytes are counted unreadable.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// Standard output to a file is fully buffered: the text comes at exit.
// RUN: env COROSCOPE_OUT=/dev/stdout %t > out.log
// RUN: grep -a -o -E '(start|progress [0-9]+|done)$' out.log | wc -l | FileCheck %s --check-prefix=LINES --match-full-lines
// LINES: 8
// RUN: %coroscope report --format json -o out.json out.log 2> err.txt
// RUN: %python %S/../tools/report_summary.py out.json | FileCheck %s --check-prefix=CALLS
// CALLS: function work(int) calls=3000 heap=3000
// RUN: FileCheck %s --check-prefix=STATUS < out.json
// STATUS: "status": "complete",
// STATUS-NEXT: "exit_status": 0,
// STATUS-NEXT: "signal": null,
// STATUS-NEXT: "unreadable_bytes": 91,
//
// Standard error is unbuffered: each line lands between two chunks.
// RUN: env COROSCOPE_OUT=/dev/stderr %t stderr 2> err.log > /dev/null
// RUN: grep -a -o -E '(start|progress [0-9]+|done)$' err.log | wc -l | FileCheck %s --check-prefix=LINES --match-full-lines
// RUN: %coroscope report --format json -o err.json err.log 2> /dev/null
// RUN: %python %S/../tools/report_summary.py err.json | FileCheck %s --check-prefix=CALLS
// RUN: FileCheck %s --check-prefix=STATUS < err.json
//
// Text that holds the log's magic ("CORSCOPE") is not taken for another
// log's header (that needs a header whose checksum holds).
// RUN: env COROSCOPE_OUT=/dev/stderr %t magic 2> magic.log > /dev/null
// RUN: %coroscope report --format json -o magic.json magic.log 2> /dev/null
// RUN: %python %S/../tools/report_summary.py magic.json | FileCheck %s --check-prefix=CALLS
// RUN: FileCheck %s --check-prefix=MAGIC < magic.json
// MAGIC: "status": "complete",
// MAGIC: "chunks_mismatch": false,
// MAGIC-NEXT: "another_log_at": null,
//
// Profile mode onto a file opened for appending (`>>`): each snapshot
// (here one per __coroscope_flush) cannot replace the last, so they pile
// up, and the End's chain says so: no false alarm.
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=/dev/stdout %t stderr >> append.log 2> /dev/null
// RUN: %coroscope report --strict --format json -o append.json append.log
// RUN: %python %S/../tools/report_summary.py append.json | FileCheck %s --check-prefix=CALLS
//
// A child spawned with the parent's log as its stdout shares the parent's
// description, whose lock cannot tell it is live: the child writes no log
// (it would empty the parent's), says so, and the parent's log is whole.
// RUN: env COROSCOPE_OUT=/dev/stdout %t spawn > spawn.log 2> spawn.err
// RUN: FileCheck %s --check-prefix=CHILD < spawn.err
// CHILD: coroscope: descriptor 1 is a file that is not empty; no log written
// RUN: %coroscope report --format json -o spawn.json spawn.log 2> /dev/null
// RUN: %python %S/../tools/report_summary.py spawn.json | FileCheck %s --check-prefix=CALLS
// RUN: FileCheck %s --check-prefix=MAGIC < spawn.json
#include "../Inputs/kit.h"

#include <coroscope/hooks.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(mode, "spawn") && std::system((std::string(argv[0]) + " child").c_str()) != 0)
    return 1;
  bool magic = !std::strcmp(mode, "magic");
  FILE *out = !std::strcmp(mode, "stderr") || magic ? stderr : stdout;
  std::fprintf(out, magic ? "CORSCOPE\n" : "start\n");
  for (int i = 0; i < 3000; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
    if (i % 500 == 0) {
      __coroscope_flush(); // a chunk before the line
      std::fprintf(out, magic ? "CORSCOPE %d\n" : "progress %d\n", i);
    }
  }
  std::fprintf(out, "done\n");
}
