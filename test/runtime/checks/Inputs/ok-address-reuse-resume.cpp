// EXPECT: none
// Look-alike of use-after-destroy / double-destroy with address reuse: detached coroutines
// take their frames from one static slot. The first one finishes and frees itself; the next
// one gets the same address and is resumed from the run queue, then frees itself too.
// Build: clang++-19 -std=c++20 -pthread -g ok-address-reuse-resume.cpp
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
// One static slot for coroutine frames: a frame freed and the next one allocated share an address.
alignas(std::max_align_t) unsigned char g_slot[4096];
bool g_slot_used = false;
bool g_slot_on = true;  // off: frames come from the heap
int g_slot_allocs = 0;
void* slot_alloc(std::size_t n) {
  if (!g_slot_on || g_slot_used || n > sizeof g_slot) return ::operator new(n);
  g_slot_used = true;
  ++g_slot_allocs;
  return g_slot;
}
void slot_free(void* p) {
  if (p == g_slot)
    g_slot_used = false;
  else
    ::operator delete(p);
}
// An eager fire-and-forget coroutine: owns its frame, which frees itself when the body ends.
struct Detached {
  struct promise_type {
    static void* operator new(std::size_t n) { return slot_alloc(n); }
    static void operator delete(void* p) noexcept { slot_free(p); }
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};
// A single-threaded run queue.
std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
void drain() {
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

int g_done = 0;

Detached step(int id) {
  co_await Reschedule{};
  std::printf("step(%d)\n", id);
  ++g_done;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 4; ++i) {
    step(i);  // suspends on the queue
    drain();  // finishes and frees the slot
  }
  std::printf("main: %d steps (expected 4), slot used %d times\n", g_done, g_slot_allocs);
}
