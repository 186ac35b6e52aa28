// A forked child's profile counts run time from the fork, its own start, as
// its trace log does from its first event: its started_ns is not before the
// fork. It was the parent's start, so a report over both processes counted
// the time before the fork twice (and hot-sync's bytes per second fell).
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.%%p.log %t > fork_ns.txt
// RUN: for f in p.*.log; do %coroscope dump $f | grep -m1 'started_ns='; done > headers.txt
// RUN: %python -c "import re, sys; fork = int(open('fork_ns.txt').read()); s = [int(x) for x in re.findall(r'started_ns=(\d+)', open('headers.txt').read())]; print(len(s), sum(x >= fork for x in s))" | FileCheck %s
// CHECK: 2 1
#include "../../Inputs/task.h"
#include <cstdio>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

Task<int> quick() { co_return 2; }
int main() {
  quick().run();
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  std::printf("%lld\n", (long long)ts.tv_sec * 1000000000 + ts.tv_nsec);
  std::fflush(stdout);
  pid_t p = fork();
  quick().run();
  if (p)
    waitpid(p, nullptr, 0);
}
