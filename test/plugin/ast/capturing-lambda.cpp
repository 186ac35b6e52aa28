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

auto named_closure_returned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  return l;
}

void named_task_stored(Pending &p, int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  p.tasks.push_back(l());
  Task<> t = l();
  p.tasks.push_back(std::move(t));
}

void named_task_spawned(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  spawn(l());
}

void named_closure_copied(int n) {
  // expected-warning@+1 {{uses its capture 'n'}}
  auto l = [n]() -> Task<> { use(n); co_return; }; // expected-note {{'n' is read here}}
  std::function<Task<>()> copy = l;
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
