// A program linked to the runtime but compiled without the plugin: the
// runtime still writes a log (header, Clock and End chunks; no site, no
// event), and the report says why it is empty (docs/report-format.md,
// "Empty report") instead of showing an empty table.
// RUN: %clangxx %s -o %t -L%coroscope_rt -Wl,-rpath,%coroscope_rt -Wl,--no-as-needed -lcoroscope_rt
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=plain.log %t | FileCheck %s --check-prefix=OUT
// RUN: %coroscope dump plain.log | FileCheck %s --check-prefix=DUMP
// RUN: %coroscope report plain.log | FileCheck %s --check-prefix=TEXT --match-full-lines
// RUN: %coroscope report --format json plain.log | FileCheck %s --check-prefix=JSON --match-full-lines
// OUT: ran a coroutine: 42
// DUMP: header
// DUMP-NOT: site @
// DUMP-NOT: event @
// TEXT: no coroutine calls recorded: no instrumented coroutine in the program: it was not compiled with the coroscope plugin (-fplugin=.../CoroScope-N.so for Clang N, see coroscope flags --compile), or it has no coroutines
// TEXT: {{ *}}plain.log: complete{{.*}}
// JSON: "empty_reason": "no instrumented coroutine in the program: it was not compiled with the coroscope plugin (-fplugin=.../CoroScope-N.so for Clang N, see coroscope flags --compile), or it has no coroutines",
#include <coroutine>
#include <cstdio>

struct Task {
  struct promise_type {
    int value = 0;
    Task get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

Task answer() { co_return 42; }

int main() {
  Task t = answer();
  std::printf("ran a coroutine: %d\n", t.h.promise().value);
  t.h.destroy();
}
