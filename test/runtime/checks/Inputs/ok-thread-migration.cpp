// EXPECT: none
// Look-alike of concurrent-resume: one frame is resumed in turn by two threads, 20 times; each
// thread hands the handle over only after its resume() returned.
// Build: clang++-19 -std=c++20 -pthread -g ok-thread-migration.cpp
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

struct Job {
  struct promise_type {
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

int g_steps = 0;

Job pinball(int n) {
  for (int i = 0; i < n; ++i) {
    ++g_steps;
    co_await std::suspend_always{};
  }
}

std::atomic<int> g_turn{0};  // which thread may resume next; -1: finished

void player(int me, std::coroutine_handle<> h) {
  for (;;) {
    int t;
    while ((t = g_turn.load()) != me && t != -1) std::this_thread::yield();
    if (t == -1) return;
    h.resume();
    g_turn = h.done() ? -1 : 1 - me;
  }
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job j = pinball(20);
  std::thread a(player, 0, j.h), b(player, 1, j.h);
  a.join();
  b.join();
  std::printf("main: %d steps (expected 20)\n", g_steps);
  j.h.destroy();
}
