// double-await: a single-consumption task awaited twice, or after a move.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// A type named in the config file is awaited once whatever its awaiter does.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-config=%S/Inputs/single-consumption.json -fsyntax-only -Xclang -verify=expected,config %s
// Switched off by name, the same file has no finding at all.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=double-await -fsyntax-only %s 2>&1 | count 0
#include "Inputs/tasks.h"

Task<> work();
LTask load();
SharedTask shared();

// Task types on the built-in single-consumption list. libcoro's and
// cppcoro's awaiters are ready once the task is done (await_ready() tests the
// handle's done(), here in a base as in libcoro), so a second lvalue co_await
// of a finished task reads the stored result again.
template <class P> struct ReadyWhenDoneBase {
  std::coroutine_handle<P> h;
  bool await_ready() const noexcept { return !h || h.done(); }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
};
template <class P, class T> struct ReadyWhenDone : ReadyWhenDoneBase<P> {
  T await_resume() noexcept { return T{}; }
};
struct Progress {
  bool done() const;
};
#define TASK_TYPE(ATTRIBUTES, NAME, AWAITER)                                                   \
  template <class T> struct ATTRIBUTES NAME {                                                  \
    struct promise_type {                                                                      \
      NAME get_return_object() { return NAME{std::coroutine_handle<promise_type>::from_promise(*this)}; } \
      std::suspend_always initial_suspend() noexcept { return {}; }                            \
      std::suspend_always final_suspend() noexcept { return {}; }                              \
      void return_value(T) {}                                                                  \
      void unhandled_exception() { std::terminate(); }                                         \
    };                                                                                         \
    using Awaiter = ReadyWhenDone<promise_type, T>;                                            \
    std::coroutine_handle<promise_type> h;                                                     \
    explicit NAME(std::coroutine_handle<promise_type> h) : h(h) {}                             \
    AWAITER                                                                                    \
  };
namespace coro {
TASK_TYPE(, task, Awaiter operator co_await() const & noexcept { return {{h}}; }
                  Awaiter operator co_await() const && noexcept { return {{h}}; })
}
namespace cppcoro {
TASK_TYPE(, task, Awaiter operator co_await() const & noexcept { return {{h}}; })
}
namespace folly::coro {
// Awaited as an rvalue only: that rule wins over the awaiter.
TASK_TYPE(, Task, Awaiter operator co_await() && noexcept { return {{h}}; })
}
// Look-alikes: the awaiter asks something else than the handle, or never asks.
namespace concurrencpp {
TASK_TYPE(, result, Progress progress;
          bool await_ready() const noexcept { return progress.done(); }
          std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
          T await_resume() noexcept { return T{}; })
}
namespace boost::cobalt {
TASK_TYPE(, task, bool await_ready() const noexcept { return false; }
          std::coroutine_handle<> await_suspend(std::coroutine_handle<>) noexcept { return h; }
          T await_resume() noexcept { return T{}; })
}
// Marked by the user: the annotation wins over the awaiter.
TASK_TYPE([[clang::annotate("coroscope::single_consumption")]], MarkedReady,
          Awaiter operator co_await() const & noexcept { return {{h}}; })

//===--- should trigger ---===//

// An rvalue-only task awaited twice through std::move.
Task<> twice_moved() {
  Task<> t = work();
  co_await std::move(t); // #first1
  // expected-note@#first1 {{first awaited here}}
  // expected-warning@+1 {{'t' (the task returned by 'work') is awaited a second time in 'twice_moved'; 'Task<>' can be awaited only once [-Wcoroscope-double-await]}}
  co_await std::move(t);
}

