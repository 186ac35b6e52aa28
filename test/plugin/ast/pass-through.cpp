// pass-through: a coroutine whose body is only `co_return co_await f(...);`.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=pass-through -fsyntax-only %s 2>&1 | count 0
#include "Inputs/tasks.h"

#include <string>

Task<> fetch(int id);
Task<> fetch_ref(const std::string &key);
struct Client {
  Task<> send(int n);
  Task<> forward(int n);
};

//===--- should trigger ---===//

Task<> wrapper(int id) {
  // expected-warning@+1 {{the coroutine 'wrapper' only forwards the task of 'fetch' and costs a coroutine frame per call; return fetch(...) instead of co_return co_await fetch(...) where the arguments outlive the call [-Wcoroscope-pass-through]}}
  co_return co_await fetch(id);
}

// The caller's string outlives the call: a reference passed on is fine.
Task<> by_ref(const std::string &key) {
  co_return co_await fetch_ref(key); // expected-warning {{only forwards the task of 'fetch_ref'}}
}

Task<> Client::forward(int n) {
  co_return co_await send(n + 1); // expected-warning {{the coroutine 'forward' only forwards the task of 'send'}}
}

template <class T> Task<T> relay(int id) {
  co_return co_await fetch(id); // expected-warning {{the coroutine 'relay' only forwards the task of 'fetch'}}
}
template Task<> relay<void>(int);

// A lambda is named by the function it is written in (make() is no coroutine).
void make() {
  auto l = [](int id) -> Task<> {
    co_return co_await fetch(id); // expected-warning {{the lambda coroutine in 'make' only forwards the task of 'fetch' and costs a coroutine frame per call}}
  };
  (void)l;
}

Task<> suppressed(int id) {
  co_return co_await fetch(id); // NOLINT(coroscope-pass-through)
}

//===--- should NOT trigger ---===//

// Any other statement: the coroutine does more than forward.
Task<> logs(int id) {
  int next = id + 1;
  co_return co_await fetch(next);
}

// The awaited expression is not a call.
Task<> awaits_variable(Task<> t) { co_return co_await std::move(t); }

// The awaited call's type is not the coroutine's: returning it cannot compile.
Task<int> converts(int id) {
  co_return co_await fetch(id);
}

// A by-value parameter or a temporary bound to a reference parameter lives in
// this frame only: returning fetch_ref(...) directly would dangle.
Task<> owns_key(std::string key) { co_return co_await fetch_ref(key); }
Task<> temporary_key() { co_return co_await fetch_ref(std::string("k")); }

// co_await without co_return, and a plain co_return.
Task<> awaits(int id) { co_await fetch(id); }
Task<> nothing() { co_return; }

// Not a coroutine: already the suggested form.
Task<> direct(int id) { return fetch(id); }
