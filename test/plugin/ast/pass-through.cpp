// pass-through: a coroutine whose body is only `co_return co_await f(...);`.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=pass-through -fsyntax-only %s 2>&1 | count 0
#include "Inputs/tasks.h"

#include <string>
#include <string_view>
#include <cstdlib>
#include <span>
#include <vector>

Task<> fetch(int id);
Task<> parse(std::string_view text);
struct Point {
  int x, y;
};
Task<> fetch_point(Point p);
Task<> fetch_at(const Point *p);
// A hand-written awaiter, as libraries return from sleep()/lock() calls.
struct SleepAwaiter {
  bool await_ready() noexcept;
  void await_suspend(std::coroutine_handle<>) noexcept;
  void await_resume() noexcept;
};
SleepAwaiter sleep_for(int ms);
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

// The same shape written as `co_await g(args); co_return;`, or without the
// co_return: the end of the body is one.
Task<> then_return(int id) {
  co_await fetch(id); // expected-warning {{the coroutine 'then_return' only forwards the task of 'fetch'}}
  co_return;
}
Task<> awaits(int id) { co_await fetch(id); } // expected-warning {{the coroutine 'awaits' only forwards the task of 'fetch'}}

// Copies of by-value parameters with nothing to destroy, a pointer the
// caller owns, a view of the caller's text: nothing refers into the frame.
Task<> by_copy(Point p) {
  co_return co_await fetch_point(p); // expected-warning {{only forwards the task of 'fetch_point'}}
}
Task<> member_copy(Point p) {
  co_return co_await fetch(p.x); // expected-warning {{only forwards the task of 'fetch'}}
}
Task<> through_pointer(const Point *p) {
  co_return co_await fetch_at(p); // expected-warning {{only forwards the task of 'fetch_at'}}
}
Task<> view_of_callers(std::string_view text) {
  co_return co_await parse(text); // expected-warning {{only forwards the task of 'parse'}}
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

// A plain co_return.
Task<> nothing() { co_return; }

// A view, pointer or span into a by-value parameter: forwarding would leave
// it dangling once this frame is gone (std::string -> std::string_view).
Task<> owns_text(std::string text) { co_return co_await parse(text); }
Task<> address_of_parameter(Point p) { co_return co_await fetch_at(&p); }

// A by-value parameter with a destructor: it runs after the await, work this
// coroutine does after fetch has finished.
Task<> destroys_after(int id, std::string tag) { co_return co_await fetch(id); }

// Work after the await: a second statement.
Task<> works_after(int id) {
  co_await fetch(id);
  ++id;
}

// A hand-written awaiter is no task that could be returned instead.
Task<> sleeps() { co_await sleep_for(1); }
Task<> sleeps_then_returns() { co_return co_await sleep_for(1); }

// Not a coroutine: already the suggested form.
Task<> direct(int id) { return fetch(id); }

// A lazy coroutine evaluates its arguments when it starts; the forwarded
// call would evaluate them when it is called (a new user's reproducer:
// `send(seq++)` numbered messages in another order). Only arguments that
// give the same value at both times are forwarded.
int seq = 0;
const int kChannel = 7;
enum { kDefault = 3 };
struct Sender {
  int next_id = 0;
  Client client;
  Task<> numbered() { co_return co_await client.send(seq++); }    // side effect
  Task<> by_member() { co_return co_await client.send(next_id); } // member read at start
  Task<> by_call() { co_return co_await client.send(std::rand()); }
  Task<> through_ref(const int &n) { co_return co_await client.send(n); } // caller's int, read at start
  Task<> by_constant() {
    co_return co_await client.send(kChannel + kDefault); // expected-warning {{only forwards the task of 'send'}}
  }
  Task<> send_bytes(std::span<const std::byte> bytes);
  Task<> by_view_of_ref(const std::vector<int> &v) { // a view built by std from the caller's vector
    co_return co_await send_bytes(std::as_bytes(std::span{v})); // expected-warning {{only forwards the task of 'send_bytes'}}
  }
  Task<> by_own_copy(Point p) {
    co_return co_await client.send(p.x); // expected-warning {{only forwards the task of 'send'}}
  }
};

// A callee seen to be a plain function may work or throw when called, not
// when awaited (a new user's reproducer: `checked(x)` throws on a negative
// x, and forwarding moves the throw out of the caller's try).
Task<> computed(int x);
Task<> checked(int x) {
  if (x < 0)
    throw 1;
  return computed(x);
}
Task<> via_plain_function(int x) { co_return co_await checked(x); }
template <class T> Task<> templ_coroutine(T x) { co_await fetch(x); } // expected-warning {{only forwards the task of 'fetch'}}
template <class T> Task<> templ_plain(T x) { return fetch(x); }
Task<> via_templates(int x) {
  co_return co_await templ_coroutine(x); // expected-warning {{only forwards the task of 'templ_coroutine'}}
}
Task<> via_template_plain(int x) { co_return co_await templ_plain(x); }
