// Each log names the process that wrote it: host, pid and start time
// (docs/log-format.md "FileHeader"), shown per log in every format. The
// same process's log given twice (the same name twice, a hard link, a copy)
// is read once, with a warning each; `--strict` exits 2 for it.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=a.log %t
// RUN: env COROSCOPE_OUT=b.log %t
// RUN: %coroscope report a.log | FileCheck %s --check-prefix=TEXT
// TEXT: Logs:
// TEXT-NEXT: a.log: complete (exit status 0); pid {{[1-9][0-9]*}} on {{[^ ]+}}, started {{20[0-9][0-9]-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-6][0-9]}} UTC{{$}}
// RUN: %coroscope report --format markdown a.log | FileCheck %s --check-prefix=MD
// MD: Logs: `a.log` (complete (exit status 0); pid {{[1-9][0-9]*}} on {{[^ ]+}}, started {{.*}} UTC).
// RUN: %coroscope report --format json a.log | FileCheck %s --check-prefix=JSON
// JSON: "events_unwritten": 0,
// JSON-NEXT: "events_read": {{[1-9][0-9]*}},
// JSON-NEXT: "pid": {{[1-9][0-9]*}},
// JSON-NEXT: "host": "{{[^"]+}}",
// JSON-NEXT: "started": "{{20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\.[0-9]+}}Z"
//
// The host is this machine's name.
// RUN: sh -c '%coroscope dump a.log | head -1 | grep -q " host=$(hostname) start_unix_ns=[1-9]"'
//
// Two runs are two processes: both are read. The same log again by name, by
// a hard link and as a copy is not.
// RUN: ln a.log hard.log && cp a.log copy.log
// RUN: %coroscope report a.log b.log a.log hard.log copy.log 2> err.txt | FileCheck %s --check-prefix=DUP
// RUN: FileCheck %s --check-prefix=WARN-DUP --implicit-check-not=warning < err.txt
// DUP: functions: 1, calls: 20,
// DUP: Logs:
// DUP-NEXT: a.log: complete
// DUP-NEXT: b.log: complete
// DUP-NOT: .log:
// WARN-DUP: coroscope: warning: a.log: the same file as a.log; read once
// WARN-DUP-NEXT: coroscope: warning: hard.log: the same file as a.log; read once
// WARN-DUP-NEXT: coroscope: warning: copy.log: the same process's log as a.log; read once
// RUN: %coroscope check a.log copy.log 2> err.txt > /dev/null
// RUN: FileCheck %s --check-prefix=WARN-CHECK < err.txt
// WARN-CHECK: coroscope: warning: copy.log: the same process's log as a.log; read once
// RUN: not %coroscope report --strict a.log copy.log > /dev/null 2>&1
// RUN: not %coroscope check --strict a.log copy.log > /dev/null 2>&1
// RUN: %coroscope report --strict a.log b.log > /dev/null
//
// Of two copies of one process's log the longer is read, wherever it is
// named: a copy cut short (taken while the program ran) named first loses.
// RUN: head -c 200 a.log > cut.log
// RUN: %coroscope report cut.log a.log 2> err.txt | FileCheck %s --check-prefix=LONGER
// RUN: FileCheck %s --check-prefix=WARN-LONGER --implicit-check-not=warning < err.txt
// LONGER: functions: 1, calls: 10,
// LONGER: Logs:
// LONGER-NEXT: a.log: complete (exit status 0)
// LONGER-NOT: .log:
// WARN-LONGER: coroscope: warning: cut.log: the same process's log as a.log; read once
// RUN: %coroscope report a.log cut.log 2>&1 | FileCheck %s --check-prefix=LONGER-2ND
// LONGER-2ND: warning: cut.log: the same process's log as a.log; read once
// LONGER-2ND: a.log: complete (exit status 0)
//
// Of two copies of one length, the one without damage, even named second
// (it was the first named before).
// RUN: %python %S/../tools/splice_log.py flip-sites a.log 0 flipped.log > /dev/null
// RUN: %coroscope report flipped.log a.log 2> err.txt | FileCheck %s --check-prefix=INTACT
// RUN: FileCheck %s --check-prefix=WARN-INTACT --implicit-check-not=warning < err.txt
// INTACT: functions: 1, calls: 10,
// INTACT: Logs:
// INTACT-NEXT: a.log: complete (exit status 0); pid
// INTACT-NOT: .log:
// WARN-INTACT: coroscope: warning: flipped.log: the same process's log as a.log; read once
//
// A longer copy with a chunk written twice loses to the whole one.
// RUN: %python %S/../tools/splice_log.py double a.log 3 doubled.log > /dev/null
// RUN: %coroscope report a.log doubled.log 2> err.txt | FileCheck %s --check-prefix=INTACT
// RUN: FileCheck %s --check-prefix=WARN-DOUBLED --implicit-check-not=warning < err.txt
// WARN-DOUBLED: coroscope: warning: doubled.log: the same process's log as a.log; read once
#include "../Inputs/kit.h"

__attribute__((noinline)) lazy<int> leaf(int i) { co_return i; }

int main() {
  for (int i = 0; i < 10; ++i) {
    lazy<int> t = leaf(i);
    t.h.resume();
  }
}
