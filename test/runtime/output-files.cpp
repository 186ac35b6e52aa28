// Output files (docs/usage.md, "Output files"): the runtime never follows a
// symlink at COROSCOPE_OUT, never empties a file that is not an earlier
// coroscope log of this user, and two processes never write one file. A
// path it may not use gets the first free STEM.N.EXT, said on stderr.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// A symlink planted at the path: its target stays as it was.
// RUN: echo secret > victim && ln -s victim link.log
// RUN: env COROSCOPE_OUT=link.log %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=LINK < err.txt
// RUN: FileCheck %s --check-prefix=SECRET < victim
// RUN: test -L link.log
// RUN: %coroscope report --format json -o link.json link.1.log
// RUN: %python %S/../tools/report_summary.py link.json | FileCheck %s --check-prefix=THREE
// LINK: coroscope: 'link.log' exists (a symlink); writing 'link.1.log' instead
// SECRET: {{^secret$}}
// THREE: function work(int) calls=3 heap=3
//
// The same in profile mode (one file, written at exit).
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=link.log %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=LINK2 < err.txt
// RUN: FileCheck %s --check-prefix=SECRET < victim
// RUN: %coroscope report --format json -o link2.json link.2.log
// RUN: %python %S/../tools/report_summary.py link2.json | FileCheck %s --check-prefix=THREE
// LINK2: coroscope: 'link.log' exists (a symlink); writing 'link.2.log' instead
//
// A file of the user's that is not a coroscope log: untouched. No extension:
// the number goes last.
// RUN: echo mine > notes
// RUN: env COROSCOPE_OUT=notes %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=NOTES < err.txt
// RUN: FileCheck %s --check-prefix=MINE < notes
// RUN: %coroscope report notes.1 > /dev/null
// NOTES: coroscope: 'notes' exists (not a coroscope file); writing 'notes.1' instead
// MINE: {{^mine$}}
//
// An earlier run's log is reused in place: a rerun replaces it, says nothing.
// RUN: env COROSCOPE_OUT=run.log %t 5 2> err.txt
// RUN: env COROSCOPE_OUT=run.log %t 2 2>> err.txt
// RUN: count 0 < err.txt
// RUN: not ls run.1.log
// RUN: %coroscope report --format json -o run.json run.log
// RUN: %python %S/../tools/report_summary.py run.json | FileCheck %s --check-prefix=TWO
// TWO: function work(int) calls=2 heap=2
//
// Two processes with one path, both running: two complete logs. The first
// opens its log and says so (file "opened"), then waits for the second to
// finish (file "go").
// RUN: rm -f go opened
// RUN: env COROSCOPE_OUT=same.log %t 4 go opened & for i in $(seq 600); do test -e opened && break; sleep 0.05; done; env COROSCOPE_OUT=same.log %t 7 2> err.txt; touch go; wait
// RUN: FileCheck %s --check-prefix=SAME < err.txt
// RUN: %coroscope report --format json -o same.json same.log
// RUN: %python %S/../tools/report_summary.py same.json | FileCheck %s --check-prefix=FOUR
// RUN: %coroscope report --format json -o same1.json same.1.log
// RUN: %python %S/../tools/report_summary.py same1.json | FileCheck %s --check-prefix=SEVEN
// SAME: coroscope: 'same.log' exists (another process is writing it); writing 'same.1.log' instead
// FOUR: function work(int) calls=4 heap=4
// SEVEN: function work(int) calls=7 heap=7
//
// exec() keeps the pid (so the default name) and drops the log's lock: the
// log of the image before the exec is kept, the new image writes another.
// RUN: env COROSCOPE_OUT=exec.log %t 6 exec 2> err.txt
// RUN: FileCheck %s --check-prefix=EXEC < err.txt
// RUN: %coroscope report --format json -o exec.json exec.log
// RUN: %python %S/../tools/report_summary.py exec.json | FileCheck %s --check-prefix=SIX
// RUN: %coroscope report --format json -o exec1.json exec.1.log
// RUN: %python %S/../tools/report_summary.py exec1.json | FileCheck %s --check-prefix=TWO
// EXEC: coroscope: 'exec.log' exists (this process's log from before an exec); writing 'exec.1.log' instead
// SIX: function work(int) calls=6 heap=6
//
// A device is written as it is.
// RUN: env COROSCOPE_OUT=/dev/null %t 3 2> err.txt
// RUN: count 0 < err.txt
//
// An empty file of the user's has nothing to lose: written in place.
// RUN: touch empty.log && env COROSCOPE_OUT=empty.log %t 3 2> err.txt
// RUN: count 0 < err.txt
// RUN: %coroscope report --format json -o empty.json empty.log
// RUN: %python %S/../tools/report_summary.py empty.json | FileCheck %s --check-prefix=THREE
//
// A FIFO: the log is written as it is, and every chunk still carries its
// checksum (gathered before it goes out): cut and flipped anywhere, the
// piped log is judged as a file's is.
// RUN: rm -f pipe.fifo && mkfifo pipe.fifo
// RUN: rm -f ready && %python %S/../tools/fifo_reader.py pipe.fifo fifo.log ready & for i in $(seq 1200); do test -e ready && break; sleep 0.05; done; timeout 120 env COROSCOPE_OUT=pipe.fifo %t 5 2> err.txt; wait
// RUN: count 0 < err.txt
// RUN: %coroscope dump fifo.log > fifo.dump && FileCheck %s --check-prefix=FIFO-FLAGS < fifo.dump
// RUN: %coroscope report --strict --format json -o fifo.json fifo.log
// RUN: %python %S/../tools/report_summary.py fifo.json | FileCheck %s --check-prefix=FIVE
// RUN: %python %S/../tools/damage_log.py %coroscope fifo.log fifo-cuts | FileCheck %s --check-prefix=FIFO-DAMAGE
// FIFO-FLAGS: header {{.*}} checksums host=
// FIVE: function work(int) calls=5 heap=5
// FIFO-DAMAGE: damage_log: {{[0-9]+}} cuts, {{[1-9][0-9]*}} flipped bits and {{[1-9][0-9]*}} splices in {{[0-9]+}} chunks, 0 problems
//
// A FIFO nobody reads: the program is not held up (no log, said on stderr).
// RUN: rm -f lonely.fifo && mkfifo lonely.fifo
// RUN: timeout 120 env COROSCOPE_OUT=lonely.fifo %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=LONELY < err.txt
// LONELY: coroscope: cannot open log 'lonely.fifo': No such device or address
//
// The kernel's links to the process's own descriptors are followed: a pipe
// on standard output, a file on descriptor 3.
// RUN: env COROSCOPE_OUT=/dev/stdout %t 3 2> err.txt | cat > stdout.log
// RUN: count 0 < err.txt
// RUN: %coroscope report --strict --format json -o stdout.json stdout.log
// RUN: %python %S/../tools/report_summary.py stdout.json | FileCheck %s --check-prefix=THREE
// RUN: env COROSCOPE_OUT=/dev/fd/3 %t 3 2> err.txt 3> fd3.log
// RUN: count 0 < err.txt
// RUN: %coroscope report --strict --format json -o fd3.json fd3.log
// RUN: %python %S/../tools/report_summary.py fd3.json | FileCheck %s --check-prefix=THREE
// RUN: not ls /dev/stdout.1 /dev/fd/3.1
//
// A write that fails ends the log there, said once on stderr; the program
// runs on. A pipe whose reader is gone gives EPIPE, never the SIGPIPE that
// would kill the program (exit status 0 here, not 141).
// RUN: env COROSCOPE_OUT=/dev/full %t 3 2> err.txt
// RUN: FileCheck %s --check-prefix=FULL < err.txt
// RUN: env COROSCOPE_OUT=/dev/stdout %python -c "import os, subprocess, sys; r, w = os.pipe(); os.close(r); sys.exit(subprocess.call([sys.argv[1], '3'], stdout=w))" %t 2> err.txt
// RUN: FileCheck %s --check-prefix=EPIPE < err.txt
// FULL: coroscope: writing log '/dev/full' failed: No space left on device; the log ends here, without its last events{{$}}
// FULL-NOT: coroscope
// EPIPE: coroscope: writing log '/dev/stdout' failed: Broken pipe; the log ends here, without its last events (its reader closed the pipe)
// EPIPE-NOT: coroscope
#include "../Inputs/kit.h"
#include "coroscope/hooks.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1;
  if (argc == 3 && !std::strcmp(argv[2], "exec")) { // run n, then exec into a run of 2
    for (int i = 0; i < n; ++i) {
      lazy<int> t = work(i);
      t.h.resume();
    }
    __coroscope_flush();
    execl(argv[0], argv[0], "2", (char *)nullptr);
    return 1;
  }
  if (argc > 3) {
    __coroscope_flush(); // opens the log
    std::fclose(std::fopen(argv[3], "w"));
    for (int i = 0; i < 3000 && access(argv[2], F_OK) != 0; ++i)
      usleep(10000);
  }
  for (int i = 0; i < n; ++i) {
    lazy<int> t = work(i);
    t.h.resume();
  }
}
