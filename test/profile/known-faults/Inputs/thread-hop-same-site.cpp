// Two threads, each with a run queue; awaiters hand control to the next
// ready task of the current thread by symmetric transfer. Task A hops to the
// worker thread and back, both times at the same co_await, while task B
// keeps the main thread busy.
#include "task.h"
#include <deque>
#include <mutex>
#include <condition_variable>
#include <thread>
#include <chrono>
struct queue {
  std::mutex m; std::condition_variable cv; std::deque<std::coroutine_handle<>> q; bool stop = false;
  void push(std::coroutine_handle<> h) { { std::lock_guard l(m); q.push_back(h); } cv.notify_one(); }
  std::coroutine_handle<> try_pop() { std::lock_guard l(m); if (q.empty()) return {}; auto h = q.front(); q.pop_front(); return h; }
  bool empty() { std::lock_guard l(m); return q.empty(); }
  void run() { // worker loop
    for (;;) {
      std::coroutine_handle<> h;
      { std::unique_lock l(m); cv.wait(l, [&] { return stop || !q.empty(); }); if (q.empty()) return; h = q.front(); q.pop_front(); }
      h.resume();
    }
  }
};
queue mainq, workq;
thread_local queue *current = &mainq;
std::coroutine_handle<> next_or_noop() { auto h = current->try_pop(); return h ? h : std::noop_coroutine(); }
struct hop { // continue on queue `to`; this thread runs its next ready task meanwhile
  queue *to;
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) { to->push(h); return next_or_noop(); }
  void await_resume() {}
};
struct yield_now { // requeue on this thread, run the next ready one
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) { current->push(h); return next_or_noop(); }
  void await_resume() {}
};
task<int> A() {
  queue *to[] = {&workq, &mainq};
  for (queue *q : to)     // one suspend point, two waits:
    co_await hop{q};      // resumed on the worker thread, then on the main one
  co_return 1;
}
std::atomic<bool> a_back{false};
task<int> B() {
  while (mainq.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  co_await yield_now{};   // A is ahead in the queue: A runs, then B
  co_return 2;
}
int main() {
  std::thread w([] { current = &workq; workq.run(); });
  auto a = A(); auto b = B();
  mainq.push(a.h); mainq.push(b.h);
  while (!a.h.done() || !b.h.done()) {
    if (auto h = mainq.try_pop()) h.resume();
    else std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  { std::lock_guard l(workq.m); workq.stop = true; } workq.cv.notify_one(); w.join();
  std::printf("truth: A: 1 call, completed, not sync (waited at both hops: 2 waits); B: completed, not sync (waited at yield_now? see trace)\n");
}
