// EXPECT: concurrent-resume fetch line 52,32
// Warning: await_suspend registers the handle with a canceller thread, which destroys the
// frame while await_suspend still runs (it waits for the cancel to finish), and then reads
// its awaiter, which lived in the destroyed frame: a use after free. The promise keeps freed
// frames' memory so that the read itself stays harmless here.
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-destroy-during-await-suspend.cpp
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

std::atomic<bool> g_cancelled{false};
std::thread g_canceller;

int g_polls = 0;

struct CancellableWait {
  int polls = 0;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    g_canceller = std::thread([h] {
      h.destroy();
      g_cancelled = true;
    });
    while (!g_cancelled.load()) std::this_thread::yield();  // destroyed meanwhile
    g_polls = polls;  // FAULT: reads the awaiter in the freed frame
  }
  void await_resume() noexcept {}
};

struct Fetch {
  struct promise_type {
    Fetch get_return_object() { return Fetch{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
    // Freed frames' memory is kept (never reused): the faulty read above stays harmless.
    static void *operator new(std::size_t n) { return ::operator new(n); }
    static void operator delete(void *, std::size_t) noexcept {}
  };
  std::coroutine_handle<promise_type> h;
};

Fetch fetch() {
  co_await CancellableWait{};
  std::puts("fetch: not reached");
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Fetch f = fetch();
  f.h.resume();
  g_canceller.join();
  std::printf("main: cancelled=%d\n", g_cancelled.load());
}
