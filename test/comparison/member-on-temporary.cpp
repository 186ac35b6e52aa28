// CASE [bad]: a lazy member coroutine called on a temporary object and awaited later
// NOTE: the implicit object argument is checked only by Clang, and only for a `coro_lifetimebound` type
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <cstddef>
#include <string>

struct Client {
  std::string host;
  Task<std::size_t> fetch() {
    co_await Reschedule{};
    co_return host.size();
  }
};

Task<std::size_t> run() {
  Task<std::size_t> t = Client{"example.org"}.fetch(); // BAD: the Client dies here
  co_return co_await std::move(t);
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY-NOT: warning:
// CLANG-NOT: warning:
