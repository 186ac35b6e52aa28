// Second held-out workload: thread pool (real cross-thread resumes), member / template /
// lambda coroutines, inline (nested) resume inside await_suspend, symmetric transfer to
// another coroutine or to itself, cancellation (destroy while suspended), exceptions through
// several levels, nested generators, a 2000-deep symmetric-transfer chain.
#include "gt.h"
#include <condition_variable>

// ---- thread pool ----
struct Pool {
  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::coroutine_handle<>> q;
  std::atomic<long> pending{0};
  bool stop = false;
  std::vector<std::thread> ws;
  explicit Pool(int n) {
    for (int i = 0; i < n; ++i)
      ws.emplace_back([this] {
        for (;;) {
          std::coroutine_handle<> h;
          {
            std::unique_lock<std::mutex> lk(mu);
            cv.wait(lk, [this] { return stop || !q.empty(); });
            if (q.empty()) return;
            h = q.front();
            q.pop_front();
          }
          resume_fresh(h);
        }
      });
  }
  void post(std::coroutine_handle<> h) {
    {
      std::lock_guard<std::mutex> lk(mu);
      q.push_back(h);
    }
    cv.notify_one();
  }
  void join() {
    {
      std::lock_guard<std::mutex> lk(mu);
      stop = true;
    }
    cv.notify_all();
    for (auto& t : ws) t.join();
  }
};
static Pool* g_pool;
struct PoolHop {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const { g_pool->post(h); }
  void await_resume() const noexcept {}
};
// bool await_suspend that hands the frame to another thread and then returns true (racy but legal)
struct PoolHopBool {
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) const {
    g_pool->post(h);
    return true;
  }
  void await_resume() const noexcept {}
};
// resumes the coroutine inside await_suspend (nested resume: same activation still on the stack)
struct InlineResume {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const { resume_fresh(h); }
  void await_resume() const noexcept {}
};
// yield via the thread's queue by symmetric transfer: push self, transfer to the front
struct YieldTo {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) const {
    tl_queue.push_back(h);
    auto n = tl_queue.front();
    tl_queue.pop_front();
    return n;
  }
  void await_resume() const noexcept {}
};

inline Stats S_member{"get"}, S_t1{"tmpl<1"}, S_t2{"tmpl<2"}, S_lambda{"LAMBDA"},
    S_inl{"inline_twice"}, S_yielder{"yielder"}, S_cancel{"cancelled"}, S_e3{"throw3"},
    S_e2{"pass2"}, S_e1{"catch1"}, S_inner{"inner_gen"}, S_outer{"outer_gen"}, S_chain{"chain"},
    S_pooltask{"pool_task"}, S_poolroot{"pool_root"}, S_ydriver{"yield_root"};

struct Service {
  int base;
  Lazy<int, S_member> get(int i) {
    co_await Ready{};
    co_return base + i;
  }
};

template <int K, Stats& S>
Lazy<int, S> tmpl(int x) {
  int r = co_await Ready{};
  co_return x * K + r;
}

Lazy<int, S_inl> inline_twice(int x) {
  co_await InlineResume{};
  co_await InlineResume{};
  co_return x;
}

Eager<S_yielder> yielder(int id, int n, long* out) {
  co_await Sched{};  // start together from the queue
  for (int i = 0; i < n; ++i) co_await YieldTo{};
  *out += id;
}

Eager<S_cancel> cancelled(int i) {
  co_await Ready{};
  co_await Sched{};  // never resumed: destroyed while suspended here
  (void)i;
}

Lazy<int, S_e3> throw3(int i) {
  co_await Ready{};
  if (i % 2) throw std::runtime_error("odd");
  co_return i;
}
Lazy<int, S_e2> pass2(int i) {
  int r = co_await throw3(i);  // exception passes through this frame
  co_return r + 1;
}
Lazy<int, S_e1> catch1(int i) {
  try {
    co_return co_await pass2(i);
  } catch (const std::runtime_error&) {
  }
  co_return -1;
}