// `if (c) ... if (!c) ...` is exclusive only while c keeps its value.
Task<> complementary_but_changed(bool c) {
  Task<> t = work();
  if (c) {
    co_await std::move(t); // expected-note {{first awaited here}}
    c = false;
  }
  if (!c)
    co_await std::move(t); // expected-warning {{'t' (the task returned by 'work') is awaited a second time}}
}
Task<> same_polarity(bool c) {
  Task<> t = work();
  if (c)
    co_await std::move(t); // expected-note {{first awaited here}}
  if (!!c)
    co_await std::move(t); // expected-warning {{'t' (the task returned by 'work') is awaited a second time}}
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

// Built-in list: re-awaited as an rvalue (the result was moved out), or its
// awaiter does not test the handle's done().
coro::task<int> answer();
concurrencpp::result<int> progress_answer();
boost::cobalt::task<int> cobalt_answer();
coro::task<int> listed_rvalue_twice() {
  coro::task<int> a = answer();
  co_await std::move(a); // #first5
  // expected-note@#first5 {{first awaited here}}
  // expected-warning@+1 {{'a' (the task returned by 'answer') is awaited a second time in 'listed_rvalue_twice'; 'coro::task<int>' can be awaited only once}}
  co_await std::move(a);
  co_return 0;
}
coro::task<int> listed_not_ready_when_done() {
  concurrencpp::result<int> r = progress_answer();
  co_await r; // #first6
  // expected-note@#first6 {{first awaited here}}
  // expected-warning@+1 {{'r' (the task returned by 'progress_answer') is awaited a second time}}
  co_await r;
  boost::cobalt::task<int> c = cobalt_answer();
  co_await c; // #first7
  // expected-note@#first7 {{first awaited here}}
  // expected-warning@+1 {{'c' (the task returned by 'cobalt_answer') is awaited a second time}}
  co_await c;
  co_return 0;
}

// The rvalue-only operator co_await and the annotation win over the awaiter.
folly::coro::Task<int> folly_answer();
MarkedReady<int> marked_answer();
coro::task<int> ready_but_single() {
  folly::coro::Task<int> f = folly_answer();
  co_await std::move(f); // #first8
  // expected-note@#first8 {{first awaited here}}
  // expected-warning@+1 {{'f' (the task returned by 'folly_answer') is awaited a second time}}
  co_await std::move(f);
  MarkedReady<int> m = marked_answer();
  co_await m; // #first9
  // expected-note@#first9 {{first awaited here}}
  // expected-warning@+1 {{'m' (the task returned by 'marked_answer') is awaited a second time}}
  co_await m;
  co_return 0;
}

//===--- should NOT trigger ---===//

// libcoro's and cppcoro's tasks, awaited again as lvalues once done (libcoro's
// test_sync_wait.cpp does this). Named in the config file, cppcoro::task is
// awaited once again.
cppcoro::task<int> cppcoro_answer();
coro::task<int> listed_lvalue_twice() {
  coro::task<int> a = answer();
  int v = co_await a;
  v += co_await a;
  cppcoro::task<int> c = cppcoro_answer();
  v += co_await c; // #first10
  // config-note@#first10 {{first awaited here}}
  v += co_await c; // config-warning {{'c' (the task returned by 'cppcoro_answer') is awaited a second time}}
  co_return v;
}

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

// Two ifs with complementary conditions on an unchanged local (a new
// user's reproducer): one path awaits it once.
Task<> complementary(bool fast, int n) {
  Task<> t = work();
  if (fast)
    co_await std::move(t);
  if (!fast)
    co_await std::move(t);
  Task<> u = work();
  if (!(n > 3))
    co_await std::move(u);
  if (n > 3)
    co_await std::move(u);
}

// await_ready() is `return false;`, but await_suspend asks done() and runs
// the task only once (a new user's reproducer): a second await is fine.
struct RTask {
  struct promise_type {
    RTask get_return_object() { return RTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit RTask(std::coroutine_handle<promise_type> h) : h(h) {}
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    bool await_suspend(std::coroutine_handle<>) {
      if (!h.done())
        h.resume();
      return false;
    }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
};
RTask compute();
Task<> asks_done() {
  RTask t = compute();
  co_await t;
  co_await t;
}

// A reusable group, re-armed by non-const methods between two awaits
// (TooManyCooks' spawn_group: `sg.reset(); sg.add(...)`): not a double await.
struct Group {
  void add(Task<> t);
  void reset();
  bool empty() const;
  struct Awaiter {
    bool await_ready() noexcept { return false; }
    void await_suspend(std::coroutine_handle<>) noexcept {}
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() && noexcept;
};
Group make_group();
Task<> reused_group() {
  Group g = make_group();
  g.add(work());
  co_await std::move(g);
  g.reset();
  g.add(work());
  co_await std::move(g);
}
Task<> group_read_only() {
  Group g = make_group();
  co_await std::move(g); // expected-note {{first awaited here}}
  if (!g.empty()) // a const method re-arms nothing
    co_return;
  co_await std::move(g); // expected-warning {{'g' (the task returned by 'make_group') is awaited a second time}}
}
