// One damaged chunk loses only itself: the reader finds the next whole chunk
// again by its checksum when the chunk's length is damaged or foreign bytes
// (a program's own text on the stdout its log goes to) shift the chunks.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json > %t.sum
// RUN: FileCheck %s --check-prefix=CALLS < %t.sum
// CALLS: function work(int) calls=20000 heap=20000
//
// Text before the third chunk: every figure as before, the text unreadable.
// RUN: %python %S/../tools/splice_log.py insert-text %t.log 3 %t.text.log > %t.text.expect
// RUN: %coroscope report --format json -o %t.text.json %t.text.log 2> /dev/null
// RUN: %python %S/../tools/report_summary.py %t.text.json | diff - %t.sum
// RUN: grep -F -f %t.text.expect %t.text.json
// RUN: FileCheck %s --check-prefix=COMPLETE < %t.text.json
// COMPLETE: "status": "complete"
//
// A flipped bit in the length of the fifth chunk (events): that chunk only is lost,
// the End record after it is still read.
// RUN: %python %S/../tools/splice_log.py flip-length %t.log 4 %t.len.log > %t.len.expect
// RUN: %coroscope report --format json -o %t.len.json %t.len.log 2> /dev/null
// RUN: grep -F -f %t.len.expect %t.len.json
// RUN: FileCheck %s --check-prefix=COMPLETE < %t.len.json
#include "../Inputs/kit.h"

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main() {
  for (int i = 0; i < 20000; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}
