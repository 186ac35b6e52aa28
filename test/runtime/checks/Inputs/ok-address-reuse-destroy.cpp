// EXPECT: none
// Look-alike of double-destroy / use-after-destroy with address reuse: every frame comes from
// one static slot; a frame is destroyed, the next frame gets the same address, is run, and is
// destroyed once too.
// Build: clang++-19 -std=c++20 -pthread -g ok-address-reuse-destroy.cpp
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

struct Job {
  struct promise_type {
    static void* operator new(std::size_t n) { return slot_alloc(n); }
    static void operator delete(void* p) noexcept { slot_free(p); }
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

int g_runs = 0;
Job first() {
  ++g_runs;
  co_return;
}
Job second() {
  co_await std::suspend_always{};
  ++g_runs;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job a = first();
  void* addr = a.h.address();
  a.h.resume();
  a.h.destroy();  // at final suspend
  Job b = second();  // same address
  b.h.resume();
  b.h.destroy();  // cancelled while suspended in its body
  Job c = first();
  c.h.resume();
  std::printf("main: runs=%d (expected 2), same address=%d %d\n", g_runs,
              b.h.address() == addr, c.h.address() == addr);
  c.h.destroy();
}
