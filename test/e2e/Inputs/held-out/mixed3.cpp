// Third held-out workload: awaiters that destroy the frame in await_suspend, throw from
// await_suspend, return noop_coroutine(); self-destroying fire-and-forget coroutines
// (final_suspend = suspend_never); a promise with an arena operator new(size, Arena&, ...);
// a promise with get_return_object_on_allocation_failure (nothrow new); a free operator co_await;
// an await_ready that alternates at one site.
#include "gt.h"

// ---- Detached<S>: eager, destroys itself at the end ----
template <Stats& S>
struct Detached {
  struct promise_type : PromiseBase, CountingNew {
    promise_type() : PromiseBase(S) {}
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept {
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
};

// ---- Arena task: frames from an arena ----
struct Arena {
  alignas(64) char buf[1 << 16];
  std::size_t used = 0;
  long allocs = 0;
  void* get(std::size_t n) {
    n = (n + 63) & ~std::size_t(63);
    void* p = buf + used;
    used += n;
    if (used > sizeof buf) std::abort();
    allocs++;
    return p;
  }
};
template <Stats& S>
struct ArenaTask {
  struct promise_type : PromiseBase {
    template <class... A>
    static void* operator new(std::size_t n, Arena& a, A&...) {
      void* p = a.get(n);
      tl_pending = {static_cast<char*>(p), n};
      return p;
    }
    static void operator delete(void*, std::size_t) {}
    template <class... A>
    promise_type(Arena&, A&...) : PromiseBase(S) {}
    ArenaTask get_return_object() { return ArenaTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
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
  ~ArenaTask() {
    if (h) h.destroy();
  }
  ArenaTask(std::coroutine_handle<promise_type> h) : h(h) {}
  ArenaTask(ArenaTask&& o) noexcept : h(std::exchange(o.h, {})) {}
};

// ---- NothrowTask: get_return_object_on_allocation_failure ----
template <Stats& S>
struct NothrowTask {
  struct promise_type : PromiseBase {
    static void* operator new(std::size_t n, const std::nothrow_t&) noexcept = delete;
    static void* operator new(std::size_t n) noexcept {
      void* p = std::malloc(n);
      tl_pending = {static_cast<char*>(p), n};
      return p;
    }
    static void operator delete(void* p) { std::free(p); }
    static NothrowTask get_return_object_on_allocation_failure() { return NothrowTask{nullptr}; }
    promise_type() : PromiseBase(S) {}
    NothrowTask get_return_object() { return NothrowTask{std::coroutine_handle<promise_type>::from_promise(*this)}; }
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
  ~NothrowTask() {
    if (h) h.destroy();
  }
  NothrowTask(std::coroutine_handle<promise_type> h) : h(h) {}
  NothrowTask(NothrowTask&& o) noexcept : h(std::exchange(o.h, {})) {}
};

// ---- awaiters ----
static long g_killed = 0;
struct DestroyMe {  // cancels: destroys the suspended frame inside await_suspend
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const {
    g_killed++;
    h.destroy();
  }
  void await_resume() const noexcept {}
};
struct ThrowInSuspend {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) const { throw std::runtime_error("no"); }
  void await_resume() const noexcept {}
};
struct NoopSched {  // suspends, returns noop_coroutine(); resumed later from the queue
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) const {
    tl_queue.push_back(h);
    return std::noop_coroutine();
  }
  void await_resume() const noexcept {}
};
struct Alternating {  // ready on even i, else suspends to the queue
  int i;
  bool await_ready() const noexcept { return i % 2 == 0; }
  void await_suspend(std::coroutine_handle<> h) const { tl_queue.push_back(h); }
  int await_resume() const noexcept { return i; }
};
struct Token {
  int v;
};
struct TokenAwaiter {
  int v;
  bool await_ready() const noexcept { return v > 2; }
  void await_suspend(std::coroutine_handle<> h) const { tl_queue.push_back(h); }
  int await_resume() const noexcept { return v; }
};
TokenAwaiter operator co_await(Token t) { return {t.v}; }

inline Stats S_fire{"fire"}, S_killed{"killed"}, S_thr{"thrsusp"}, S_noop{"nooper"}, S_arena{"arena_co"},
    S_nothrow{"nothrow_co"}, S_alt{"alternate"}, S_tok{"tokens"};
static long g_sum = 0;

Detached<S_fire> fire(int i) {
  if (i % 2) co_await Sched{};
  co_await Ready{};
  g_sum += i;
}
Detached<S_killed> killed(int i) {
  co_await Ready{};
  co_await DestroyMe{};
  g_sum += 1000000 + i;  // never runs
}
Detached<S_thr> thrsusp(int i) {
  try {
    co_await ThrowInSuspend{};
  } catch (const std::runtime_error&) {
    g_sum += 3;
  }
  co_await Ready{};
  g_sum += i;
}
Detached<S_noop> nooper(int i) {
  co_await NoopSched{};
  co_await NoopSched{};
  g_sum += i;
}
ArenaTask<S_arena> arena_co(Arena& a, int i) {
  co_await Ready{};
  if (i % 3 == 0) co_await Sched{};
  g_sum += i;
}
NothrowTask<S_nothrow> nothrow_co(int i) {
  co_await Sched{};
  g_sum += i;
}
Detached<S_alt> alternate(int n) {
  for (int i = 0; i < n; ++i) g_sum += co_await Alternating{i};
}
Detached<S_tok> tokens() {
  for (int v = 0; v < 5; ++v) g_sum += co_await Token{v};
}

int main() {
  for (int i = 0; i < 10; ++i) {
    EpochScope r;
    fire(i);
  }
  for (int i = 0; i < 3; ++i) {
    EpochScope r;
    killed(i);
  }
  for (int i = 0; i < 4; ++i) {
    EpochScope r;
    thrsusp(i);
  }
  for (int i = 0; i < 5; ++i) {
    EpochScope r;
    nooper(i);
  }
  Arena arena;
  std::vector<ArenaTask<S_arena>> at;
  for (int i = 0; i < 9; ++i) {
    EpochScope r;
    at.push_back(arena_co(arena, i));
  }
  std::vector<NothrowTask<S_nothrow>> nt;
  for (int i = 0; i < 6; ++i) {
    EpochScope r;
    nt.push_back(nothrow_co(i));
  }
  {
    EpochScope r;
    alternate(7);
  }
  {
    EpochScope r;
    tokens();
  }
  run_queue();
  at.clear();
  nt.clear();
  std::printf("sum=%ld killed=%ld arena_allocs=%ld\n", g_sum, g_killed, arena.allocs);
  for (const Stats* s : {&S_fire, &S_killed, &S_thr, &S_noop, &S_arena, &S_nothrow, &S_alt, &S_tok})
    std::printf("%-14s calls=%ld heap_frames=%ld heap_bytes=%ld completed=%ld sync=%ld awaits=%ld suspends=%ld waits=%ld\n",
                s->name, s->calls.load(), s->heap_frames.load(), s->heap_bytes.load(), s->completed.load(),
                s->sync.load(), s->awaits.load(), s->suspends.load(), s->waits.load());
}
