// Resumption on another thread: 200 jobs hop onto a pool of 3 workers twice
// each, so every such await is resumed by a worker (a wait, whichever worker
// it is). The sums and counts do not depend on the schedule.
#include "mkit_main.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace {

class pool {
public:
  explicit pool(int n) {
    for (int i = 0; i < n; ++i)
      workers_.emplace_back([this] { work(); });
  }
  /// void await_suspend: publishing the handle is its last step.
  struct schedule_awaiter {
    pool &p;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) const { p.post(h); }
    void await_resume() const noexcept {}
  };
  schedule_awaiter schedule() { return {*this}; }
  /// Lets the workers finish what they run, then joins them.
  void join() {
    {
      std::lock_guard<std::mutex> g(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto &t : workers_)
      t.join();
  }

private:
  void post(std::coroutine_handle<> h) {
    {
      std::lock_guard<std::mutex> g(m_);
      q_.push_back(h);
    }
    cv_.notify_one();
  }
  void work() {
    for (;;) {
      std::coroutine_handle<> h;
      {
        std::unique_lock<std::mutex> l(m_);
        cv_.wait(l, [this] { return stop_ || !q_.empty(); });
        if (q_.empty())
          return;
        h = q_.front();
        q_.pop_front();
      }
      mkit::resume(h);
    }
  }
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::coroutine_handle<>> q_;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

struct countdown {
  std::mutex m;
  std::condition_variable cv;
  int left;
  void done() {
    std::lock_guard<std::mutex> g(m);
    if (--left == 0)
      cv.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> l(m);
    cv.wait(l, [this] { return left == 0; });
  }
};

mkit::task<int> leaf(int x) { co_return x + 1; }

mkit::task<int> job(pool &p, int i) {
  co_await p.schedule();     // now on a worker
  int v = co_await leaf(i); // symmetric transfer on that worker
  co_await p.schedule();     // and again, possibly another worker
  co_return v * 2;
}

mkit::detached run_job(pool &p, int i, std::atomic<long> &sum, countdown &c) {
  sum += co_await job(p, i);
  c.done();
}

} // namespace

int main() {
  constexpr int jobs = 200;
  std::atomic<long> sum{0};
  countdown c{{}, {}, jobs};
  pool p(3);
  for (int i = 0; i < jobs; ++i)
    MKIT_RAMP(run_job(p, i, sum, c));
  c.wait();
  p.join(); // the last frames are freed by the workers before they stop
  std::printf("threads: jobs=%d sum=%ld\n", jobs, sum.load());
  mkit::print_truth();
  return 0;
}
