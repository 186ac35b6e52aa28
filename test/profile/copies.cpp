// Two copies of one process's profile: snapshots are replaced in place, so
// a copy taken while the program ran can have the same size as the final
// file of a killed process (no End in either). The later snapshot is read,
// wherever it is named (the older copy named first was read, with its
// fewer calls).
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: sh -c 'COROSCOPE_MODE=profile COROSCOPE_OUT=p.log %t & \
// RUN:   while [ ! -e ready ]; do sleep 0.05; done; cp p.log early.log; touch go; wait; true'
// RUN: %coroscope report early.log p.log 2> err.txt | FileCheck %s
// RUN: %coroscope report p.log early.log 2>> err.txt | FileCheck %s
// CHECK: functions: 1, calls: 200,
// RUN: FileCheck %s --check-prefix=WARN < err.txt
// WARN: coroscope: warning: early.log: the same process's log as p.log; read once
// WARN: coroscope: warning: early.log: the same process's log as p.log; read once
#include "../Inputs/kit.h"

#include <coroscope/hooks.h>
#include <csignal>
#include <cstdio>
#include <unistd.h>

__attribute__((noinline)) lazy<int> work(int i) { co_return i; }

int main() {
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < 100; ++i) {
      lazy<int> t = work(i);
      t.h.resume();
    }
    __coroscope_flush(); // a snapshot, in place of the last
    if (round == 0) {
      std::fclose(std::fopen("ready", "w"));
      for (int i = 0; i < 3000 && access("go", F_OK) != 0; ++i)
        usleep(10000);
    }
  }
  kill(getpid(), SIGKILL); // no End record: only the snapshots tell the copies apart
}
