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
//
// A bad chunk must not hide records spliced in: a flipped bit in the first
// chunk and the fifth written twice reads more records than the End counts.
// RUN: %python %S/../tools/splice_log.py flip-double %t.log 4 %t.dbl.log > %t.dbl.expect
// RUN: %coroscope report --format json -o %t.dbl.json %t.dbl.log 2> %t.dbl.err
// RUN: grep -F -f %t.dbl.expect %t.dbl.json
// RUN: FileCheck %s --check-prefix=MORE < %t.dbl.err
// MORE: event records read where its end record counts
// RUN: not %coroscope report --strict %t.dbl.log > /dev/null 2>&1
//
// Nor a chunk cut out, nor does text between chunks: the End's chain of
// chunk checksums holds the damaged chunk's (its header's) and not the text.
// RUN: %python %S/../tools/splice_log.py flip-drop %t.log 4 %t.fd.log > /dev/null
// RUN: %coroscope report --format json %t.fd.log 2> /dev/null | FileCheck %s --check-prefix=MISMATCH
// RUN: %python %S/../tools/splice_log.py text-drop %t.log 4 %t.td.log > /dev/null
// RUN: %coroscope report --format json %t.td.log 2> /dev/null | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: "chunks_mismatch": true
// RUN: %coroscope report --format json %t.text.log 2> /dev/null | FileCheck %s --check-prefix=NO-MISMATCH
// (A chunk whose length is damaged is found by the search, like text: it is
// missing from the chain too, so that log also reads chunks_mismatch.)
// NO-MISMATCH: "chunks_mismatch": false
//
// Two logs in one stream (`cat a.log b.log`, an exec'd image writing to
// the same pipe): the first is read up to the second's header, which is
// not read under the first one's sites.
// RUN: env COROSCOPE_OUT=%t.b.log %t
// RUN: cat %t.log %t.b.log > %t.ab.log
// RUN: %coroscope report --format json -o %t.ab.json %t.ab.log 2> %t.ab.err
// RUN: %python %S/../tools/report_summary.py %t.ab.json | diff - %t.sum
// RUN: FileCheck %s --check-prefix=TWO < %t.ab.err
// TWO: coroscope: warning: {{.*}}ab.log: complete (exit status 0); {{[0-9]+}} bytes unreadable at offset [[AT:[0-9]+]]; another log starts at offset [[AT]] (not read: two logs in one stream)
// RUN: FileCheck %s --check-prefix=TWO-JSON < %t.ab.json
// TWO-JSON: "another_log_at": {{[1-9][0-9]*}}
#include "../Inputs/kit.h"

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main() {
  for (int i = 0; i < 20000; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}
