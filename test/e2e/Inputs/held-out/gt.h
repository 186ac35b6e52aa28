// Mixed coroutine workload with its own ground truth (new-user held-out check).
//
// Every coroutine function has its own return type Lazy<T, S> / Eager<S> / Gen<T, S>
// where S is that function's ground-truth Stats object.  The promise counts:
//   calls       - promise constructed (one per frame)
//   heap_frames - the frame came from the promise's operator new (frame contains promise)
//   heap_bytes  - the size operator new was asked for
//   completed   - final_suspend() reached
//   sync        - completed frames with zero waits at co_await/co_yield sites
//   awaits      - evaluations of co_await / co_yield in the body (via await_transform / yield_value)
//   suspends    - those that suspended (await_suspend not returning false)
//   waits       - suspensions resumed after the activation that suspended is gone
//                 (emulated with an "activation epoch" stack: every explicit resume()
//                 and every eager ramp call from plain code pushes a fresh epoch)
// Gen uses the global operator new (not counted), so only calls are exact for it.
#include <atomic>
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct Stats {
  const char* name;
  std::atomic<long> calls{0}, heap_frames{0}, heap_bytes{0}, completed{0}, sync{0},
      awaits{0}, suspends{0}, waits{0};
};

// ---------------- activation epochs (ground truth for "waits") ----------------
inline std::atomic<unsigned long> g_next_epoch{1};
inline thread_local std::vector<unsigned long> tl_epochs;
inline unsigned long cur_epoch() { return tl_epochs.empty() ? 0 : tl_epochs.back(); }
inline bool epoch_live(unsigned long e) {
  for (auto x : tl_epochs) if (x == e) return true;
  return false;
}
struct EpochScope {
  EpochScope() { tl_epochs.push_back(g_next_epoch++); }
  ~EpochScope() { tl_epochs.pop_back(); }
};
inline std::atomic<long> g_explicit_resumes{0};
inline void resume_fresh(std::coroutine_handle<> h) {
  EpochScope s;
  ++g_explicit_resumes;
  h.resume();
}

// ---------------- scheduler: one FIFO per thread ----------------
inline thread_local std::deque<std::coroutine_handle<>> tl_queue;
inline std::atomic<long> g_sched_suspends{0};
inline void run_queue() {
  while (!tl_queue.empty()) {
    auto h = tl_queue.front();
    tl_queue.pop_front();
    resume_fresh(h);
  }
}

// ---------------- heap detection ----------------
struct PendingAlloc { char* p = nullptr; std::size_t n = 0; };
inline thread_local PendingAlloc tl_pending;

struct PromiseBase {
  Stats* st;
  long my_waits = 0;
  bool heap = false;
  explicit PromiseBase(Stats& s) : st(&s) {
    st->calls++;
    char* me = reinterpret_cast<char*>(this);
    if (tl_pending.p && me >= tl_pending.p && me < tl_pending.p + tl_pending.n) {
      heap = true;
      st->heap_frames++;
      st->heap_bytes += (long)tl_pending.n;
    }
    tl_pending = {};
  }
  void on_final() {
    st->completed++;
    if (my_waits == 0) st->sync++;
  }
};

struct CountingNew {
  static void* operator new(std::size_t n) {
    void* p = ::operator new(n);
    tl_pending = {static_cast<char*>(p), n};
    return p;
  }
  static void operator delete(void* p, std::size_t) { ::operator delete(p); }
};

// Wraps every awaiter of a body (await_transform / yield_value) to count awaits,
// suspends, waits.
template <class A>
struct Tracked {
  PromiseBase* pr;
  A a;
  unsigned long ep = 0;
  bool await_ready() {
    pr->st->awaits++;
    return a.await_ready();
  }
  template <class P>
  auto await_suspend(std::coroutine_handle<P> h) {
    using R = decltype(a.await_suspend(h));
    Stats* st = pr->st;
    ep = cur_epoch();
    if constexpr (std::is_same_v<R, bool>) {
      bool r = a.await_suspend(h);
      if (r) st->suspends++;
      else ep = 0;  // safe: not suspended, we still own the frame
      return r;
    } else if constexpr (std::is_void_v<R>) {
      st->suspends++;
      try {
        a.await_suspend(h);
      } catch (...) {  // a throwing await_suspend does not suspend
        st->suspends--;
        ep = 0;
        throw;
      }
    } else {
      st->suspends++;
      try {
        return a.await_suspend(h);
      } catch (...) {
        st->suspends--;
        ep = 0;
        throw;
      }
    }
  }
  decltype(auto) await_resume() {
    if (ep != 0 && !epoch_live(ep)) {
      pr->st->waits++;
      pr->my_waits++;
    }
    return a.await_resume();
  }
};

template <class A>
concept HasMemberCoAwait = requires(A&& a) { std::forward<A>(a).operator co_await(); };

template <class A>
concept HasFreeCoAwait = requires(A&& a) { operator co_await(std::forward<A>(a)); };

