// RUN: %clang_coroscope -O1 %S/../fuzz/Inputs/big_log.cpp -o %t
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.log %t 200
// RUN: %coroscope report %t.log | FileCheck %s --check-prefix=CLEAN
// CLEAN: functions: 5, calls: 1800,
// RUN: %python %S/../tools/splice_log.py flip-sites %t.log 0 %t.bad.log
// RUN: %coroscope report %t.bad.log 2>/dev/null | FileCheck %s
// CHECK: functions: 5, calls: 1800,
// CHECK: ?: withheld for 5 functions
// CHECK: bad.log: complete (exit status 0); {{[0-9]+}} bytes unreadable at offset {{[0-9]+}} (1 chunk with a bad checksum)
//
// A bit flipped in a profile's Sites chunk (the snapshot's site table):
// the suspend sites' records name no function then, and each made an empty
// `<unknown site N>` row without a call (the log: 18). Now
// the five functions keep their calls and frames, their per-site figures
// withheld, and the damage makes no row.
