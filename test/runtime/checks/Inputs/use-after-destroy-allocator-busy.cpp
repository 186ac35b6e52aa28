// EXPECT: use-after-destroy pump line 40
// Fault: a stale handle resumes a destroyed frame after the program allocated and freed
// other objects (other sizes: the dead frame's memory is not handed out again, only the
// allocator's free-list words in it change). The memory is still the dead frame's, so the
// resume is reported, however busy the allocator was meanwhile.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-allocator-busy.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

struct Pump {
  struct promise_type {
    long counters[8] = {};  // a frame of more than 48 bytes: the dead-frame cookie applies
    Pump get_return_object() { return Pump{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

// Not inlined: the frame stays on the heap at -O2 too (no HALO).
__attribute__((noinline)) Pump pump() {
  for (;;) co_await std::suspend_always{};
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Pump p = pump();
  std::coroutine_handle<> stale = p.h;
  p.h.resume();
  p.h.destroy();
  std::vector<std::string> noise;
  for (int i = 0; i < 16; ++i)
    noise.emplace_back(1000 + i, 'x');  // allocations of other sizes come and go
  noise.clear();
  stale.resume();  // FAULT: the frame was destroyed above
  std::puts("main: resumed a destroyed frame");
}
