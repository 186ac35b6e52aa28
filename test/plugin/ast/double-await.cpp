// double-await: a single-consumption task awaited twice, or after a move.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// Switched off by name, the same file has no finding at all.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=double-await -fsyntax-only %s 2>&1 | count 0
#include "Inputs/tasks.h"

Task<> work();
LTask load();
SharedTask shared();

//===--- should trigger ---===//

// An rvalue-only task awaited twice through std::move.
Task<> twice_moved() {
  Task<> t = work();
  co_await std::move(t); // #first1
  // expected-note@#first1 {{first awaited here}}
  // expected-warning@+1 {{'t' (the task returned by 'work') is awaited a second time in 'twice_moved'; 'Task<>' can be awaited only once [-Wcoroscope-double-await]}}
  co_await std::move(t);
}

// A lazy task whose awaiter never checks done(), awaited as an lvalue.
Task<> twice_lvalue() {
  LTask t = load();
  int a = co_await t; // #first2
  // expected-note@#first2 {{first awaited here}}
  // expected-warning@+1 {{'t' (the task returned by 'load') is awaited a second time in 'twice_lvalue'}}
  int b = co_await t;
  (void)a, (void)b;
}

// The user's attribute makes an eager, ready type single-consumption.
MarkedTask marked();
Task<> twice_marked() {
  MarkedTask m = marked();
  co_await m; // #first3
  // expected-note@#first3 {{first awaited here}}
  // expected-warning@+1 {{'m' (the task returned by 'marked') is awaited a second time}}
  co_await m;
}

// Awaited after being moved into another variable (any type).
Task<> after_move() {
  SharedTask s = shared();
  SharedTask other = std::move(s); // #moved
  // expected-note@#moved {{'s' moved from here}}
  // expected-warning@+1 {{'s' (the task returned by 'shared') is awaited after it was moved from}}
  co_await s;
  co_await other;
}

// A conditional return between the awaits does not make the second safe.
Task<> conditional_return(bool stop) {
  LTask t = load();
  co_await t; // #first4
  if (stop)
    co_return;
  // expected-note@#first4 {{first awaited here}}
  // expected-warning@+1 {{is awaited a second time}}
  co_await t;
}

// Suppressed on its line.
Task<> suppressed() {
  LTask t = load();
  co_await t;
  co_await t; // NOLINT(coroscope-double-await)
}

//===--- should NOT trigger ---===//

// Multi-consumer: its awaiter checks done() (and the name says shared).
Task<> shared_twice() {
  SharedTask s = shared();
  co_await s;
  co_await s;
}

// Reassigned in between.
Task<> reassigned() {
  Task<> t = work();
  co_await std::move(t);
  t = work();
  co_await std::move(t);
}

// Mutually exclusive branches.
Task<> branches(bool c) {
  LTask t = load();
  if (c)
    co_await t;
  else
    co_await t;
}
Task<> cases(int k) {
  LTask t = load();
  switch (k) {
  case 0:
    co_await t;
    break;
  default:
    co_await t;
  }
}

// The first await always leaves before the second.
Task<> leaves(bool c) {
  LTask t = load();
  if (c) {
    co_await t;
    co_return;
  }
  co_await t;
}

// Different variables; a fresh task each loop iteration.
Task<> distinct() {
  LTask a = load(), b = load();
  co_await a;
  co_await b;
  for (int i = 0; i < 3; ++i) {
    LTask c = load();
    co_await c;
  }
}

// Plain awaiters are not tasks.
Task<> awaiters() {
  std::suspend_always s;
  co_await s;
  co_await s;
}
