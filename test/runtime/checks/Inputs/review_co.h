// Task, generator and sync_wait types of the second review's reproducers
// (kept as they were written, so each regression test is the failing input).
#pragma once
#include <atomic>
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>
#include <variant>

template <class T = void> struct task;
namespace detail {
struct promise_base {
  std::coroutine_handle<> cont;
  std::exception_ptr ex;
  std::suspend_always initial_suspend() noexcept { return {}; }
  struct final_awaiter {
    bool await_ready() noexcept { return false; }
    template <class P> std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept {
      auto c = h.promise().cont;
      return c ? c : std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  final_awaiter final_suspend() noexcept { return {}; }
  void unhandled_exception() { ex = std::current_exception(); }
};
}
template <class T> struct task {
  struct promise_type : detail::promise_base {
    std::optional<T> v;
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    void return_value(T x) { v = std::move(x); }
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) noexcept : h(std::exchange(o.h, {})) {}
  task &operator=(task &&o) noexcept { if (this != &o) { if (h) h.destroy(); h = std::exchange(o.h, {}); } return *this; }
  ~task() { if (h) h.destroy(); }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().cont = c; return h; }
  T await_resume() { if (h.promise().ex) std::rethrow_exception(h.promise().ex); return std::move(*h.promise().v); }
};
template <> struct task<void> {
  struct promise_type : detail::promise_base {
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    void return_void() {}
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) noexcept : h(std::exchange(o.h, {})) {}
  task &operator=(task &&o) noexcept { if (this != &o) { if (h) h.destroy(); h = std::exchange(o.h, {}); } return *this; }
  ~task() { if (h) h.destroy(); }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept { h.promise().cont = c; return h; }
  void await_resume() { if (h.promise().ex) std::rethrow_exception(h.promise().ex); }
};

// fire-and-forget
struct detached {
  struct promise_type {
    detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

struct thread_pool {
  std::mutex m; std::condition_variable cv; std::deque<std::coroutine_handle<>> q; bool stop = false;
  std::vector<std::thread> ts;
  explicit thread_pool(int n) { for (int i = 0; i < n; ++i) ts.emplace_back([this] { run(); }); }
  void run() {
    for (;;) {
      std::coroutine_handle<> h;
      { std::unique_lock l(m); cv.wait(l, [&] { return stop || !q.empty(); }); if (q.empty()) return; h = q.front(); q.pop_front(); }
      h.resume();
    }
  }
  void post(std::coroutine_handle<> h) { { std::lock_guard l(m); q.push_back(h); } cv.notify_one(); }
  ~thread_pool() { { std::lock_guard l(m); stop = true; } cv.notify_all(); for (auto &t : ts) t.join(); }
  struct sched { thread_pool *p; bool await_ready() noexcept { return false; } void await_suspend(std::coroutine_handle<> h) { p->post(h); } void await_resume() noexcept {} };
  sched schedule() { return {this}; }
};

// sync_wait via a detached-ish driver
struct latch_ev { std::mutex m; std::condition_variable cv; bool set = false;
  void signal() { std::lock_guard l(m); set = true; cv.notify_all(); }
  void wait() { std::unique_lock l(m); cv.wait(l, [&] { return set; }); } };

struct sync_driver {
  struct promise_type {
    latch_ev *ev;
    sync_driver get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct fin { bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept { h.promise().ev->signal(); }
      void await_resume() noexcept {} };
    fin final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  ~sync_driver() { if (h) h.destroy(); }
};
template <class T> sync_driver make_sync_driver(task<T> &t, std::optional<T> &out) { out = co_await t; }
inline sync_driver make_sync_driver_v(task<void> &t) { co_await t; }
template <class T> T sync_wait(task<T> t) {
  std::optional<T> out; latch_ev ev; auto d = make_sync_driver(t, out); d.h.promise().ev = &ev; d.h.resume(); ev.wait(); return std::move(*out);
}
inline void sync_wait(task<void> t) {
  latch_ev ev; auto d = make_sync_driver_v(t); d.h.promise().ev = &ev; d.h.resume(); ev.wait();
}

template <class T> struct generator {
  struct promise_type {
    const T *cur;
    generator get_return_object() { return generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(const T &v) noexcept { cur = &v; return {}; }
    void return_void() {}
    void unhandled_exception() { throw; }
  };
  std::coroutine_handle<promise_type> h;
  explicit generator(std::coroutine_handle<promise_type> h) : h(h) {}
  generator(generator &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~generator() { if (h) h.destroy(); }
  bool next() { h.resume(); return !h.done(); }
  const T &value() const { return *h.promise().cur; }
};
