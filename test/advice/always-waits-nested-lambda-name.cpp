// EXPECT: always-waits run line 36,37
// Advice names the function it is about: two coroutine lambdas nested in
// one outer lambda (doctest's test cases, cppcoro's event tests) each get
// their own name, past the enclosing call operator's `const`.
// RUN: %run_case -O2 %s %t
// RUN: %coroscope report %t.log | FileCheck %s
// CHECK-DAG: always-waits-nested-lambda-name.cpp:[[#L1:]]: advice: [always-waits] 'run()::$_0::operator()() const::'lambda'()::operator()()' waited in 100 % of its 1000 calls
// CHECK-DAG: always-waits-nested-lambda-name.cpp:[[#L2:]]: advice: [always-waits] 'run()::$_0::operator()() const::'lambda0'()::operator()()' waited in 100 % of its 1000 calls
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>

static std::deque<std::coroutine_handle<>> g_loop;  // the event loop's ready queue

struct Park {  // every call waits for the loop
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_loop.push_back(h); }
  void await_resume() noexcept {}
};

struct Job {  // eager, self-destroying
  struct promise_type {
    Job get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

static int g_done = 0;

static void run() {  // internal linkage: its lambdas are named $_N
  auto outer = [] {
    auto first = []() -> Job { co_await Park{}; ++g_done; };
    auto second = []() -> Job { co_await Park{}; co_await Park{}; ++g_done; };
    for (int i = 0; i < 1000; ++i) {
      first();
      second();
    }
  };
  outer();
}

int main() {
  run();
  while (!g_loop.empty()) {
    auto h = g_loop.front();
    g_loop.pop_front();
    h.resume();
  }
  std::printf("done=%d\n", g_done);
  return g_done == 2000 ? 0 : 1;
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %coroscope report %t.p.log | FileCheck %s
