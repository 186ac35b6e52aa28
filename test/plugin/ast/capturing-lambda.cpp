// capturing-lambda: a lambda coroutine that reads a capture after suspending.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <functional>
#include <vector>

void post(std::function<void()>);
void use(int);
void spawn(Task<>);
template <class T> void sync_wait(T &&);
Task<> when_all(Task<>, Task<>);
Task<> when_all_of(std::vector<Task<>>);
void spawn_all(std::vector<Task<>>);
std::vector<Task<>> g_tasks;
Task<> g_task{std::coroutine_handle<Task<>::promise_type>{}};
// A lazy generator-like type with members: begin() drives the frame,
// release() hands it away.
struct Gen {
  struct promise_type {
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int) noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Gen() { if (h) h.destroy(); }
  void begin() { h.resume(); }
  std::coroutine_handle<> release() { return std::exchange(h, {}); }
};
void adopt(std::coroutine_handle<>);

// Call the functor they are given: a coroutine that keeps its copy in its
// frame (libcoro's coro::invoke), a function that hands its copy on to one,
// and look-alikes that keep no copy in a frame.
template <class F> Task<> invoke_keep(F f) { co_await f(); }
template <class F> Task<> invoke_forward(F f) { return invoke_keep(std::forward<F>(f)); }
template <class F> Task<> invoke_ref(F &&f) { co_await f(); }
template <class F> Task<> call_now(F f) { return f(); }

//===--- should trigger ---===//

void eager_capture(int n) {
  // expected-warning@+1 {{lambda coroutine in 'eager_capture' uses its capture 'n' after suspending; captures live in the lambda object, which can be destroyed before the coroutine resumes (pass them as parameters) [-Wcoroscope-capturing-lambda]}}
  post([n]() -> Detached {
    co_await Yield{}; // expected-note {{the coroutine suspends here}}
    use(n);           // expected-note {{'n' is read here, after the suspension}}
  });
}

struct Widget {
  int id;
  Task<> start() {
    // A lazy lambda reads `this` only when resumed, after the call returned.
    // expected-warning@+1 {{lambda coroutine in 'start' uses its capture 'this' after suspending}}
    auto t = [this]() -> Task<> {
      use(id); // expected-note {{'this' is read here; the coroutine starts suspended, so this runs after the lambda call has returned}}
      co_return;
    }();
    co_await std::move(t);
  }
};

void init_capture() {
  // expected-warning@+1 {{uses its capture 'v'}}
  post([v = 42]() -> Detached {
    for (int i = 0; i < 2; ++i) {
      use(v);           // expected-note {{'v' is read here, after the suspension}}
      co_await Yield{}; // expected-note {{the coroutine suspends here}}
    }
  });
}

// A closure in a named local, but a task made from it leaves the scope (or,
// eager, goes on running after it) while the closure dies with the scope.
struct Pending {
  std::vector<Task<>> tasks;
};

void named_discarded(int n) {
  // expected-note@+2 {{the coroutine suspends here}}
  // expected-warning@+1 {{lambda coroutine in 'named_discarded' uses its capture 'n'}}
  auto l = [n]() -> Detached { co_await Yield{};
    use(n); // expected-note {{'n' is read here, after the suspension}}
  };
  l(); // eager: runs on after named_discarded() has returned
}

Task<> named_task_returned(int n) {
  // expected-warning@+1 {{lambda coroutine in 'named_task_returned' uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here; the coroutine starts suspended}}
  return l();
}

void named_task_stored(Pending &p, int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  p.tasks.push_back(l());
  Task<> t = l();
  p.tasks.push_back(std::move(t));
}

// The tasks go through a local container or a nested lambda, but end up
// detached, or the container outlives the closure.
void stored_then_spawned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::vector<Task<>> ts;
  ts.push_back(l());
  spawn_all(std::move(ts));
}
std::vector<Task<>> container_outlives(int n) {
  std::vector<Task<>> ts;
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  ts.push_back(l());
  return ts;
}
void nested_lambda_spawned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  // expected-warning@+2 {{uses its capture 'l'}}
  // expected-note@+1 {{'l' is read here; the coroutine starts suspended}}
  spawn([&]() -> Task<> { co_await l(); }());
}
void nested_lambda_stores(Pending &p, int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  sync_wait([&]() -> Task<> { p.tasks.push_back(l()); co_return; }());
}
// Found by review: a range-for whose body hands each task on, a swap
// into a longer-lived container, a move out through an accessor, a nested
// lambda whose task is spawned inside a co_await full-expression.
void range_for_spawned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::vector<Task<>> ts;
  ts.push_back(l());
  for (auto &t : ts)
    spawn(std::move(t));
}
void swapped_out(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::vector<Task<>> ts;
  ts.push_back(l());
  ts.swap(g_tasks);
}
void moved_out_by_accessor(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::vector<Task<>> ts;
  ts.push_back(l());
  g_task = std::move(ts.back());
}
Task<> nested_spawned_under_await(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  // expected-warning@+2 {{uses its capture 'l'}}
  // expected-note@+1 {{'l' is read here; the coroutine starts suspended}}
  co_await (spawn([&]() -> Task<> { co_await l(); }()), Yield{});
}
void holder_released(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Gen { use(n); co_yield 1; }; // expected-note {{'n' is read here}}
  Gen g = l();
  adopt(g.release());
}

