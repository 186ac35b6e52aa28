// EXPECT: leaked-frame lines_of line 47
// Fault: a helper takes the raw handle out of the generator wrapper (release()) to drive it
// by hand, stops after the first match, and nobody destroys the frame.
// Build: clang++-19 -std=c++20 -pthread -g leaked-frame-generator-released.cpp
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

struct Lines {
  struct promise_type {
    const char* current = nullptr;
    Lines get_return_object() { return Lines{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(const char* s) noexcept {
      current = s;
      return {};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Lines(Handle h) : h_(h) {}
  Lines(Lines&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Lines() {
    if (h_) h_.destroy();
  }
  Handle release() { return std::exchange(h_, {}); }

 private:
  Handle h_;
};

Lines lines_of(int n) {
  static const char* text[] = {"alpha", "beta", "gamma", "delta"};
  for (int i = 0; i < n; ++i) co_yield text[i % 4];
}

const char* first_with(char c) {
  auto h = lines_of(4).release();  // FAULT: ownership dropped; the frame is never destroyed
  for (h.resume(); !h.done(); h.resume())
    if (h.promise().current[0] == c) return h.promise().current;
  return nullptr;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  std::printf("main: %s\n", first_with('g'));
}
