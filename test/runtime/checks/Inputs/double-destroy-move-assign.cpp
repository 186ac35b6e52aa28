// EXPECT: double-destroy render_frame line 34
// Fault: a hand-written move assignment copies the handle but does not empty the source, so
// the source and the target both destroy the frame.
// Build: clang++-19 -std=c++20 -pthread -g double-destroy-move-assign.cpp
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

struct FrameJob {
  struct promise_type {
    FrameJob get_return_object() { return FrameJob{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  FrameJob() = default;
  explicit FrameJob(std::coroutine_handle<promise_type> h) : h(h) {}
  FrameJob(FrameJob&& o) noexcept : h(std::exchange(o.h, {})) {}
  FrameJob& operator=(FrameJob&& o) noexcept {
    if (h) h.destroy();
    h = o.h;  // BUG: o keeps the handle too
    return *this;
  }
  ~FrameJob() {
    if (h) h.destroy();  // FAULT: the second owner destroys the frame again
  }
};

FrameJob render_frame(int n) {
  std::printf("render_frame(%d)\n", n);
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  FrameJob current;
  {
    FrameJob next = render_frame(1);
    current = std::move(next);
    current.h.resume();
  }  // ~next destroys the frame
  std::puts("main: leaving");
}  // ~current destroys it again
