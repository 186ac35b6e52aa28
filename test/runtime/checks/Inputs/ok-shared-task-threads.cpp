// EXPECT: none
// Look-alike of double-await and concurrent-resume: a shared task awaited by two consumers
// from main, completed on a worker thread that is started only after both registered; its
// final awaiter resumes both consumers there. A third consumer awaits after the join.
// Build: clang++-19 -std=c++20 -pthread -g ok-shared-task-threads.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
// An eager fire-and-forget coroutine: owns its frame, which frees itself when the body ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

std::coroutine_handle<> g_blocked;  // the shared task, parked until the worker runs it

struct ParkForWorker {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_blocked = h; }
  void await_resume() noexcept {}
};

struct SharedTask {
  struct promise_type {
    int value = 0;
    bool started = false;
    std::vector<std::coroutine_handle<>> awaiters;
    SharedTask get_return_object() { return SharedTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        for (auto a : std::exchange(h.promise().awaiters, {})) a.resume();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit SharedTask(Handle h) : h(h) {}
  SharedTask(SharedTask&&) = delete;
  ~SharedTask() { h.destroy(); }
  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return h.done(); }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) {
      h.promise().awaiters.push_back(c);
      if (!h.promise().started) {
        h.promise().started = true;
        return h;
      }
      return std::noop_coroutine();
    }
    int await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h}; }
};

SharedTask fetch_token() {
  co_await ParkForWorker{};
  co_return 11;
}

std::atomic<int> g_sum{0};

Detached consumer(SharedTask& token) {
  g_sum += co_await token;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  SharedTask token = fetch_token();
  consumer(token);  // starts it: it parks for the worker
  consumer(token);  // second awaiter
  std::thread worker([] { g_blocked.resume(); });
  worker.join();
  consumer(token);  // after completion: ready path
  std::printf("main: sum=%d (expected 33)\n", g_sum.load());
}
