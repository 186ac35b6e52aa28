// discarded-task: a lazy task created and dropped, so its body never runs.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// -Werror=coroscope-discarded-task and -fplugin-arg-coroscope-werror make the
// findings errors (a bare -Werror does not: driver/werror-build.cpp); -w hides them.
// RUN: not %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Wno-unknown-warning-option -Werror=coroscope-discarded-task %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-werror -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -w %s 2>&1 | count 0
// In a coroutine, a note offers `co_await` as a fix-it; elsewhere there is none.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s --check-prefix=FIXIT --implicit-check-not=fix-it:
// FIXIT: fix-it:"{{.*}}discarded-task.cpp":{[[#@LINE+26]]:5-[[#@LINE+26]]:5}:"co_await "
// ERR: error: the lazy task returned by 'flush' is discarded{{.*}}[-Werror,-Wcoroscope-discarded-task]
#include "Inputs/tasks.h"
#include <deque>
#include <tuple>
#include <functional>
#include <vector>

Task<> flush(); // #flush
CustomLazy custom();
Detached eager();
NodiscardTask nodiscard();
struct Service {
  Task<> stop();
};

//===--- should trigger ---===//

// expected-note@Inputs/tasks.h:* 6 {{'Task<>' starts suspended: its promise's initial_suspend() returns 'std::suspend_always'}}
void plain() {
  // expected-warning@+1 {{the lazy task returned by 'flush' is discarded; it is destroyed before it starts, so the body of 'flush' never runs (co_await it, or start it) [-Wcoroscope-discarded-task]}}
  flush();
}

Task<> in_coroutine(Service &s, bool c) {
  if (c)
    s.stop(); // expected-warning {{the lazy task returned by 'stop' is discarded}} expected-note {{co_await it to run it as part of 'in_coroutine'}}
  co_return;
}

void void_cast() {
  (void)flush(); // expected-warning {{the lazy task returned by 'flush' is cast to void}}
}

// A hand-written initial awaiter whose await_ready() is `return false;`.
// CustomLazy keeps no handle: nothing can ever start or free the frame.
// expected-note@Inputs/tasks.h:* {{'CustomLazy' starts suspended: its promise's initial_suspend() returns 'Start'}}
void custom_lazy() {
  custom(); // expected-warning {{the lazy task returned by 'custom' is discarded; its type keeps no coroutine handle and its promise hands the handle to no one, so the body of 'custom' never runs and its frame leaks}}
}

// The handle goes through a local on its way into the task: still the
// task's alone.
template <class T> struct ViaLocal {
  struct promise_type {
    ViaLocal get_return_object() {
      auto h = std::coroutine_handle<promise_type>::from_promise(*this);
      std::coroutine_handle<promise_type> copy;
      copy = h;
      return ViaLocal{copy};
    }
    std::suspend_always initial_suspend() noexcept { return {}; } // #vialocal
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
ViaLocal<int> via_local();
void discarded_via_local() {
  via_local(); // expected-warning {{the lazy task returned by 'via_local' is discarded; it is destroyed before it starts}}
  // expected-note@#vialocal {{'ViaLocal<int>' starts suspended}}
}

// Dropped through std::ignore or a ?: statement (a new user's try).
void ignored(bool fast) {
  std::ignore = flush(); // expected-warning {{the lazy task returned by 'flush' is assigned to std::ignore}}
  fast ? flush() : flush(); // expected-warning 2 {{the lazy task returned by 'flush' is discarded}}
}

void suppressed() {
  flush(); // NOLINT(coroscope-discarded-task)
  // NOLINTNEXTLINE(coroscope-*)
  flush();
}

//===--- should NOT trigger ---===//

Task<> awaited() {
  co_await flush();
  Task<> kept = flush();
  co_await std::move(kept);
}

void eager_task() { eager(); } // eager: runs inside the call

// Scheduled starts: the promise or the initial awaiter hands the handle to a
// run queue, so the frame runs although the returned object is dropped.
std::deque<std::coroutine_handle<>> run_queue;
struct Queued { // get_return_object() pushes its own handle
  struct promise_type {
    Queued get_return_object() {
      run_queue.push_back(std::coroutine_handle<promise_type>::from_promise(*this));
      return {};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
template <class T> struct Spawned { // the same in a template: read as written
  struct promise_type {
    Spawned get_return_object() {
      auto h = std::coroutine_handle<promise_type>::from_promise(*this);
      run_queue.emplace_back(h);
      return Spawned{h};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
struct Registered; // the promise registers itself when it is built
std::vector<void *> registry;
struct Registered {
  struct promise_type {
    promise_type() { registry.push_back(this); }
    Registered get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
std::coroutine_handle<> pending;
struct Stored { // stored in a global
  struct promise_type {
    Stored get_return_object() {
      pending = std::coroutine_handle<promise_type>::from_promise(*this);
      return {};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
std::vector<std::function<void()>> jobs;
struct Posted { // a closure holding the handle is posted
  struct promise_type {
    Posted get_return_object() {
      auto h = std::coroutine_handle<promise_type>::from_promise(*this);
      jobs.push_back([h] { h.resume(); });
      return {};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
struct ScheduleOnStart { // never ready, but await_suspend posts the handle
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { run_queue.push_back(h); }
  void await_resume() noexcept {}
};
struct Scheduled {
  struct promise_type {
    Scheduled get_return_object() { return {}; }
    ScheduleOnStart initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
Queued queued();
Spawned<int> spawned();
Registered registered();
Stored stored();
Posted posted();
Scheduled scheduled();
void scheduled_starts() {
  queued();
  spawned();
  registered();
  stored();
  posted();
  scheduled();
  (void)queued();
}

// A generator is iterated, not awaited: no co_await note.
struct Gen {
  struct promise_type {
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; } // #gen
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int) noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};
Gen numbers();
Task<> drops_generator() {
  numbers(); // expected-warning {{the lazy task returned by 'numbers' is discarded; it is destroyed before it starts, so the body of 'numbers' never runs (iterate it)}}
  // expected-note@#gen {{'Gen' starts suspended}}
  co_return;
}

void covered_by_clang() {
  // Clang 22 names the type that carries the attribute, 19 the function.
  nodiscard(); // expected-warning-re {{ignoring return value of {{(function|type 'NodiscardTask')}} declared with 'nodiscard' attribute}}
}
