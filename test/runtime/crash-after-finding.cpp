// COROSCOPE_ON_ERROR=log: the finding is reported and the program goes on to
// resume the destroyed frame, which crashes. The log must still be complete
// (events, the finding, the live frames) and stderr must name both sites.
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: rm -f %t.log && env COROSCOPE_ON_ERROR=log COROSCOPE_OUT=%t.log not --crash %t 2> %t.err
// RUN: FileCheck %s --check-prefix=STDERR < %t.err
// RUN: not %coroscope check %t.log | FileCheck %s --check-prefix=CHECK
// RUN: %coroscope report --format json -o %t.json %t.log
// RUN: %python %S/../tools/report_summary.py %t.json | FileCheck %s --check-prefix=EVENTS
#include <coroutine>
#include <cstring>

struct job {
  struct promise_type {
    job get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int) noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

job count() {
  for (int i = 0;; ++i)
    co_yield i;
}

int main() {
  job j = count();
  j.h.resume();
  j.h.destroy();
  // Make the stale frame's resume pointer garbage so the resume crashes.
  std::memset(j.h.address(), 0xff, 16);
  j.h.resume();
}
// STDERR: ==coroscope== ERROR: use-after-destroy: count() [frame {{.*}}, destroyed]
// STDERR: at {{.*}}crash-after-finding.cpp:[[#@LINE-3]]:{{[0-9]+}} in main
// STDERR: destroyed at {{.*}}crash-after-finding.cpp:[[#@LINE-7]]:{{[0-9]+}} in main
// CHECK: crash-after-finding.cpp:[[#@LINE-5]]:{{[0-9]+}}: error: [use-after-destroy]
// CHECK: crash-after-finding.cpp:[[#@LINE-9]]:{{[0-9]+}}: note: destroyed here
// Every event up to the crash made it into the log.
// EVENTS: function count() calls=1 heap=1 {{.*}} completed=0
// EVENTS: site yield {{.*}} reached=1 suspended=1 waits=0
