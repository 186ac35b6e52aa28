// lock-across-suspend: a mutex held by a lock guard across co_await/co_yield.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <mutex>
#include <shared_mutex>

std::mutex m;
std::shared_mutex sm;
Task<> io();

//===--- should trigger ---===//

Task<> guard() {
  std::lock_guard<std::mutex> g(m); // expected-note {{'g' locked here; release it before the suspension (end its scope, or unlock() a std::unique_lock)}}
  // expected-warning@+1 {{coroutine 'guard' suspends while holding 'g' ('std::lock_guard<std::mutex>'); the mutex stays locked while it is suspended and may be unlocked on another thread after it resumes [-Wcoroscope-lock-across-suspend]}}
  co_await io();
}

Task<> nested(bool c) {
  std::scoped_lock l(m); // expected-note {{'l' locked here}}
  if (c) {
    co_await io(); // expected-warning {{suspends while holding 'l'}}
  }
}

Task<> relocked() {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  u.unlock();
  u.lock();
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> shared() {
  std::shared_lock<std::shared_mutex> r(sm); // expected-note {{'r' locked here}}
  co_await Yield{}; // expected-warning {{suspends while holding 'r'}}
}

//===--- should NOT trigger ---===//

Task<> scoped() {
  {
    std::lock_guard<std::mutex> g(m);
  }
  co_await io();
}

Task<> unlocked() {
  std::unique_lock<std::mutex> u(m);
  u.unlock();
  co_await io();
}

Task<> deferred() {
  std::unique_lock<std::mutex> u(m, std::defer_lock);
  co_await io();
}

Task<> moved_away() {
  std::unique_lock<std::mutex> u(m);
  std::unique_lock<std::mutex> v = std::move(u);
  v.unlock();
  co_await io();
}

Task<> lock_after_await() {
  co_await io();
  std::lock_guard<std::mutex> g(m);
}

Task<> suppressed() {
  std::lock_guard<std::mutex> g(m);
  co_await io(); // NOLINT(coroscope-lock-across-suspend)
}
