// A process that registers no site (nothing in it was compiled with the
// plugin) writes in profile mode no file at all, as any process that ran no
// coroutine; with COROSCOPE_CHECKS=1 a profile, flagged so, with no
// figures; in trace mode a log. A file ends with an exit End record whose
// status is unknown (the runtime learns it from an on_exit handler
// registered with the first site).
// RUN: %clangxx -O1 %s -o %t -L%coroscope_rt -Wl,-rpath,%coroscope_rt -lcoroscope_rt
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.log %t; test $? = 4
// RUN: test ! -e p.log
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=p.log %t; test $? = 4
// RUN: %coroscope dump p.log | FileCheck %s --check-prefix=PROFILE
// PROFILE: header {{.*}} profile checksums host=
// PROFILE: chunk {{.*}} profile payload={{[0-9]+}} version={{[0-9]+}} functions=0 sites=0
// PROFILE: chunk {{.*}} end payload=40 how=exit code=0 flags=2 {{.*}} chunk_chain=0x
// RUN: env COROSCOPE_OUT=t.log %t; test $? = 4
// RUN: %coroscope report t.log | FileCheck %s --check-prefix=REPORT
// REPORT: t.log: complete (exit status unknown)
// RUN: %coroscope dump t.log | FileCheck %s --check-prefix=TRACE --implicit-check-not=profile
// TRACE: header {{.*}} checksums host=
// TRACE: chunk {{.*}} end payload=40 how=exit code=0 flags=2 {{.*}} chunk_chain=0x
//
// Numeric settings out of range are named on stderr, and the run goes on.
// RUN: env COROSCOPE_OUT=o.log COROSCOPE_FLUSH_MS=x COROSCOPE_INTERVAL=-1 COROSCOPE_SAMPLE=0 %t 2> opts.txt; test $? = 4
// RUN: FileCheck %s --check-prefix=OPTS < opts.txt
// OPTS: coroscope: COROSCOPE_INTERVAL=-1: expected seconds, 0 to 86400
// OPTS-NEXT: coroscope: COROSCOPE_FLUSH_MS=x: expected milliseconds, 0 to 86400000
// OPTS-NEXT: coroscope: COROSCOPE_SAMPLE=0: expected a number of frames, 1 or more
int main() { return 4; }
