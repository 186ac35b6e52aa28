// Output files of another user (docs/usage.md, "Output files"): a FIFO that
// another user planted at COROSCOPE_OUT in a shared directory is not
// written (they would read the log, or stall the program by never reading
// it), and a file this user may not write is named as such.
// REQUIRES: root
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && chmod 1777 %t.d && cd %t.d
// RUN: mkfifo theirs.fifo && chown nobody theirs.fifo
// RUN: timeout 120 env COROSCOPE_OUT=theirs.fifo %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=FIFO < err.txt
// RUN: %coroscope report --strict --format json -o fifo.json theirs.1.fifo
// RUN: %python %S/../tools/report_summary.py fifo.json | FileCheck %s --check-prefix=THREE
// FIFO: coroscope: 'theirs.fifo' exists (another user's FIFO); writing 'theirs.1.fifo' instead
// THREE: function work(int) calls=3 heap=3
//
// RUN: echo mine > root.log && chmod 644 root.log && chmod 755 %t
// RUN: env COROSCOPE_OUT=root.log setpriv --reuid=nobody --regid=nogroup --clear-groups %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=FOREIGN < err.txt
// RUN: FileCheck %s --check-prefix=MINE < root.log
// RUN: %coroscope report --strict --format json -o root.json root.1.log
// RUN: %python %S/../tools/report_summary.py root.json | FileCheck %s --check-prefix=THREE
// FOREIGN: coroscope: 'root.log' exists (a file this user may not write); writing 'root.1.log' instead
// MINE: {{^mine$}}
#include "../Inputs/kit.h"

#include <cstdlib>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1;
  for (int i = 0; i < n; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}
