// COROSCOPE_OUT's expansions (issue 42, item 9c): %p the pid, %h the host
// name, %t the UTC time as YYYYMMDDTHHMMSSZ, %% a '%'; any other '%' is kept
// as it is and said once on stderr. lit takes '%' for itself: every '%' of
// the pattern is written '%%' below. With "fork" the program forks a child
// that writes a log of its own.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// %h, %% and %p, each where it stands: exactly one file, nothing on stderr.
// RUN: env COROSCOPE_OUT=%t.d/x-%%h-%%%%-%%p.log %t > pid.txt 2> err.txt
// RUN: test ! -s err.txt
// RUN: test "$(ls %t.d | grep '^x-')" = "x-$(uname -n)-%%-$(cat pid.txt).log"
// RUN: %coroscope report "x-$(uname -n)-%%-$(cat pid.txt).log" | FileCheck %s --check-prefix=REPORT
// REPORT: work()
//
// The same in profile mode, whose file is written at exit; %h twice.
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=%t.d/p-%%h-%%h.log %t > /dev/null 2> err.txt
// RUN: test ! -s err.txt
// RUN: test "$(ls %t.d | grep '^p-')" = "p-$(uname -n)-$(uname -n).log"
//
// %t: the time the log was created, in UTC, between the times around the run.
// RUN: date -u +%%Y%%m%%dT%%H%%M%%SZ > before.txt
// RUN: env COROSCOPE_OUT=%t.d/t-%%t.log %t > /dev/null 2> err.txt
// RUN: date -u +%%Y%%m%%dT%%H%%M%%SZ > after.txt
// RUN: test ! -s err.txt
// RUN: ls %t.d | grep '^t-' > t.txt
// RUN: FileCheck %s --check-prefix=TIME --match-full-lines < t.txt
// TIME: t-{{20[0-9][0-9][01][0-9][0-3][0-9]T[0-2][0-9][0-5][0-9][0-6][0-9]Z}}.log
// RUN: %python -c "import sys; b, s, a = sys.argv[1:]; assert b <= s <= a, (b, s, a)" "$(cat before.txt)" "$(sed 's/^t-//; s/[.]log$//' t.txt)" "$(cat after.txt)"
//
// Anything else is kept, said once: here by the parent, whose trace log is
// created at start-up, and not again by its forked child, which appends
// .<pid> (the pattern has no %p).
// RUN: env COROSCOPE_OUT=%t.d/q-%%q-%%.log %t fork > /dev/null 2> err.txt
// RUN: FileCheck %s --check-prefix=WARN --match-full-lines < err.txt
// WARN:     coroscope: COROSCOPE_OUT={{.*}}/q-%q-%.log: '%q' is not %p (pid), %h (host name), %t (UTC time) or %% (a %); kept as it is
// WARN-NOT: {{.}}
// RUN: ls %t.d | grep '^q-' | FileCheck %s --check-prefix=KEPT --match-full-lines
// KEPT:      q-%q-%.log
// KEPT-NEXT: q-%q-%.log.{{[0-9]+}}
// KEPT-NOT:  {{.}}
//
// A '%' at the end is kept too, and named alone.
// RUN: env COROSCOPE_OUT=%t.d/end-%% %t > /dev/null 2> err.txt
// RUN: FileCheck %s --check-prefix=END --match-full-lines < err.txt
// END: coroscope: COROSCOPE_OUT={{.*}}/end-%: '%' is not %p (pid), %h (host name), %t (UTC time) or %% (a %); kept as it is
// RUN: test -f %t.d/end-%%
//
// %%p is a literal "%p", not the pid: a forked child appends .<pid>.
// RUN: env COROSCOPE_OUT=%t.d/lit-%%%%p.log %t fork > /dev/null 2> err.txt
// RUN: test ! -s err.txt
// RUN: ls %t.d | grep '^lit-' | FileCheck %s --check-prefix=LIT --match-full-lines
// LIT:      lit-%p.log
// LIT-NEXT: lit-%p.log.{{[0-9]+}}
// LIT-NOT:  {{.}}
#include "../Inputs/kit.h"
#include <cstdio>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) eager work() { co_return; }

int main(int argc, char **argv) {
  std::printf("%d\n", int(getpid()));
  std::fflush(stdout);
  for (int i = 0; i < 3; ++i)
    work();
  if (argc > 1 && std::strcmp(argv[1], "fork") == 0) {
    pid_t child = fork();
    if (child == 0) {
      work();
      return 0;
    }
    waitpid(child, nullptr, 0);
  }
}
