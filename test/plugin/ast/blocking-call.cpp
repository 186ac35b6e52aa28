// blocking-call: a coroutine body calls a function that blocks the thread.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
// More blocking functions, by qualified name, with blocking=:
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-blocking=db::query,db::Conn::commit -fsyntax-only -Xclang -verify=expected,extra %s
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-disable=blocking-call -fsyntax-only %s 2>&1 | count 0
#include "Inputs/tasks.h"

#include <chrono>
#include <future>
#include <mutex>
#include <thread>

namespace db {
int query(const char *);
struct Conn {
  void commit();
};
} // namespace db

Task<> io();

//===--- should trigger ---===//

Task<> sleepy() {
  // expected-warning@+1 {{'std::this_thread::sleep_for' blocks the thread inside the coroutine 'sleepy'; every coroutine scheduled on this thread stalls with it (co_await an asynchronous equivalent, or move the call off the coroutine's thread) [-Wcoroscope-blocking-call]}}
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  co_await io();
  std::this_thread::sleep_until(std::chrono::steady_clock::now()); // expected-warning {{'std::this_thread::sleep_until' blocks the thread}}
}

Task<> futures(std::future<int> f, std::future<void> v, std::shared_future<int> s) {
  co_await io();
  f.wait();                                    // expected-warning {{'std::future::wait' blocks}}
  f.wait_for(std::chrono::seconds(1));         // expected-warning {{'std::future::wait_for' blocks}}
  int x = f.get();                             // expected-warning {{'std::future::get' blocks}}
  v.get();                                     // expected-warning {{'std::future::get' blocks}}
  x += s.get();                                // expected-warning {{'std::shared_future::get' blocks}}
  s.wait();                                    // expected-warning {{'std::shared_future::wait' blocks}}
  (void)x;
}

Task<> joins(std::thread &t, std::mutex &m) {
  t.join();  // expected-warning {{'std::thread::join' blocks the thread inside the coroutine 'joins'}}
  m.lock();  // expected-warning {{'std::mutex::lock' blocks}}
  m.unlock();
  co_return;
}

// A lambda coroutine is checked as a coroutine of its own, and named by the
// function it is written in (spawn() is no coroutine).
void spawn() {
  auto l = []() -> Task<> {
    std::this_thread::sleep_for(std::chrono::seconds(1)); // expected-warning {{'std::this_thread::sleep_for' blocks the thread inside the lambda coroutine in 'spawn'; every coroutine}}
    co_return;
  };
  (void)l;
}

template <class T> Task<> generic(std::future<T> f) {
  co_await io();
  f.get(); // expected-warning {{'std::future::get' blocks}}
}
template Task<> generic(std::future<int>);

// Listed with -fplugin-arg-coroscope-blocking= only.
Task<> configured(db::Conn &c) {
  db::query("select 1"); // extra-warning {{'db::query' blocks the thread inside the coroutine 'configured'}}
  c.commit();            // extra-warning {{'db::Conn::commit' blocks}}
  co_return;
}

Task<> suppressed() {
  std::this_thread::sleep_for(std::chrono::seconds(1)); // NOLINT(coroscope-blocking-call)
  co_return;
}

//===--- should NOT trigger ---===//

// A wait of zero duration polls and returns at once (found by a new user's
// try: `while (f.wait_for(0s) != ready) co_await yield;`).
Task<> polls(std::future<int> &f, std::shared_future<int> &s) {
  using namespace std::chrono_literals;
  while (f.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    co_await io();
  while (s.wait_for(0ms) != std::future_status::ready)
    co_await io();
  while (f.wait_for(std::chrono::milliseconds::zero()) != std::future_status::ready)
    co_await io();
  std::this_thread::sleep_for(std::chrono::nanoseconds(0));
  // Folded constants and the clock's epoch poll too (a new user's try).
  constexpr auto kPoll = 0ms;
  while (f.wait_for(kPoll) != std::future_status::ready)
    co_await io();
  while (f.wait_until(std::chrono::steady_clock::time_point{}) != std::future_status::ready)
    co_await io();
}

Task<> waits_until_later(std::future<int> &f) {
  constexpr auto kWait = std::chrono::milliseconds(5);
  f.wait_for(kWait); // expected-warning {{'std::future::wait_for' blocks}}
  f.wait_until(std::chrono::steady_clock::now() + kWait); // expected-warning {{'std::future::wait_until' blocks}}
  co_await io();
}

// Not a coroutine: blocking is the caller's business.
void plain(std::future<int> f, std::thread &t) {
  std::this_thread::sleep_for(std::chrono::seconds(1));
  f.get();
  t.join();
}

// A nested lambda or local class is another function, run who knows where.
Task<> nested(std::thread &t) {
  auto worker = [&] { t.join(); };
  struct Local {
    static void wait(std::future<int> &f) { f.wait(); }
  };
  co_await io();
  (void)worker;
}

// Locking through a guard, and functions that do not block.
Task<> non_blocking(std::mutex &m, std::future<int> &f) {
  {
    std::lock_guard<std::mutex> g(m);
  }
  bool ok = m.try_lock();
  if (ok)
    m.unlock();
  (void)f.valid();
  std::this_thread::yield();
  co_await io();
}
