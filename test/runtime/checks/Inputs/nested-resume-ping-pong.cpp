// EXPECT: nested-resume producer line 57,61
// Fault: an unbuffered channel whose send and receive hand over by calling resume() on the
// peer from inside await_suspend; producer and consumer alternate forever deeper on the stack.
// Build: clang++-19 -std=c++20 -pthread -g nested-resume-ping-pong.cpp
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
    void await_suspend(std::coroutine_handle<> h) {
      ch.slot = v;
      ch.sender = h;
      if (auto r = std::exchange(ch.receiver, {})) r.resume();  // nested hand-over
    }
    void await_resume() noexcept {}
  };
  struct Recv {
    Channel& ch;
    bool await_ready() noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) {
      ch.receiver = h;
      if (auto s = std::exchange(ch.sender, {})) s.resume();  // nested hand-over
    }
    int await_resume() noexcept { return ch.slot; }
  };
  Send send(int v) { return {*this, v}; }
  Recv recv() { return {*this}; }
};

long g_sum = 0;

Detached producer(Channel& ch, int n) {
  for (int i = 1; i <= n; ++i) co_await ch.send(i);  // FAULT: nests one resume per item
}

Detached consumer(Channel& ch, int n) {
  for (int i = 1; i <= n; ++i) g_sum += co_await ch.recv();
  if (auto s = std::exchange(ch.sender, {})) s.resume();  // let the producer finish
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Channel ch;
  consumer(ch, 2000);
  producer(ch, 2000);
  std::printf("main: sum=%ld\n", g_sum);
}
