// Names longer than a format allows are cut with a visible marker, U+2026
// "…" (docs/log-format.md, "Sites Chunk"): a coroutine whose demangled name
// (about 80 KB: 7,000 numbers, twice) is longer than a log string's 65,535
// bytes and than a 4,096-byte message on stderr. The log keeps its first
// 65,532 bytes and the marker; every report format shows that name.
// RUN: %clang_coroscope -O0 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=long.log %t 2> err.txt
// RUN: %coroscope report --format json long.log > report.json
// RUN: %python %S/Inputs/long_names_check.py report.json err.txt | FileCheck %s
// CHECK: log name: 65535 bytes, ends with the marker: True, starts like the name: True
// CHECK: stderr line: 4096 bytes, ends with the marker: True
// RUN: %coroscope report long.log | grep -c "…  \[[^ ]*long-names.cpp:[0-9]*\]$" | FileCheck %s --check-prefix=TEXT
// TEXT: 1
#include <coroutine>
#include <utility>

struct Task {
  struct promise_type {
    Task get_return_object() {
      return {std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

template <class Seq> Task longNamed(Seq) { co_return; }

int main() {
  // Never destroyed: a leaked frame, reported on stderr with its name.
  Task t = longNamed(std::make_integer_sequence<int, 7000>{});
  (void)t;
}
