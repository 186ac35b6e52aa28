// discarded-task: scheduled starts written in the ways real promises write them
// (a helper's reproducers): none is reported; owning lazy tasks whose promise only
// logs, stores the handle in itself or returns it through a factory still are.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
#include <coroutine>
#include <deque>
#include <exception>

std::deque<std::coroutine_handle<>> g_runq;

// A: initial_suspend() itself pushes the handle onto the run queue.
struct spawn_a {
  struct promise_type {
    spawn_a get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept {
      g_runq.push_back(std::coroutine_handle<promise_type>::from_promise(*this));
      return {};
    }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// B: the promise registers itself through a base class constructor.
struct registered {
  registered() { g_runq.push_back(std::coroutine_handle<>::from_address(nullptr)); reg(this); }
  static void reg(registered *p);
  virtual void run() = 0;
};
std::deque<registered *> g_regs;
void registered::reg(registered *p) { g_regs.push_back(p); }
struct spawn_b {
  struct promise_type : registered {
    void run() override { std::coroutine_handle<promise_type>::from_promise(*this).resume(); }
    spawn_b get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// C: a member with a default member initializer registers the promise.
struct enlist {
  explicit enlist(void *p);
};
std::deque<void *> g_enlisted;
enlist::enlist(void *p) { g_enlisted.push_back(p); }
struct spawn_c {
  struct promise_type {
    enlist e{this};
    spawn_c get_return_object() { return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// D: get_return_object calls a member helper that schedules (implicit this).
struct spawn_d {
  struct promise_type {
    void schedule_me() { g_runq.push_back(std::coroutine_handle<promise_type>::from_promise(*this)); }
    spawn_d get_return_object() { schedule_me(); return {}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// E: initial_suspend returns an awaitable whose operator co_await posts.
struct post_awaitable {
  struct awaiter {
    bool await_ready() noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) { g_runq.push_back(h); }
    void await_resume() noexcept {}
  };
  awaiter operator co_await() const noexcept { return {}; }
};
struct spawn_e {
  struct promise_type {
    spawn_e get_return_object() { return {}; }
    post_awaitable initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// F: initial awaiter's await_suspend posts via a lambda into a queue of functions.
std::deque<void (*)(void *)> g_fq;
struct spawn_f {
  struct promise_type {
    spawn_f get_return_object() { return {}; }
    auto initial_suspend() noexcept {
      struct aw {
        bool await_ready() noexcept { return false; }
        void await_suspend(std::coroutine_handle<> h) noexcept {
          g_enlisted.push_back(h.address());
        }
        void await_resume() noexcept {}
      };
      return aw{};
    }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

spawn_a fa() { co_return; }
spawn_b fb() { co_return; }
spawn_c fc() { co_return; }
spawn_d fd() { co_return; }
spawn_e fe() { co_return; }
spawn_f ff() { co_return; }

void user_scheduled() {
  fa();
  fb();
  fc();
  fd();
  fe();
  ff();
}

#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

#define OWNING_TASK(NAME, GRO_BODY)                                            \
  struct NAME {                                                                \
    struct promise_type {                                                      \
      std::coroutine_handle<promise_type> self;                                \
      NAME get_return_object() { GRO_BODY }                                    \
      std::suspend_always initial_suspend() noexcept { return {}; }            \
      std::suspend_always final_suspend() noexcept { return {}; }              \
      void return_void() {}                                                    \
      void unhandled_exception() { std::terminate(); }                         \
    };                                                                         \
    using handle = std::coroutine_handle<promise_type>;                        \
    handle h;                                                                  \
    static NAME from(handle h) { return NAME{h}; }                             \
    NAME(handle h) : h(h) {}                                                   \
    NAME(NAME &&o) noexcept : h(std::exchange(o.h, nullptr)) {}                \
    ~NAME() { if (h) h.destroy(); }                                            \
    bool await_ready() { return false; }                                       \
    auto await_suspend(std::coroutine_handle<>) { return h; }                  \
    void await_resume() {}                                                     \
  };

OWNING_TASK(t_plain, return handle::from_promise(*this);) // expected-note {{starts suspended}}
OWNING_TASK(t_trace, std::printf("new frame %p\n", (void *)this); return handle::from_promise(*this);) // expected-note {{starts suspended}}
OWNING_TASK(t_factory, return from(handle::from_promise(*this));) // expected-note {{starts suspended}}
OWNING_TASK(t_self, self = handle::from_promise(*this); return self;) // expected-note {{starts suspended}}
OWNING_TASK(t_addr, auto h = handle::from_promise(*this); std::printf("%p\n", h.address()); return h;) // expected-note {{starts suspended}}

t_plain a() { co_return; }
t_trace b() { co_return; }
t_factory c() { co_return; }
t_self d() { co_return; }
t_addr e() { co_return; }

void user_owning() {
  a(); // expected-warning {{the lazy task returned by 'a' is discarded; it is destroyed before it starts}}
  b(); // expected-warning {{the lazy task returned by 'b' is discarded; it is destroyed before it starts}}
  c(); // expected-warning {{the lazy task returned by 'c' is discarded; it is destroyed before it starts}}
  d(); // expected-warning {{the lazy task returned by 'd' is discarded; it is destroyed before it starts}}
  e(); // expected-warning {{the lazy task returned by 'e' is discarded; it is destroyed before it starts}}
}

// Through a function pointer: an unknown callee that gets the promise keeps
// it (and naming it must not crash the check).
void (*on_new_frame)(void *) = nullptr;
struct Hooked {
  struct promise_type {
    Hooked get_return_object() {
      on_new_frame(this);
      return {};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
Hooked hooked();
void user_hooked() { hooked(); }
