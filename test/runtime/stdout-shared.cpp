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
#include "../Inputs/kit.h"

#include <coroscope/hooks.h>
#include <cstdio>
#include <cstring>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main(int argc, char **argv) {
  FILE *out = argc > 1 && !std::strcmp(argv[1], "stderr") ? stderr : stdout;
  std::fprintf(out, "start\n");
  for (int i = 0; i < 3000; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
    if (i % 500 == 0) {
      __coroscope_flush(); // a chunk before the line
      std::fprintf(out, "progress %d\n", i);
    }
  }
  std::fprintf(out, "done\n");
}
