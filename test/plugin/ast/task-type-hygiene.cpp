// task-type-hygiene: a lazy task type that is not [[nodiscard]]. Opt-in.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=task-type-hygiene -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -Xclang -plugin-arg-coroscope -Xclang enable=coroscope-task-type-hygiene -fsyntax-only -Xclang -verify %s
// Off by default, and disable= wins over enable=.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only %s 2>&1 | count 0
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=task-type-hygiene -fplugin-arg-coroscope-disable=task-type-hygiene -fsyntax-only %s 2>&1 | count 0
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=bogus -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: coroscope: unknown check 'bogus' in 'enable=bogus'
#include <coroutine>
#include <exception>

#define PROMISE(Self, Init)                                                                        \
  struct promise_type {                                                                            \
    Self get_return_object() { return {}; }                                                        \
    Init initial_suspend() noexcept { return {}; }                                                 \
    std::suspend_always final_suspend() noexcept { return {}; }                                    \
    void return_void() {}                                                                          \
    void unhandled_exception() { std::terminate(); }                                               \
  }

//===--- should trigger ---===//

// expected-warning@+1 {{coroutines return 'Lazy' as a lazy task, but it is not [[nodiscard]]: the compiler cannot warn when a call's task is discarded and never runs (mark it [[nodiscard]]; [[clang::coro_return_type]] and [[clang::coro_lifetimebound]] also let Clang catch dangling arguments) [-Wcoroscope-task-type-hygiene]}}
struct Lazy {
  PROMISE(Lazy, std::suspend_always);
};
Lazy first() { co_return; } // expected-note {{'first' returns 'Lazy', a lazy task, here}}
Lazy second() { co_return; } // once per class: no second finding

// A class template is one class, whatever its arguments.
template <class T> struct TTask { // expected-warning {{coroutines return 'TTask' as a lazy task, but it is not [[nodiscard]]}}
  PROMISE(TTask, std::suspend_always);
};
TTask<int> ti() { co_return; } // expected-note {{'ti' returns 'TTask<int>', a lazy task, here}}
TTask<char> tc() { co_return; }

// A hand-written initial awaiter whose await_ready() is `return false;`.
struct Start {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};
struct Custom { // expected-warning {{coroutines return 'Custom' as a lazy task}}
  PROMISE(Custom, Start);
};
void user() {
  auto l = []() -> Custom { co_return; }; // expected-note {{'user' returns 'Custom', a lazy task, here}}
  (void)l;
}

//===--- should NOT trigger ---===//

// [[nodiscard]] on the class or on the template.
struct [[nodiscard]] Marked {
  PROMISE(Marked, std::suspend_always);
};
Marked marked() { co_return; }
template <class T> struct [[nodiscard]] MarkedT {
  PROMISE(MarkedT, std::suspend_always);
};
MarkedT<int> marked_t() { co_return; }

// Eager: the body runs inside the call, dropping the object loses nothing.
struct Eager {
  PROMISE(Eager, std::suspend_never);
};
Eager eager() { co_return; }

// Generators are exempt: a generator nobody iterates does no harm.
struct Gen {
  struct promise_type {
    Gen get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int) noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};
Gen numbers() { co_yield 1; }

// A lazy type that no coroutine returns in this translation unit.
struct Unused {
  PROMISE(Unused, std::suspend_always);
};
Unused make_unused();
