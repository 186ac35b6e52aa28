// A daemon closes every inherited descriptor and opens files of its own: the
// runtime must never write its log into them, and must not lose the events.
// RUN: %clang_coroscope -O1 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && env COROSCOPE_OUT=%t.d/run.log %t
// RUN: cat %t.d/data.txt | FileCheck %s --check-prefix=DATA
// RUN: %coroscope report --format json -o %t.json %t.d/run.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s
#include "../Inputs/kit.h"
#include <fcntl.h>
#include <unistd.h>

__attribute__((noinline)) eager work() { co_return; }

int main() {
  for (int i = 0; i < 1000; ++i)
    work();
  for (int fd = 3; fd < 1024; ++fd)
    close(fd);
  int data = open("data.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < 100000; ++i) // fills buffers: flushes while data.txt is open
    work();
  (void)!write(data, "user data\n", 10);
  for (int i = 0; i < 1000; ++i)
    work();
  return 0; // data.txt stays open: the exit flush comes after it
}
// DATA: user data
// DATA-NOT: {{.}}
// CHECK: function work() calls=102000 {{.*}} completed=102000
