// EXPECT: none
// The ordinary hand-off: await_suspend gives the handle to another thread as its last act on
// the awaiter, and that thread resumes (or destroys) the frame and finishes with it while
// await_suspend is still returning. Forced: each await_suspend waits, after the hand-off,
// until the other thread is done with the frame; it touches only globals and locals then.
// Shapes: void, bool and handle-returning await_suspend; a destroy instead of a resume;
// an lvalue awaiter outside the frame that touches itself after the hand-off. Each one
// asserts that the other thread finished before await_suspend returned.
// Build: clang++-19 -std=c++20 -pthread -g ok-handoff-no-touch.cpp
#include <atomic>
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <thread>

// An eager fire-and-forget coroutine: its frame frees itself when the body ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

// A lazy task whose owner destroys it.
struct Lazy {
  struct promise_type {
    Lazy get_return_object() { return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

std::thread g_other;
std::atomic<bool> g_other_done{false};
int g_interleaved = 0;

void handOff(std::coroutine_handle<> h, bool destroy) {
  g_other_done = false;
  g_other = std::thread([h, destroy] {
    if (destroy)
      h.destroy();
    else
      h.resume();  // runs the body to its end: the frame frees itself
    g_other_done = true;
  });
}

// After the hand-off: wait until the other thread is done with the frame, touching no awaiter.
void waitForOther() {
  while (!g_other_done.load()) std::this_thread::yield();
  ++g_interleaved;
}

struct VoidAwaiter {
  int id = 1;  // read before the hand-off only
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    std::printf("void awaiter %d\n", id);
    handOff(h, false);
    waitForOther();
  }
  void await_resume() noexcept {}
};

struct BoolAwaiter {
  std::coroutine_handle<> saved;
  bool await_ready() noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) {
    saved = h;          // touches before the hand-off are fine
    handOff(saved, false);
    waitForOther();
    return true;
  }
  void await_resume() noexcept {}
};

struct HandleAwaiter {
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
    handOff(h, false);
    waitForOther();
    return std::noop_coroutine();
  }
  void await_resume() noexcept {}
};

struct CancelAwaiter {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    handOff(h, true);  // the other thread destroys the frame
    waitForOther();
  }
  void await_resume() noexcept {}
};

// An awaiter object outside any frame, awaited as an lvalue: touching it after the hand-off
// touches no frame.
struct Gate {
  int handed = 0;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    handOff(h, false);
    waitForOther();
    ++handed;  // *this is the global gate, not the frame
  }
  void await_resume() noexcept {}
} g_gate;

Detached viaVoid() { co_await VoidAwaiter{}; }
Detached viaBool() { co_await BoolAwaiter{}; }
Detached viaHandle() { co_await HandleAwaiter{}; }
Detached viaGate() { co_await g_gate; }
Lazy cancelled() {
  co_await CancelAwaiter{};
  std::puts("not reached");
}

void join() {
  g_other.join();
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  viaVoid();
  join();
  viaBool();
  join();
  viaHandle();
  join();
  viaGate();
  join();
  Lazy l = cancelled();
  l.h.resume();
  join();
  std::printf("interleaved %d of 5, gate %d\n", g_interleaved, g_gate.handed);
  if (g_interleaved != 5 || g_gate.handed != 1)
    std::abort();
}
