// capturing-lambda: a lambda coroutine that reads a capture after suspending.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <functional>

void post(std::function<void()>);
void use(int);

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

//===--- should NOT trigger ---===//

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
