// EXPECT: none
// Look-alike of deep-chain.cpp (libcoro's "self generating coroutine" test):
// each coroutine posts itself to a run queue, creates its successor, starts
// it with resume() and finishes without awaiting it. Every coroutine is
// created by the one before, but none waits for another: 200 tasks in
// sequence, never a chain deeper than one level below a running frame.
// RUN: %run_case -O2 %s %t
// RUN: %coroscope report %t.log | FileCheck %s --implicit-check-not='[deep-chain]'
// RUN: FileCheck %s --check-prefix=TRUTH < %t.stdout
// CHECK: next_in_line(int)
// TRUTH: truth: tasks=200 most_unfinished_at_once=2
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <utility>
#include <vector>

static std::deque<std::coroutine_handle<>> g_queue;  // the run queue
static int g_unfinished = 0, g_most_unfinished = 0;

struct Task {
  struct promise_type {
    std::coroutine_handle<> next = std::noop_coroutine();
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().next;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  Handle h;
  explicit Task(Handle h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }
  void resume() { h.resume(); }
};

struct Schedule {  // continue on the run queue
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_queue.push_back(h); }
  void await_resume() noexcept {}
};

struct Unfinished {  // the program's own count of bodies begun and not ended
  Unfinished() {
    if (++g_unfinished > g_most_unfinished) g_most_unfinished = g_unfinished;
  }
  ~Unfinished() { --g_unfinished; }
};

static std::vector<Task> g_tasks;

Task next_in_line(int left) {
  Unfinished u;
  co_await Schedule{};
  if (left == 0) co_return;
  g_tasks.emplace_back(next_in_line(left - 1));  // created here, never awaited
  g_tasks.back().resume();
}

int main() {
  g_tasks.reserve(200);
  g_tasks.emplace_back(next_in_line(199));
  g_tasks.back().resume();
  while (!g_queue.empty()) {
    auto h = g_queue.front();
    g_queue.pop_front();
    h.resume();
  }
  std::printf("truth: tasks=%zu most_unfinished_at_once=%d\n", g_tasks.size(), g_most_unfinished);
  g_tasks.clear();
}
