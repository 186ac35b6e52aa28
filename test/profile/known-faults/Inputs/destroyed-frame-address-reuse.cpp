// Single-threaded scheduler whose awaiters hand control to the next ready
// task by symmetric transfer. A task cancels (destroys) another task that is
// parked, then starts a new task of the same coroutine, which completes at once.
#include "task.h"
#include <deque>
#include <optional>
std::deque<std::coroutine_handle<>> ready;
std::coroutine_handle<> next_ready() {
  if (ready.empty()) return std::noop_coroutine();
  auto h = ready.front(); ready.pop_front(); return h;
}
struct to_loop { // back to the main loop
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { ready.push_back(h); }
  void await_resume() {}
};
std::coroutine_handle<> parked;
struct park { // wait for an event; run the next ready task meanwhile
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) { parked = h; return next_ready(); }
  void await_resume() {}
};
void *addr[2];
int sync_truth = 0;
task<int> worker(int mode) {
  if (mode == 0) {
    co_await to_loop{};
    co_await park{};
    co_return -1;
  }
  ++sync_truth; // mode 1: no co_await at all, completes synchronously
  co_return mode;
}
std::optional<task<int>> victim;
task<void> killer() {
  co_await to_loop{};
  // the victim is parked now: cancel it
  victim.reset();
  parked = {};
  auto w = worker(1);
  addr[1] = w.h.address();
  int r = co_await std::move(w);
  std::printf("killer got %d\n", r);
}
struct detached { // fire-and-forget driver
  struct promise_type {
    detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};
int main() {
  victim.emplace(worker(0));
  addr[0] = victim->h.address();
  auto k = killer();
  ready.push_back(victim->h);
  ready.push_back(k.h);
  while (!ready.empty()) { auto h = ready.front(); ready.pop_front(); h.resume(); }
  std::printf("same address: %s\n", addr[0] == addr[1] ? "yes" : "no");
  std::printf("truth: worker calls 2, completed 1, sync_completions %d; worker's initial site: 2 suspended, 2 waits (both started later from elsewhere)\n", sync_truth);
}
