// EXPECT: double-destroy tokenize line 29
// Fault: the task wrapper has an implicit copy constructor; passing it by value makes two
// owners, and both destructors destroy the frame.
// Build: clang++-19 -std=c++20 -pthread -g double-destroy-copyable-task.cpp
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

struct Tokens {
  struct promise_type {
    int count = 0;
    Tokens get_return_object() { return Tokens{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_value(int v) { count = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Tokens(std::coroutine_handle<promise_type> h) : h(h) {}
  // BUG: copyable (implicit copy constructor), but the destructor owns the frame.
  ~Tokens() {
    if (h) h.destroy();  // FAULT: runs for the copy and for the original
  }
};

Tokens tokenize(const char* s) {
  int n = 0;
  for (; *s; ++s) n += (*s == ' ');
  co_return n + 1;
}

int count_of(Tokens t) {  // by value: a copy
  t.h.resume();
  return t.h.promise().count;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Tokens t = tokenize("a b c");
  std::printf("main: %d tokens\n", count_of(t));
}