Gen<int, S_inner> inner_gen(int n) {
  for (int i = 0; i < n; ++i) co_yield i;
}
Gen<int, S_outer> outer_gen(int n) {
  for (int j = 0; j < n; ++j) {
    auto g = inner_gen(j);
    while (g.next()) co_yield g.value() + 10 * j;
  }
}

Lazy<long, S_chain> chain(int d) {
  if (d == 0) {
    co_await Ready{};
    co_return 0;
  }
  long r = co_await chain(d - 1);
  co_return r + 1;
}

Lazy<int, S_pooltask> pool_task(int i) {
  co_await PoolHop{};
  co_await PoolHopBool{};
  co_await Ready{};
  co_return i;
}
static std::atomic<long> g_pool_sum{0}, g_pool_done{0};
Eager<S_poolroot> pool_root(int i) {
  int a = co_await pool_task(i);
  co_await PoolHop{};
  g_pool_sum += a;
  g_pool_done++;
}

int main() {
  long sum = 0;
  // member, template, lambda coroutines (all synchronous)
  Service svc{1000};
  for (int i = 0; i < 10; ++i) sum += svc.get(i).run();
  for (int i = 0; i < 7; ++i) sum += tmpl<1, S_t1>(i).run() + tmpl<2, S_t2>(i).run();
  auto lam = [](int x) -> Lazy<int, S_lambda> {
    co_await Ready{};
    co_return x * 3;
  };
  for (int i = 0; i < 5; ++i) sum += lam(i).run();
  // inline (nested) resume
  for (int i = 0; i < 6; ++i) sum += inline_twice(i).run();
  // three yielders taking turns on the queue by symmetric transfer
  {
    long out = 0;
    std::vector<Eager<S_yielder>> ys;
    for (int id = 1; id <= 3; ++id) {
      EpochScope ramp;
      ys.push_back(yielder(id, id * 2, &out));
    }
    run_queue();
    for (auto& y : ys)
      if (!y.done()) std::abort();
    sum += out;
  }
  // one yielder alone: it transfers to itself
  {
    long out = 0;
    std::optional<Eager<S_yielder>> y;
    {
      EpochScope ramp;
      y.emplace(yielder(9, 4, &out));
    }
    run_queue();
    if (!y->done()) std::abort();
    sum += out;
  }
  // cancellation: destroyed while suspended at an await site
  {
    std::vector<Eager<S_cancel>> cs;
    for (int i = 0; i < 4; ++i) {
      EpochScope ramp;
      cs.push_back(cancelled(i));
    }
    tl_queue.clear();  // drop them
  }
  // exceptions through three levels
  for (int i = 0; i < 8; ++i) sum += catch1(i).run();
  // nested generators: consume all of one, part of another
  {
    auto g = outer_gen(5);
    while (g.next()) sum += g.value();
    auto g2 = outer_gen(4);
    for (int k = 0; k < 3 && g2.next(); ++k) sum += g2.value();
  }
  // a 2000-deep chain
  sum += chain(2000).run();
  // thread pool: 300 roots hopping across 4 workers
  {
    Pool pool(4);
    g_pool = &pool;
    std::vector<Eager<S_poolroot>> roots;
    {
      EpochScope ramp;
      for (int i = 0; i < 300; ++i) {
        EpochScope r;
        roots.push_back(pool_root(i));
      }
    }
    while (g_pool_done.load() < 300) std::this_thread::yield();
    pool.join();
    for (auto& r : roots)
      if (!r.done()) std::abort();
    sum += g_pool_sum.load();
  }
  std::printf("checksum=%ld\n", sum);
  for (const Stats* s : {&S_member, &S_t1, &S_t2, &S_lambda, &S_inl, &S_yielder, &S_cancel, &S_e3, &S_e2,
                         &S_e1, &S_inner, &S_outer, &S_chain, &S_pooltask, &S_poolroot})
    std::printf("%-14s calls=%ld heap_frames=%ld heap_bytes=%ld completed=%ld sync=%ld awaits=%ld suspends=%ld waits=%ld\n",
                s->name, s->calls.load(), s->heap_frames.load(), s->heap_bytes.load(), s->completed.load(),
                s->sync.load(), s->awaits.load(), s->suspends.load(), s->waits.load());
}
