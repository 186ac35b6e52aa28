// First held-out workload: recursion, synchronous and scheduled leaves, bool await_suspend,
// exceptions, generators stopped early, never-started tasks, threads and a cross-thread hop.
// The ground-truth harness (what each figure means) is gt.h.
#include "gt.h"

// ---------------- the coroutine functions ----------------
inline Stats S_fib{"fib"}, S_leaf_sync{"leaf_sync"}, S_leaf_sched{"leaf_sched"},
    S_maybe_wait{"maybe_wait"}, S_mid{"mid"}, S_thrower{"thrower"}, S_squares{"squares"},
    S_sum_gen{"sum_gen"}, S_root{"root"}, S_hopper{"hopper"}, S_never{"never_started"},
    S_deep{"deep"};

Lazy<long, S_fib> fib(int n) {
  if (n < 2) co_return n;
  long a = co_await fib(n - 1);
  long b = co_await fib(n - 2);
  co_return a + b;
}

Lazy<int, S_leaf_sync> leaf_sync(int i) {
  int r = co_await Ready{};
  co_return i + r;
}

Lazy<int, S_leaf_sched> leaf_sched(int i) {
  co_await Sched{};
  co_return i * 2;
}

Lazy<int, S_maybe_wait> maybe_wait(int i) {
  int r = co_await Maybe{i % 4 == 0};
  r += co_await Maybe{false};
  co_return r;
}

Lazy<int, S_thrower> thrower(int i) {
  co_await Ready{};
  if (i % 5 == 0) throw std::runtime_error("boom");
  co_return i;
}

Lazy<int, S_deep> deep(int d) {
  if (d == 0) {
    co_await Sched{};
    co_return 1;
  }
  int r = co_await deep(d - 1);
  co_return r + 1;
}

Gen<int, S_squares> squares(int n) {
  for (int i = 0; i < n; ++i) co_yield i * i;
}

// A lazy task that consumes a generator inside its body.
Lazy<long, S_sum_gen> sum_gen(int n, int stop_after) {
  long s = 0;
  auto g = squares(n);
  int k = 0;
  while (k < stop_after && g.next()) {
    s += g.value();
    ++k;
  }
  co_await Ready{};
  co_return s;
}

Lazy<int, S_mid> mid(int i) {
  int x = co_await Ready{};
  if (i % 3 == 0) x += co_await leaf_sched(i);
  else x += co_await leaf_sync(i);
  x += co_await maybe_wait(i);
  try {
    x += co_await thrower(i);
  } catch (const std::exception&) {
    x -= 1;
  }
  co_return x;
}

Lazy<int, S_never> never_started(int i) { co_return i; }

static std::atomic<long> g_checksum{0};

Eager<S_root> root(int id, int n) {
  long acc = 0;
  for (int k = 0; k < n; ++k) acc += co_await mid(id * 100 + k);
  acc += co_await fib(10);
  acc += co_await sum_gen(6, id % 2 ? 3 : 100);  // odd ids stop the generator early
  if (id % 2 == 0) acc += co_await deep(5);
  {
    auto t = never_started(id);  // created, never awaited
    (void)t;
  }
  g_checksum += acc;
}

Eager<S_hopper> hopper() {
  co_await Ready{};
  co_await ThreadHop{};
  g_checksum += 7;
}

static void workload(int base) {
  std::vector<Eager<S_root>> roots;
  for (int id = base; id < base + 4; ++id) {
    EpochScope ramp;  // the eager ramp's own activation
    roots.push_back(root(id, 12));
  }
  run_queue();
  for (auto& r : roots)
    if (!r.done()) std::abort();
  long f = fib(15).run();
  g_checksum += f;
  // a generator consumed from plain code, to the end
  auto g = squares(5);
  long s = 0;
  while (g.next()) s += g.value();
  g_checksum += s;
}

static void print(const Stats& s) {
  std::printf("%-14s calls=%ld heap_frames=%ld heap_bytes=%ld completed=%ld sync=%ld awaits=%ld suspends=%ld waits=%ld\n",
              s.name, s.calls.load(), s.heap_frames.load(), s.heap_bytes.load(), s.completed.load(),
              s.sync.load(), s.awaits.load(), s.suspends.load(), s.waits.load());
}

int main(int argc, char** argv) {
  int nthreads = argc > 1 ? std::atoi(argv[1]) : 2;
  std::vector<std::thread> ts;
  for (int t = 0; t < nthreads; ++t) ts.emplace_back([t] { workload(100 * (t + 1)); });
  workload(0);
  for (auto& t : ts) t.join();
  {
    std::optional<Eager<S_hopper>> hp;
    {
      EpochScope ramp;
      hp.emplace(hopper());
    }
    std::vector<std::thread> hops;
    {
      std::lock_guard<std::mutex> lk(g_threads_mu);
      hops.swap(g_threads);
    }
    for (auto& t : hops) t.join();
    if (!hp->done()) std::abort();
  }
  std::printf("checksum=%ld\n", g_checksum.load());
  for (const Stats* s : {&S_fib, &S_leaf_sync, &S_leaf_sched, &S_maybe_wait, &S_mid, &S_thrower,
                         &S_squares, &S_sum_gen, &S_root, &S_hopper, &S_never, &S_deep})
    print(*s);
  return 0;
}
