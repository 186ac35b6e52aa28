// EXPECT: use-after-destroy request_handler line 64,83
// Fault: a request handler awaits a long-lived shared operation (owned by the server, not by
// the handler); the handler is cancelled (destroyed) while it waits, but the operation keeps
// the handler as its continuation and transfers into the destroyed frame when it completes.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-cancelled-parent.cpp
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

std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};

struct Op {  // lazy; returns to its continuation by symmetric transfer
  struct promise_type {
    std::coroutine_handle<> continuation = std::noop_coroutine();
    Op get_return_object() { return Op{std::coroutine_handle<promise_type>::from_promise(*this)}; }
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
  std::coroutine_handle<promise_type> h;
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().continuation = c;
    return h;
  }
  void await_resume() noexcept {}
};

Op refresh_index() {
  co_await Reschedule{};  // real work happens later
  std::puts("refresh_index: done");
}

struct Handler {  // lazy, owning
  struct promise_type {
    Handler get_return_object() { return Handler{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  ~Handler() {
    if (h) h.destroy();  // cancellation: the handler is suspended in co_await
  }
};

Handler request_handler(Op& index) {
  co_await index;
  std::puts("request_handler: index ready");
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Op index = refresh_index();  // owned by the "server" for the whole run
  {
    Handler r = request_handler(index);
    r.h.resume();  // starts the index refresh, which queues itself
  }  // client disconnected: the handler is cancelled
  while (!g_ready.empty()) {  // FAULT: index completes and transfers into the cancelled handler
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
  index.h.destroy();
}
