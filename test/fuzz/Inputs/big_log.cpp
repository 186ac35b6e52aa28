// A small program whose log is large: JOBS jobs hop onto a pool of 3 workers,
// each awaiting a chain of tasks 4 deep (symmetric transfer), a generator and
// a frame it lets its parent outlive. Many chunks, four threads, frames
// suspended on one thread and resumed on another: the log the mutation tests
// (test/fuzz/large-log-mutations.test, fuzz/mutate_log.py) damage.
#include <atomic>
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

template <class T> struct task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> next;
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct final_awaiter {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto n = h.promise().next;
        return n ? n : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~task() {
    if (h)
      h.destroy();
  }
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) {
    h.promise().next = c;
    return h;
  }
  T await_resume() { return h.promise().value; }
  std::coroutine_handle<promise_type> h;
};

struct detached {
  struct promise_type {
    detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

template <class T> struct generator {
  struct promise_type {
    T value{};
    generator get_return_object() {
      return generator{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) {
      value = v;
      return {};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit generator(std::coroutine_handle<promise_type> h) : h(h) {}
  ~generator() { h.destroy(); }
  bool next() {
    h.resume();
    return !h.done();
  }
  std::coroutine_handle<promise_type> h;
};

class pool {
public:
  explicit pool(int n) {
    for (int i = 0; i < n; ++i)
      workers_.emplace_back([this] { work(); });
  }
  struct awaiter {
    pool &p;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) const { p.post(h); }
    void await_resume() const noexcept {}
  };
  awaiter schedule() { return {*this}; }
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
      h.resume();
    }
  }
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::coroutine_handle<>> q_;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

static task<int> leaf(int x) { co_return x + 1; }

static task<int> chain(int depth, int x) {
  if (depth == 0)
    co_return co_await leaf(x);
  co_return co_await chain(depth - 1, x) + 1;
}

static generator<int> counter(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

static task<int> job(pool &p, int i) {
  co_await p.schedule(); // now on a worker
  int v = co_await chain(4, i);
  generator<int> g = counter(3);
  while (g.next())
    v += g.h.promise().value;
  co_await p.schedule(); // perhaps another worker
  co_return v;
}

static std::atomic<long> sum{0};
static std::atomic<int> left{0};

static detached run_job(pool &p, int i) {
  sum += co_await job(p, i);
  left.fetch_sub(1);
}

int main(int argc, char **argv) {
  int jobs = argc > 1 ? std::atoi(argv[1]) : 1000;
  left = jobs;
  pool p(3);
  for (int i = 0; i < jobs; ++i) {
    run_job(p, i);
    while (left.load() > jobs - i - 1 + 64) // at most 64 jobs in flight
      std::this_thread::yield();
  }
  while (left.load() > 0)
    std::this_thread::yield();
  p.join();
  std::printf("jobs=%d sum=%ld\n", jobs, sum.load());
  return 0;
}
