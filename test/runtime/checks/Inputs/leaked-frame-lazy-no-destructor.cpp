// EXPECT: leaked-frame checksum line 48
// Fault: a lazy task type with no destructor; each awaited child finishes at its final
// suspend point and is never destroyed.
// Build: clang++-19 -std=c++20 -pthread -g leaked-frame-lazy-no-destructor.cpp
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

template <class T>
struct Lazy {
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
    Lazy get_return_object() { return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  // BUG: no destructor
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().continuation = c;
    return h;
  }
  T await_resume() noexcept { return h.promise().value; }
};

Lazy<int> checksum(int block) { co_return block * 31; }

Lazy<int> verify(int blocks) {
  int sum = 0;
  for (int i = 0; i < blocks; ++i) sum += co_await checksum(i);  // FAULT: frames never destroyed
  co_return sum;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Lazy<int> top = verify(8);
  top.h.resume();
  std::printf("main: %d\n", top.h.promise().value);
  top.h.destroy();
}
