// EXPECT: none
// Look-alike of nested-resume: the same unbuffered channel as the ping-pong fault, but send and
// receive hand over by symmetric transfer (await_suspend returns the peer), so 20000 items
// alternate at constant stack depth.
// Build: clang++-19 -std=c++20 -pthread -g ok-symmetric-ping-pong.cpp
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

struct Channel {
  std::coroutine_handle<> sender, receiver;
  int slot = 0;

  struct Send {
    Channel& ch;
    int v;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
      ch.slot = v;
      ch.sender = h;
      if (auto r = std::exchange(ch.receiver, {})) return r;
      return std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  struct Recv {
    Channel& ch;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
      ch.receiver = h;
      if (auto s = std::exchange(ch.sender, {})) return s;
      return std::noop_coroutine();
    }
    int await_resume() noexcept { return ch.slot; }
  };
  Send send(int v) { return {*this, v}; }
  Recv recv() { return {*this}; }
};

long g_sum = 0;

Detached producer(Channel& ch, int n) {
  for (int i = 1; i <= n; ++i) co_await ch.send(i);
}

Detached consumer(Channel& ch, int n) {
  for (int i = 1; i <= n; ++i) g_sum += co_await ch.recv();
  if (auto s = std::exchange(ch.sender, {})) s.resume();  // let the producer finish
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Channel ch;
  consumer(ch, 20000);
  producer(ch, 20000);
  std::printf("main: sum=%ld (expected 200010000)\n", g_sum);
}
