// The run queue, events and awaiters the stale-entry programs share: a
// single-threaded scheduler whose awaiters hand control to the next ready
// frame by symmetric transfer, and a pool whose addresses the programs
// choose (so they pick the open-suspension table slot each frame hashes to).
#pragma once
#include <coroutine>
#include <cstdint>
#include <deque>
#include <vector>

// Frames placed at chosen addresses (a pool allocator), so that the test
// controls which slot of the thread's open-suspension table each one hashes to.
static char *pool;
static uintptr_t next_addr;
static uintptr_t at(int bank, int j) { return uintptr_t(pool) + (uintptr_t(bank) << 20) + uintptr_t(j) * 4096; }

std::deque<std::coroutine_handle<>> ready;
static std::coroutine_handle<> next() {
  if (ready.empty()) return std::noop_coroutine();
  auto h = ready.front(); ready.pop_front(); return h;
}
struct Event { std::vector<std::coroutine_handle<>> w; void set() { for (auto h : w) ready.push_back(h); w.clear(); } };
struct Park { Event &e; bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) { e.w.push_back(h); return next(); }
  void await_resume() {} };
struct Yield { bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) { ready.push_back(h); return next(); }
  void await_resume() {} };
