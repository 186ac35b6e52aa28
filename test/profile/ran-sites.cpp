// A profile names only the sites that ran: registration copies no name, and
// each snapshot carries a Sites chunk of the sites it has counts for, with
// their functions (docs/log-format.md, *Profile Chunk*). Eight coroutines of
// five suspend sites each (initial, two awaits, final); `./ran N` runs the
// first N. f0's third await is on a branch never taken; its two awaits of
// one macro expansion share a position, and the one that never ran is named
// too, so the report ranks them as before.
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
//
// Three of eight ran: 3 function sites, f0's initial, the two awaits of the
// macro (one reached) and final, f1's and f2's four each: 3 + 4 + 4 + 4 =
// 15 sites named; 11 of them suspend points with counts.
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.log %t 3
// RUN: %coroscope dump p.log > p.txt
// RUN: FileCheck %s --check-prefix=DUMP < p.txt
// DUMP: chunk {{.*}} sites payload={{[0-9]+}} count=15
// DUMP: chunk {{.*}} profile payload={{[0-9]+}} version=2 functions=3 sites=11
// RUN: grep -c 'kind=function' p.txt | FileCheck %s --check-prefix=FUNCTIONS
// FUNCTIONS: {{^}}3{{$}}
// RUN: grep -c '^  site @' p.txt | FileCheck %s --check-prefix=ENTRIES
// ENTRIES: {{^}}15{{$}}
// RUN: not grep 'name="f[3-7]' p.txt
// RUN: not grep 'awaiter="never_awaiter"' p.txt
//
// The same figures as trace mode's and as a profile with the checks on,
// whose runtime writes every site at start-up.
// RUN: env COROSCOPE_OUT=t.log %t 3
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=c.log %t 3
// RUN: %coroscope dump c.log | FileCheck %s --check-prefix=ALL
// ALL: chunk {{.*}} sites payload={{[0-9]+}} count=
// RUN: %coroscope dump c.log | grep -c 'kind=function' | FileCheck %s --check-prefix=ALL-FUNCTIONS
// ALL-FUNCTIONS: {{^}}8{{$}}
// RUN: %coroscope report --format json -o t.json t.log
// RUN: %coroscope report --format json -o p.json p.log
// RUN: %coroscope report --format json -o c.json c.log
// RUN: %python %S/../tools/profile_check.py equal t.json p.json | FileCheck %s --check-prefix=EQUAL
// RUN: %python %S/../tools/profile_check.py equal c.json p.json | FileCheck %s --check-prefix=EQUAL
// EQUAL: equal: 3 functions, 11 sites
// RUN: %coroscope report p.log | FileCheck %s --check-prefix=REPORT
// REPORT: functions: 3,
//
// One more coroutine run, five more sites: 15 + 5.
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p4.log %t 4
// RUN: %coroscope dump p4.log | FileCheck %s --check-prefix=FOUR
// FOUR: chunk {{.*}} sites payload={{[0-9]+}} count=20
//
// A process that runs no coroutine writes no file at all (with the checks
// on, the sites written at start-up make it a file with no figures).
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=none.log %t 0
// RUN: test ! -e none.log
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=none.log COROSCOPE_INTERVAL=1 %t 0
// RUN: test ! -e none.log
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=none-checks.log %t 0
// RUN: %coroscope dump none-checks.log | FileCheck %s --check-prefix=NONE-CHECKS
// NONE-CHECKS: profile {{.*}} functions=0 sites=0
#include <coroutine>
#include <cstdlib>

struct eager {
  struct promise_type {
    eager get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
template <int N> struct ready_awaiter {
  bool await_ready() noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  int await_resume() noexcept { return N; }
};
struct never_awaiter : ready_awaiter<99> {};

int sink;
volatile bool never = false;
#define PICK(c) ((c) ? co_await ready_awaiter<10>{} : co_await ready_awaiter<11>{})

// clang-format off
__attribute__((noinline)) eager f0() {
  sink += PICK(!never);
  if (never)
    sink += co_await never_awaiter{};
  co_return;
}
__attribute__((noinline)) eager f1() { sink += co_await ready_awaiter<1>{}; sink += co_await ready_awaiter<2>{}; }
__attribute__((noinline)) eager f2() { sink += co_await ready_awaiter<3>{}; sink += co_await ready_awaiter<4>{}; }
__attribute__((noinline)) eager f3() { sink += co_await ready_awaiter<5>{}; sink += co_await ready_awaiter<6>{}; }
__attribute__((noinline)) eager f4() { sink += co_await ready_awaiter<7>{}; sink += co_await ready_awaiter<8>{}; }
__attribute__((noinline)) eager f5() { sink += co_await ready_awaiter<9>{}; sink += co_await ready_awaiter<12>{}; }
__attribute__((noinline)) eager f6() { sink += co_await ready_awaiter<13>{}; sink += co_await ready_awaiter<14>{}; }
__attribute__((noinline)) eager f7() { sink += co_await ready_awaiter<15>{}; sink += co_await ready_awaiter<16>{}; }
// clang-format on

int main(int argc, char **argv) {
  eager (*fs[])() = {f0, f1, f2, f3, f4, f5, f6, f7};
  int n = argc > 1 ? std::atoi(argv[1]) : 8;
  for (int i = 0; i < n && i < 8; ++i)
    fs[i]();
  return sink < 0;
}
