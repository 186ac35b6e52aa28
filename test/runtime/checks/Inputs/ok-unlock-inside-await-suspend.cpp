// EXPECT: none
// Look-alike of double-await: a condition variable's wait releases an async
// mutex inside its await_suspend, and unlock() hands the lock to the next
// waiter by resuming it right there (libcoro's coro::mutex and
// condition_variable do this). The waiter resumed is a lazy task parked at
// its lock, awaited by its own parent: it is resumed because the lock it
// waits for was handed over, not awaited by the coroutine whose
// await_suspend happens to run the unlock().
// Build: clang++-19 -std=c++20 -pthread -g ok-unlock-inside-await-suspend.cpp
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <utility>

// A lazy task: starts when awaited, resumes its awaiter by symmetric transfer.
struct Task {
  struct promise_type {
    std::coroutine_handle<> continuation = std::noop_coroutine();
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() {
    if (h) h.destroy();
  }
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    void await_resume() noexcept {}
  };
  Awaiter operator co_await() && noexcept { return {h}; }
  Handle h;
};

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

struct AsyncMutex {
  bool locked = false;
  std::deque<std::coroutine_handle<>> waiters;
  struct Lock {
    AsyncMutex &m;
    bool await_ready() noexcept {
      if (m.locked) return false;
      m.locked = true;
      return true;
    }
    void await_suspend(std::coroutine_handle<> h) { m.waiters.push_back(h); }
    void await_resume() noexcept {}
  };
  Lock lock() { return {*this}; }
  // The next waiter owns the lock now and runs at once, inside the caller.
  void unlock() {
    if (waiters.empty()) {
      locked = false;
      return;
    }
    auto next = waiters.front();
    waiters.pop_front();
    next.resume();
  }
};

struct CondVar {
  std::deque<std::coroutine_handle<>> waiters;
  struct Wait {
    CondVar &cv;
    AsyncMutex &m;
    bool await_ready() noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) {
      cv.waiters.push_back(h);
      m.unlock();  // may run the next lock owner right here
    }
    void await_resume() noexcept {}
  };
  Wait wait(AsyncMutex &m) { return {*this, m}; }
  void notify_all() {
    auto ws = std::move(waiters);
    for (auto h : ws) h.resume();
  }
};

AsyncMutex g_mutex;
CondVar g_cv;

Task worker(int id) {
  co_await g_mutex.lock();
  std::printf("worker %d: locked\n", id);
  co_await Reschedule{};  // hold the lock across a suspension
  co_await g_cv.wait(g_mutex);
  std::printf("worker %d: notified\n", id);
}

Task parent(int id) {
  co_await worker(id);
  std::printf("parent %d: done\n", id);
}

int main() {
  Task p1 = parent(1), p2 = parent(2);
  p1.h.resume();  // worker 1 takes the lock and parks on the run queue
  p2.h.resume();  // worker 2 parks at the lock
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();  // worker 1 waits on the condition: unlock() runs worker 2
  }
  g_cv.notify_all();
  std::printf("main: %d %d\n", p1.h.done(), p2.h.done());
}
