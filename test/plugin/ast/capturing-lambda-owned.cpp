// capturing-lambda: warn only on evidence that the closure dies while a task
// made from it can still run. The shapes of structured-concurrency libraries
// (closures handed uncalled to combinators, nurseries and wrapper coroutines,
// lambdas written by macros, method chains on a task consumed in the
// full-expression) are not reported; the same shapes that visibly let the
// closure die first are.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <functional>
#include <vector>

void use(int);
void keep(std::function<Task<>()>);
void keepAll(std::vector<std::function<Task<>()>>);
void keepCallback(std::function<void(int)>);
Task<> runAll(std::vector<std::function<Task<>()>>);

// A lazy task with the members of async_simple-like tasks: via() makes a
// rescheduled task, start(callback) runs it detached.
struct Executor {};
struct Rescheduled;
struct Lazy {
  struct promise_type {
    Lazy get_return_object() { return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Lazy(std::coroutine_handle<promise_type> h) : h(h) {}
  Lazy(Lazy &&o) noexcept : h(std::exchange(o.h, {})) {}
  Rescheduled via(Executor *) &&;
  template <class F> void start(F f) && { keepCallback(std::move(f)); }
  Task<>::Awaiter operator co_await() &&;
};
struct Rescheduled {
  Lazy inner;
  template <class F> void start(F f) && { keepCallback(std::move(f)); }
  Task<>::Awaiter operator co_await() &&;
};
template <class T> void syncAwait(T &&);
struct Latch {
  void wait();
};

// Combinators that take closures uncalled and own them: handing them on to
// code not in this translation unit, or visibly keeping the closure in what
// they return.
template <class... F> Task<> anyOf(F &&...fs) {
  return runAll({std::forward<F>(fs)...});
}
template <class F> struct Combined {
  F f;
  Task<>::Awaiter operator co_await() && { return {{}}; }
};
template <class F> Combined<F> allOf(F &&f) { return Combined<F>{std::forward<F>(f)}; }
// A wrapper coroutine that owns the closure in its frame, or borrows it
// while its own task is awaited at once.
template <class F> Task<> withOwned(F f) { co_await f(); }
template <class F> Task<> withBorrowed(F &&f) { // expected-note {{parameter 'f' of 'withBorrowed' declared here}}
  co_await f(); // expected-note {{'f' is read here; 'withBorrowed' starts suspended}}
}
// A nursery: start() moves the closure into storage that lives as long as
// the task it starts.
struct Nursery {
  std::vector<std::function<Task<>()>> slots;
  template <class F> void start(F f) { slots.push_back(std::move(f)); }
};
// Macros that write lambdas (TRY { ... } FINALLY { ... };): the closures go
// into a builder that the enclosing coroutine awaits by co_yield (which,
// unlike co_await, binds looser than %).
struct YieldingTask {
  struct promise_type {
    YieldingTask get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    template <class A> std::suspend_always yield_value(A &&) noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};
struct TryFactory {};
template <class F> struct TryBuilder {
  F body;
  template <class G> TryBuilder operator%(G &&) && { return std::move(*this); }
  Task<>::Awaiter operator co_await() &&;
};
template <class F> TryBuilder<F> operator%(TryFactory, F &&f) { return {std::forward<F>(f)}; }
#define TRY_BLOCK co_yield TryFactory{} % [&]() -> Task<>
#define FINALLY_BLOCK % [&]() -> Task<>
// An object whose run() returns a closure for with()-like combinators.
struct Service {
  int state = 0;
  auto run() {
    return [this]() -> Task<> { co_await Yield{}; use(state); };
  }
};

//===--- should NOT trigger ---===//

Task<> combinators(int n) {
  co_await anyOf([&]() -> Task<> { co_await Yield{}; use(n); },
                 [n]() -> Task<> { co_await Yield{}; use(n); });
  co_await allOf([&]() -> Task<> { co_await Yield{}; use(n); });
  Service s;
  co_await anyOf(s.run());
}

Task<> wrappers(int n) {
  co_await withOwned([&]() -> Task<> { co_await Yield{}; use(n); });
  co_await withBorrowed([&]() -> Task<> { co_await Yield{}; use(n); });
  auto l = [&]() -> Task<> { co_await Yield{}; use(n); };
  co_await withBorrowed(l);
  Task<> t = withOwned(l);
  co_await std::move(t);
}

Task<> nursery(Nursery &ns, int n) {
  auto inc = [&]() -> Task<> { co_await Yield{}; use(n); };
  ns.start(inc);
  ns.start([n]() -> Task<> { co_await Yield{}; use(n); });
  co_return;
}

YieldingTask macros(int n) {
  TRY_BLOCK {
    co_await Yield{};
    use(n);
  } FINALLY_BLOCK {
    co_await Yield{};
    use(n);
  };
}

void chains(Executor &ex, int n) {
  auto l = [&]() -> Lazy { co_await Yield{}; use(n); };
  syncAwait(l());
  syncAwait(l().via(&ex));
  syncAwait([&]() -> Lazy { co_await Yield{}; use(n); }().via(&ex));
  // Started detached, then waited for while the closure lives.
  Latch done;
  l().via(&ex).start([&](auto &&) {});
  done.wait();
}

Task<> chains_awaited(Executor &ex, int n) {
  co_await [&]() -> Lazy { co_await Yield{}; use(n); }().via(&ex);
}

// The closure is never called where it could die: copied into a
// std::function that is then only handed on, or returned.
void handed_on(int n) {
  std::function<Task<>()> f = [n]() -> Task<> { co_await Yield{}; use(n); };
  keep(std::move(f));
}

// A task variable declared before the closure, awaited while it lives.
Task<> task_declared_before(int n) {
  Task<> t{std::coroutine_handle<Task<>::promise_type>{}};
  auto l = [n]() -> Task<> { co_await Yield{}; use(n); };
  t = l();
  co_await std::move(t);
}

//===--- should trigger ---===//

void started_detached_temporary(Executor &ex, int n) {
  Latch done;
  // expected-warning@+1 {{lambda coroutine in 'started_detached_temporary' uses its capture 'n'}}
  [&]() -> Lazy { co_await Yield{}; use(n); }().via(&ex).start([&](auto &&) {}); // expected-note {{the coroutine suspends here}} expected-note {{'n' is read here, after the suspension}}
  done.wait();
}

void started_detached_local(Executor &ex, int n) {
  // expected-warning@+1 {{lambda coroutine in 'started_detached_local' uses its capture 'n'}}
  auto l = [n]() -> Lazy { co_await Yield{}; use(n); }; // expected-note {{the coroutine suspends here}} expected-note {{'n' is read here, after the suspension}}
  l().via(&ex).start([](auto &&) {}); // nothing after this could wait for it
}

// A callee whose body visibly lets the closure die first: its by-value
// parameter dies when it returns, the task it made runs on.
void spawn(Task<>);
template <class F> void runDetached(F f) { spawn(f()); }
void through_callee(int n) {
  // expected-warning@+1 {{lambda coroutine in 'through_callee' uses its capture 'n'}}
  runDetached([n]() -> Task<> { co_await Yield{}; use(n); }); // expected-note {{the coroutine suspends here}} expected-note {{'n' is read here, after the suspension}}
}

// A borrowing wrapper coroutine whose task outlives the closure.
Task<> borrowed_returned(int n) {
  // The reference-parameter check sees the same fault from the callee's side.
  // expected-warning@+2 {{coroutine 'withBorrowed' gets a temporary for its reference parameter 'f'}}
  // expected-warning@+1 {{lambda coroutine in 'borrowed_returned' uses its capture 'n'}}
  return withBorrowed([n]() -> Task<> { co_await Yield{}; use(n); }); // expected-note {{the coroutine suspends here}} expected-note {{'n' is read here, after the suspension}}
}

// Macro-written lambdas are judged as any other: called at once, their task
// stored past the full-expression.
#define BODY [&]() -> Task<>
std::vector<Task<>> g_pending;
void macro_stored(int n) {
  // expected-warning@+1 {{lambda coroutine in 'macro_stored' uses its capture 'n'}}
  g_pending.push_back(BODY { co_await Yield{}; use(n); }()); // expected-note {{the coroutine suspends here}} expected-note {{'n' is read here, after the suspension}}
}
