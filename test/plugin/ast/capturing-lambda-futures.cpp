// capturing-lambda on eager futures (the shape of YACLib's Future<T>): tasks
// kept in containers by index, a blocking Get() that returns a plain result,
// a future assigned to std::ignore before something runs it to completion.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <array>
#include <cstddef>
#include <tuple>
#include <vector>

void use(int);
void spawn(Task<>);
Task<> g_task{std::coroutine_handle<Task<>::promise_type>{}};

// A plain result: holds no task.
struct Result {
  int value;
  int Ok() const { return value; }
};
// Eager: the body runs inside the call, up to its first suspension.
struct Future {
  struct promise_type {
    Future get_return_object() { return Future{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  Future() = default;
  explicit Future(std::coroutine_handle<promise_type> h) : h(h) {}
  Future(Future &&o) noexcept : h(std::exchange(o.h, {})) {}
  Future &operator=(Future &&o) noexcept { h = std::exchange(o.h, {}); return *this; }
  Result Get() &&;          // blocks until the coroutine is done
  Future Then(int) &&;      // a future that runs after this one
};
void Wait(Future *, std::size_t); // blocks until each is done
struct ManualExecutor {
  void Drain(); // runs every queued coroutine to completion
};
std::vector<Future> g_futures;

//===--- should NOT trigger ---===//

// Stored by index into a local container, then waited for in the same scope
// (YACLib async_mutex.cpp, await_group_stress.cpp).
void stored_by_index_then_waited(int n) {
  std::array<Future, 4> fs;
  auto l = [n]() -> Future { co_await Yield{}; use(n); };
  for (int i = 0; i < 4; ++i)
    fs[i] = l();
  Wait(fs.data(), fs.size());
  Future raw[2];
  raw[0] = l();
  raw[1] = l();
  Wait(raw, 2);
  std::vector<Future> v(2);
  v.at(0) = l();
  Wait(v.data(), v.size());
}

// A blocking Get() gives a plain result, not the task: nothing of the
// coroutine is left running after it (YACLib await.cpp, on.cpp).
void blocking_get(int n) {
  auto l = [n]() -> Future { co_await Yield{}; use(n); };
  Future f = l();
  std::ignore = std::move(f).Get();
  std::ignore = l().Then(1).Get().Ok();
  int r = l().Get().Ok();
  use(r);
  std::vector<Future> v;
  v.push_back(l());
  for (auto &x : v)
    std::ignore = std::move(x).Get();
}

// Assigned to std::ignore (discarded) while queued, then run to completion
// by a later call in the closure's scope (YACLib await_group.cpp).
void ignored_then_drained(ManualExecutor &m, int n) {
  auto l = [n]() -> Future { co_await Yield{}; use(n); };
  std::ignore = l();
  m.Drain();
}

//===--- should trigger ---===//

// Discarded with nothing after it that could run it: it goes on running
// after the closure has died.
void ignored_not_drained(int n) {
  // expected-note@+2 {{the coroutine suspends here}}
  // expected-warning@+1 {{lambda coroutine in 'ignored_not_drained' uses its capture 'n'}}
  auto l = [n]() -> Future { co_await Yield{};
    use(n); // expected-note {{'n' is read here, after the suspension}}
  };
  std::ignore = l();
}

// An element of the caller's container, or moved out of a local one into a
// global: the task outlives the closure.
void stored_by_index_in_callers(std::vector<Future> &out, int n) {
  // expected-note@+2 {{the coroutine suspends here}}
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Future { co_await Yield{};
    use(n); // expected-note {{'n' is read here}}
  };
  out[0] = l();
}
void element_moved_out(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::vector<Task<>> ts;
  ts.push_back(l());
  g_task = std::move(ts[0]);
}
void array_element_spawned(int n) {
  // expected-note@+2 {{the coroutine suspends here}}
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Future { co_await Yield{};
    use(n); // expected-note {{'n' is read here}}
  };
  Future fs[2];
  fs[0] = l();
  g_futures.push_back(std::move(fs[0]));
}
// A derived future (Then) still carries the coroutine.
void derived_future_stored(int n) {
  // expected-note@+2 {{the coroutine suspends here}}
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Future { co_await Yield{};
    use(n); // expected-note {{'n' is read here}}
  };
  g_futures.push_back(l().Then(1));
}
