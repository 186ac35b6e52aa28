// EXPECT: use-after-destroy download line 47,44
// Fault across threads: a watchdog thread cancels (destroys) a stuck download; after the join,
// the I/O completion path on main resumes the handle it had stored.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-threads.cpp
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

std::coroutine_handle<> g_io_waiter;

struct ReadSocket {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_io_waiter = h; }
  int await_resume() noexcept { return 512; }
};

struct Download {
  struct promise_type {
    Download get_return_object() { return Download{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

Download download() {
  int n = co_await ReadSocket{};
  std::printf("download: %d bytes\n", n);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Download d = download();  // suspends in ReadSocket
  std::thread watchdog([h = d.h] {
    h.destroy();  // cancel the stuck download
  });
  watchdog.join();
  g_io_waiter.resume();  // FAULT: the I/O completion resumes the cancelled frame
}