template <class A>
auto get_awaiter(A&& a) {
  if constexpr (HasMemberCoAwait<A>) return std::forward<A>(a).operator co_await();
  else if constexpr (HasFreeCoAwait<A>) return operator co_await(std::forward<A>(a));
  else return std::forward<A>(a);
}

struct AwaitTransformMixin {};

// ---------------- awaitables ----------------
struct Ready {  // completes synchronously
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  int await_resume() const noexcept { return 42; }
};
struct Sched {  // always suspends; resumed later by run_queue()
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const {
    g_sched_suspends++;
    tl_queue.push_back(h);
  }
  void await_resume() const noexcept {}
};
struct Maybe {  // bool await_suspend: suspends only when asked to
  bool do_it;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) const {
    if (!do_it) return false;
    g_sched_suspends++;
    tl_queue.push_back(h);
    return true;
  }
  int await_resume() const noexcept { return do_it ? 1 : 0; }
};
inline std::mutex g_threads_mu;
inline std::vector<std::thread> g_threads;
struct ThreadHop {  // resumed on a new thread
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const {
    std::lock_guard<std::mutex> lk(g_threads_mu);
    g_threads.emplace_back([h] { resume_fresh(h); });
  }
  void await_resume() const noexcept {}
};

// ---------------- Lazy<T, S>: lazy task, symmetric transfer ----------------
#if defined(__clang__) && __clang_major__ >= 20
#define CORO_ELIDABLE [[clang::coro_await_elidable]]
#define CORO_ELIDABLE_ARG [[clang::coro_await_elidable_argument]]
#else
#define CORO_ELIDABLE
#define CORO_ELIDABLE_ARG
#endif
template <class T, Stats& S>
struct CORO_ELIDABLE Lazy {
  struct promise_type : PromiseBase, CountingNew {
    std::coroutine_handle<> cont;
    T value{};
    std::exception_ptr ex;
    promise_type() : PromiseBase(S) {}
    Lazy get_return_object() { return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto c = h.promise().cont;
        return c ? c : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept {
      on_final();
      return {};
    }
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { ex = std::current_exception(); }
    template <class A>
    auto await_transform(CORO_ELIDABLE_ARG A&& a) {
      using W = decltype(get_awaiter(std::forward<A>(a)));
      return Tracked<W>{this, get_awaiter(std::forward<A>(a))};
    }
  };
  std::coroutine_handle<promise_type> h;
  explicit Lazy(std::coroutine_handle<promise_type> h) : h(h) {}
  Lazy(Lazy&& o) noexcept : h(std::exchange(o.h, {})) {}
  Lazy& operator=(Lazy&&) = delete;
  ~Lazy() {
    if (h) h.destroy();
  }
  struct Awaiter {
    std::coroutine_handle<promise_type> h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().cont = c;
      return h;
    }
    T await_resume() {
      if (h.promise().ex) std::rethrow_exception(h.promise().ex);
      return std::move(h.promise().value);
    }
  };
  Awaiter operator co_await() && { return Awaiter{h}; }
  // From plain code: run to completion (driving the scheduler while needed).
  T run() {
    resume_fresh(h);
    run_queue();
    if (!h.done()) std::abort();
    if (h.promise().ex) std::rethrow_exception(h.promise().ex);
    return h.promise().value;
  }
};

// ---------------- Eager<S>: eager, detached root, destroyed by owner ----------------
template <Stats& S>
struct Eager {
  struct promise_type : PromiseBase, CountingNew {
    promise_type() : PromiseBase(S) {}
    Eager get_return_object() { return Eager{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      on_final();
      return {};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
    template <class A>
    auto await_transform(A&& a) {
      using W = decltype(get_awaiter(std::forward<A>(a)));
      return Tracked<W>{this, get_awaiter(std::forward<A>(a))};
    }
  };
  std::coroutine_handle<promise_type> h;
  explicit Eager(std::coroutine_handle<promise_type> h) : h(h) {}
  Eager(Eager&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Eager() {
    if (h) h.destroy();
  }
  bool done() const { return h.done(); }
};

// ---------------- Gen<T, S>: generator (global operator new) ----------------
template <class T, Stats& S>
struct Gen {
  struct promise_type : PromiseBase {
    T cur{};
    promise_type() : PromiseBase(S) {}
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      on_final();
      return {};
    }
    Tracked<std::suspend_always> yield_value(T v) {
      cur = v;
      return Tracked<std::suspend_always>{this, {}};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
    template <class A>
    auto await_transform(A&& a) {
      using W = decltype(get_awaiter(std::forward<A>(a)));
      return Tracked<W>{this, get_awaiter(std::forward<A>(a))};
    }
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen&& o) noexcept : h(std::exchange(o.h, {})) {}
  ~Gen() {
    if (h) h.destroy();
  }
  bool next() {
    resume_fresh(h);
    return !h.done();
  }
  T value() const { return h.promise().cur; }
};

