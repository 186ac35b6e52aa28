// A Sites chunk whose checksum fails loses the definitions of its sites:
// which suspend point was a frame's final one is then unknown, so the
// figures that depend on it (completed, sync, awaits, suspends, waits,
// times) are withheld in every format, not guessed (they were: completed 0,
// awaits/call 3), and no advice is drawn from them. Calls and frames stay.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope report %t.log | FileCheck %s --check-prefix=CLEAN
// CLEAN: {{^ *}}3000 3000 0 40 120000 40.00 0 0.00 3000 3000 (100.0%) 0.00 0.00 0.00 {{.*}} work(int) [
//
// RUN: %python %S/../tools/splice_log.py flip-sites %t.log 0 %t.bad.log > %t.expect
// RUN: %coroscope report %t.bad.log 2> %t.err | FileCheck %s --check-prefix=TEXT
// TEXT: {{^ *}}3000 3000 0 40 120000 40.00 0 0.00 ? ? ? ? ? ? ? ? ? ? ? <unknown site {{[0-9]+}} of pid {{[0-9]+}}> [?:0]
// TEXT: ?: withheld for 1 function: their frames reached a suspend site whose definition the log lost (a damaged or missing chunk)
// TEXT: Logs:
// TEXT-NEXT: {{.*}}bad.log: complete (exit status 0); {{[0-9]+}} bytes unreadable at offset
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN: coroscope: warning:
//
// RUN: %coroscope report --format markdown %t.bad.log 2> /dev/null | FileCheck %s --check-prefix=MD
// MD: | `<unknown site {{[0-9]+}} of pid {{[0-9]+}}>` | ?:0 | 3000 | 3000 | 0 | 40 | 120000 | 40.00 | 0 | 0.00 | ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ? |
// MD: ?: withheld for 1 function
//
// RUN: %coroscope report --format json -o %t.json %t.bad.log 2> /dev/null
// RUN: grep -F -f %t.expect %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "totals": {
// JSON: "calls": 3000,
// JSON: "completed": null,
// JSON-NEXT: "sync_completions": null,
// JSON-NEXT: "awaits": null,
// JSON-NEXT: "suspends": null,
// JSON-NEXT: "waits": null,
// JSON: "busy_ns": null,
// JSON-NEXT: "suspended_ns": null,
// JSON: "functions": [
// JSON: "calls": 3000,
// JSON: "completed": null,
// JSON: "busy_ns": null,
// JSON-NEXT: "suspended_ns": null,
// JSON: "withheld_note": "?: withheld for 1 function
//
// Its report as a baseline is read, its withheld figures as `?` (the
// ratios of a function matched by key: test/analyzer/withheld.test).
// RUN: %coroscope report --format json -o %t.clean.json %t.log
// RUN: %coroscope report --baseline %t.json %t.log | FileCheck %s --check-prefix=BASE
// BASE: new new new new new work(int) [
// BASE: gone since baseline: 1
// BASE-NEXT: <unknown site {{[0-9]+}} of pid {{[0-9]+}}> [?:0] calls 3000, heap_B/call 40.00, sync ?, busy_mean ?
// RUN: %coroscope report --baseline %t.clean.json %t.bad.log 2> /dev/null | FileCheck %s --check-prefix=BASE-BAD
// BASE-BAD: ? ? ? ? ? ? ? ? ? ? ? new new new new new <unknown site
// BASE-BAD: gone since baseline: 1
// BASE-BAD-NEXT: work(int) {{.*}}, sync 100.0%, busy_mean
#include "../Inputs/kit.h"

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main() {
  for (int i = 0; i < 3000; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}
