// CASE [bad]: a lazy member coroutine of a `coro_lifetimebound` task type called on a temporary object, awaited later
// NOTE: coroscope's `reference-parameter` looks at parameters, not at the object a member coroutine is called on
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/bound_task.h"
#include <cstddef>
#include <string>

struct Client {
  std::string host;
  BoundTask<std::size_t> fetch() {
    co_await Reschedule{};
    co_return host.size();
  }
};

BoundTask<std::size_t> run() {
  BoundTask<std::size_t> t = Client{"example.org"}.fetch(); // BAD: the Client dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY-NOT: warning:
// CLANG: {{.*}}member-on-temporary-lifetimebound.cpp:20:30: warning: temporary whose address is used as value of local variable 't' will {{.*}} [-Wdangling]
