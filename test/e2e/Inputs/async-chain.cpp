// Async stacks across threads (test/e2e/export-folded.test): top() awaits
// middle(), which hops to a worker thread and there awaits bottom(), which
// parks on the main thread's event loop until the loop runs it again; then
// each returns to its awaiter by symmetric transfer. The main thread starts
// each top() with resume() from plain code, so top() is a root. Then
// deep(299): a recursion 300 frames deep, past the folded export's depth cap;
// and operator%, whose name a folded line must escape (Clang spells the ';'
// argument of tagged<> as (char)59). All tasks are lazy (test/Inputs/task.h).
// Prints the truth: the chains run and the sum.
#include "../../Inputs/task.h"
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

// A queue of handles that one thread resumes.
struct Loop {
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::coroutine_handle<>> q;
  bool stop = false;
  void post(std::coroutine_handle<> h) {
    { std::lock_guard<std::mutex> l(m); q.push_back(h); }
    cv.notify_one();
  }
  // Runs one handle; false once stopped and empty.
  bool runOne() {
    std::coroutine_handle<> h;
    {
      std::unique_lock<std::mutex> l(m);
      cv.wait(l, [&] { return stop || !q.empty(); });
      if (q.empty()) return false;
      h = q.front();
      q.pop_front();
    }
    h.resume();
    return true;
  }
  void quit() {
    { std::lock_guard<std::mutex> l(m); stop = true; }
    cv.notify_one();
  }
  struct Hop {
    Loop& loop;
    bool await_ready() noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) { loop.post(h); }
    void await_resume() noexcept {}
  };
  Hop schedule() { return Hop{*this}; }
};
static Loop g_main, g_worker;

Task<int> bottom(int i) {
  co_await g_main.schedule();
  co_return i;
}
Task<int> middle(int i) {
  co_await g_worker.schedule();
  int v = co_await bottom(i);
  co_return v + 1;
}
Task<int> top(int i) {
  int v = co_await middle(i);
  co_return 2 * v;
}

Task<int> deep(int n) {
  if (n == 0) co_return 0;
  co_return 1 + co_await deep(n - 1);
}

struct Pct {};
template <char C> Task<int> tagged() { co_return int(C); }
Task<int> operator%(Pct, int n) { co_return n + co_await tagged<';'>(); }

int main() {
  std::thread worker([] { while (g_worker.runOne()) {} });
  long sum = 0;
  const int chains = 5;
  for (int i = 0; i < chains; ++i) {
    Task<int> t = top(i);
    t.handle().resume();  // runs until middle() hops to the worker
    while (!t.handle().done()) g_main.runOne();
    sum += t.handle().promise().value;
  }
  g_worker.quit();
  worker.join();
  sum += deep(299).run() + (Pct{} % 1).run();
  std::printf("chains=%d sum=%ld\n", chains, sum);
}