void named_task_spawned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  spawn(l());
}

// Passed by reference, or by value to a function that is no coroutine and
// hands it on to none: no frame keeps a copy of the closure.
Task<> passed_by_reference(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  return invoke_ref(l);
}
Task<> passed_to_plain_function(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  return call_now([n]() -> Task<> { use(n); co_return; }); // expected-note {{'n' is read here}}
}

//===--- should NOT trigger ---===//

// A closure in a named local whose every task is consumed while it lives:
// awaited, kept in a local that is awaited, or run by a sync_wait.
Task<> named_consumed(int n) {
  auto l = [n]() -> Task<> { co_await Yield{}; use(n); };
  co_await l();
  Task<> t = l();
  co_await std::move(t);
  co_await when_all(l(), l());
  sync_wait(l());
  Task<> u = l();
  sync_wait(u);
}
int main_like(int n) {
  auto get = [&n]() -> Task<> { use(n); co_return; };
  sync_wait(get());
  // A temporary closure lives until the end of the full-expression.
  sync_wait([n]() -> Task<> { co_await Yield{}; use(n); }());
  return 0;
}

// Tasks that go through locals declared after the closure (so they die
// first) and are consumed there: a container handed to an awaited
// when_all, a local moved into another, a lambda coroutine taking the task
// by value, a lazy generator driven by its members; or made inside a lambda
// coroutine that is itself consumed while the closure lives (cppcoro's
// tests: `sync_wait([&]() -> task<> { co_await f(); }())`).
Task<> through_locals(int n) {
  auto l = [n]() -> Task<> { co_await Yield{}; use(n); };
  std::vector<Task<>> ts;
  for (int i = 0; i < 3; ++i)
    ts.push_back(l());
  co_await when_all_of(std::move(ts));
  Task<> t = l();
  Task<> u = std::move(t);
  auto run = [](Task<> x) -> Task<> { co_await std::move(x); };
  co_await run(std::move(u));
  auto g = [n]() -> Gen { use(n); co_yield 1; };
  Gen gen = g();
  gen.begin();
  std::vector<Task<>> more;
  more.emplace_back(l());
  for (auto &t : more)
    co_await std::move(t);
}
void through_nested_lambdas(int n) {
  auto l = [n]() -> Task<> { co_await Yield{}; use(n); };
  sync_wait([&]() -> Task<> {
    Task<> t = l();
    co_await std::move(t);
    co_await [&]() -> Task<> { co_await l(); }();
  }());
  auto outer = [&]() -> Task<> { co_await l(); };
  sync_wait(outer());
}

// Passed by value to a coroutine, directly or through a function that hands
// its copy on: the copy in the coroutine frame outlives the task.
Task<> passed_by_value(int n) {
  Task<> t = invoke_keep([n]() -> Task<> { co_await Yield{}; use(n); });
  co_await std::move(t);
}
Task<> passed_on_by_value(int n) {
  auto add = [n]() -> Task<> { co_await Yield{}; use(n); };
  return invoke_forward(add);
}

// The closure handed on uncalled, returned or copied: whoever takes it keeps
// it alive (a with()-like combinator takes an object's run() closure).
auto named_closure_returned(int n) {
  auto l = [n]() -> Task<> { use(n); co_return; };
  return l;
}
void named_closure_copied(int n) {
  auto l = [n]() -> Task<> { use(n); co_return; };
  std::function<Task<>()> copy = l;
}

Task<> fine(int n) {
  // No captures: arguments are copied into the frame.
  auto no_captures = [](int k) -> Detached { co_await Yield{}; use(k); };
  no_captures(n);
  // Captures read before the first suspension only.
  post([n]() -> Detached {
    int k = n;
    co_await Yield{};
    use(k);
  });
  // Called and awaited in one full-expression: the closure outlives the await.
  co_await [&]() -> Task<> { use(n); co_return; }();
  // Not a coroutine.
  post([n] { use(n); });
  // Suppressed.
  post([n]() -> Detached { co_await Yield{}; use(n); }); // NOLINT(coroscope-capturing-lambda)
}
