//===- mkit.h - Coroutine types that count their own ground truth ---------===//
//
// The coverage matrix (test/matrix/) runs each program plainly and with
// coroscope and compares the report with what the program counted itself.
// Here the counting lives in the promise types, not in the coroutine bodies,
// so no form can forget a probe:
//
//  * calls, heap frames, heap bytes: the promise constructor takes a
//    std::source_location default argument, which Clang evaluates at the
//    coroutine (function name and line, the key coroscope reports too). It
//    takes the last allocation made on this thread from the program's
//    operator new (mkit_main.h); the frame was a heap frame of that many
//    bytes exactly when the promise lies inside that block, which the
//    promise destructor checks. An elided frame lives in its caller's frame
//    or on the stack, never inside that block (the caller's own promise
//    already took the caller's frame).
//  * awaits, suspends (minus bool await_suspend == false and throwing
//    await_suspend): await_transform wraps every co_await operand, and
//    yield_value returns a counting awaiter.
//  * waits, with coroscope's definition (docs/report-format.md): a
//    suspension is not a wait when it is resumed on the same thread while
//    the activation that carried it is still running. Every resume() in the
//    programs goes through mkit::resume(), which keeps a per-thread stack of
//    activations; the carrier is its top. A ramp is one too: calls of
//    coroutines that start eagerly go through MKIT_RAMP().
//  * completed and sync_completions: final_suspend() is reached; destroyed:
//    the promise destructor (for frames_not_destroyed).
// Counters are atomic: the thread-pool program counts from several threads.
//
// Frames allocated in a shared library are judged by the executable's
// operator new, so all of this state lives in the executable (mkit_main.h)
// and a library reaches it through mkit::state, handed over by
// MKIT_LIBRARY_ATTACH.
//
// A coroutine must not take by-value parameters whose copy allocates: the
// copy runs between the frame's allocation and the promise constructor.
//
//===----------------------------------------------------------------------===//
#ifndef MKIT_H
#define MKIT_H

#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <source_location>
#include <type_traits>
#include <utility>

#if defined(__cpp_exceptions)
#define MKIT_EXCEPTIONS 1
#else
#define MKIT_EXCEPTIONS 0
#endif

namespace mkit {

[[noreturn]] inline void die(const char *what) {
  std::fprintf(stderr, "mkit: %s\n", what);
  std::fflush(nullptr);
  std::abort();
}

struct function_truth {
  const char *name;
  const char *file;
  unsigned line;
  std::atomic<std::uint64_t> calls{0}, heap_frames{0}, heap_bytes{0},
      awaits{0}, suspends{0}, waits{0}, completed{0}, sync_completions{0},
      destroyed{0};
  function_truth *next = nullptr;
};

struct alloc_record {
  std::uintptr_t begin = 0;
  std::size_t bytes = 0;
};

/// What the executable provides (mkit_main.h); libraries get a pointer.
struct state {
  alloc_record (*take_last_alloc)() noexcept;
  void (*note_alloc)(void *p, std::size_t n) noexcept;
  void (*push_activation)() noexcept;
  void (*pop_activation)() noexcept;
  std::uint64_t (*top_activation)() noexcept;
  bool (*activation_alive)(std::uint64_t id) noexcept;
  std::uint64_t (*thread_tag)() noexcept;
  function_truth *(*lookup)(const std::source_location &loc) noexcept;
};

inline state *&state_slot() noexcept {
  static state *s = nullptr;
  return s;
}
// No null check here: a noreturn error path in a ramp stops LLVM's CoroElide
// from eliding the frame (measured), and elision must happen at -O2. A
// library that was not attached crashes at its first coroutine.
inline state &st() noexcept { return *state_slot(); }

/// resume() as the drivers must call it: one activation, as coroscope sees a
/// ResumeEnter/ResumeExit pair.
inline void resume(std::coroutine_handle<> h) {
  struct scope {
    scope() { st().push_activation(); }
    ~scope() { st().pop_activation(); }
  } s;
  h.resume();
}

/// A call of a coroutine that may suspend in its ramp (initial_suspend()
/// does not suspend) is made through MKIT_RAMP(call): coroscope counts the
/// ramp as an activation, the carrier of suspensions made while it runs, so
/// the kit does too. A lazy coroutine's ramp only reaches its initial
/// suspend point, which no count here depends on.
template <class F> decltype(auto) ramp(F &&f) {
  struct scope {
    scope() { st().push_activation(); }
    ~scope() { st().pop_activation(); }
  } s;
  return static_cast<F &&>(f)();
}
#define MKIT_RAMP(...) ::mkit::ramp([&]() -> decltype(auto) { return __VA_ARGS__; })

/// Where a suspension happened; a wait is decided at the resumption.
struct suspension_mark {
  std::uint64_t carrier = 0;
  std::uint64_t thread = 0;
  bool suspended = false;
};

/// Base of every promise type of the kit.
class frame_truth {
public:
  explicit frame_truth(const std::source_location &loc) noexcept
      : alloc_(st().take_last_alloc()) {
    fn_ = st().lookup(loc);
    ++fn_->calls;
  }
  // Heap or not is judged here, not in the constructor: any use of the frame
  // address in the ramp stops LLVM's CoroElide from eliding it (measured),
  // while the destroy function is no part of the ramp. So a frame counts as
  // a heap frame once it is destroyed (the programs destroy all of theirs
  // before printing; frames_not_destroyed checks that).
  ~frame_truth() {
    const char *self = reinterpret_cast<const char *>(this);
    const char *begin = reinterpret_cast<const char *>(alloc_.begin);
    const std::less<const char *> below;
    if (begin && !below(self, begin) && below(self, begin + alloc_.bytes)) {
      ++fn_->heap_frames;
      fn_->heap_bytes += alloc_.bytes;
    }
    ++fn_->destroyed;
  }
  frame_truth(const frame_truth &) = delete;
  frame_truth &operator=(const frame_truth &) = delete;

  void counted_ready() noexcept { ++fn_->awaits; }
  void counted_suspend(suspension_mark &m) noexcept {
    ++fn_->suspends;
    m.suspended = true;
    m.carrier = st().top_activation();
    m.thread = st().thread_tag();
  }
  /// await_suspend said "don't suspend" (false) or threw.
  void counted_cancel(suspension_mark &m) noexcept {
    --fn_->suspends;
    m.suspended = false;
  }
  void counted_resume(suspension_mark &m) noexcept {
    if (!m.suspended)
      return;
    m.suspended = false;
    state &s = st();
    if (m.thread == s.thread_tag() && s.activation_alive(m.carrier))
      return;
    ++fn_->waits;
    waited_ = true;
  }
  void reached_final() noexcept {
    ++fn_->completed;
    if (!waited_)
      ++fn_->sync_completions;
  }

private:
  alloc_record alloc_; // the last allocation before the promise was built
  function_truth *fn_;
  bool waited_ = false;
};

template <class A> decltype(auto) get_awaiter(A &&a) {
  if constexpr (requires { static_cast<A &&>(a).operator co_await(); })
    return static_cast<A &&>(a).operator co_await();
  else if constexpr (requires { operator co_await(static_cast<A &&>(a)); })
    return operator co_await(static_cast<A &&>(a));
  else
    return static_cast<A &>(a); // operand lives to the end of the co_await
}

/// What await_transform returns: the operand's awaiter, counted. Its
/// await_suspend returns what the inner one returns (void, bool, handle).
template <class Inner> class counted {
public:
  template <class A>
  counted(A &&a, frame_truth &f) : inner_(get_awaiter(static_cast<A &&>(a))), f_(f) {}

  bool await_ready() {
    f_.counted_ready();
    return inner_.await_ready();
  }
  template <class P> auto await_suspend(std::coroutine_handle<P> h) {
    // Count first: once the inner await_suspend runs, the frame may already
    // run again, here (symmetric transfer) or on another thread.
    f_.counted_suspend(mark_);
    using R = decltype(inner_.await_suspend(h));
#if MKIT_EXCEPTIONS
    try {
#endif
      if constexpr (std::is_same_v<R, bool>) {
        if (inner_.await_suspend(h))
          return true;
        f_.counted_cancel(mark_);
        return false;
      } else {
        return inner_.await_suspend(h);
      }
#if MKIT_EXCEPTIONS
    } catch (...) {
      f_.counted_cancel(mark_); // coroscope: an AwaitCancel
      throw;
    }
#endif
  }
  decltype(auto) await_resume() {
    f_.counted_resume(mark_);
    return inner_.await_resume();
  }

private:
  Inner inner_;
  frame_truth &f_;
  suspension_mark mark_;
};

} // namespace mkit

// Every promise type starts with this: the constructor whose default
// argument names the coroutine (it must be the promise's own: a default
// argument of a base constructor would name the promise), and the
// await_transform that counts every co_await. The base named after P leads
// to frame_truth.
#define MKIT_PROMISE_CTOR(P, ...)                                              \
  P(const std::source_location &mkit_loc = std::source_location::current())    \
      noexcept : __VA_ARGS__(mkit_loc) {}                                      \
  template <class A> auto await_transform(A &&a) {                             \
    using inner = decltype(::mkit::get_awaiter(static_cast<A &&>(a)));         \
    return ::mkit::counted<inner>(static_cast<A &&>(a), *this);                \
  }

// In a shared library: `extern "C" void NAME(mkit::state *)`, to be called by
// the executable before any coroutine of the library runs.
#define MKIT_LIBRARY_ATTACH(NAME)                                              \
  extern "C" void NAME(::mkit::state *s) { ::mkit::state_slot() = s; }

namespace mkit {

/// Single-threaded run queue: what the awaiters below park on.
class loop {
public:
  void post(std::coroutine_handle<> h) { q_.push_back(h); }
  /// Resumes until nothing is queued; each resume is a driver activation.
  void run() {
    while (!q_.empty()) {
      std::coroutine_handle<> h = q_.front();
      q_.pop_front();
      mkit::resume(h);
    }
  }
  /// Forgets the queued coroutines (their owners destroy them: cancellation).
  std::size_t drop_all() {
    std::size_t n = q_.size();
    q_.clear();
    return n;
  }

  /// void await_suspend: always parks.
  struct park_awaiter {
    loop &l;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<> h) const { l.post(h); }
    void await_resume() const noexcept {}
  };
  park_awaiter park() { return {*this}; }

  /// bool await_suspend: parks only when asked to; false resumes at once.
  struct maybe_awaiter {
    loop &l;
    bool really;
    bool await_ready() const noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> h) const {
      if (!really)
        return false;
      l.post(h);
      return true;
    }
    void await_resume() const noexcept {}
  };
  maybe_awaiter maybe_park(bool really) { return {*this, really}; }

  /// handle await_suspend: parks and returns noop_coroutine().
  struct park_handle_awaiter {
    loop &l;
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) const {
      l.post(h);
      return std::noop_coroutine();
    }
    void await_resume() const noexcept {}
  };
  park_handle_awaiter park_handle() { return {*this}; }

private:
  std::deque<std::coroutine_handle<>> q_;
};

/// handle await_suspend returning the suspending coroutine itself: it
/// suspends and runs on at once (symmetric transfer to self), no wait.
struct self_transfer {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) const noexcept {
    return h;
  }
  void await_resume() const noexcept {}
};

/// An awaiter that is ready at once: counted as an await, never a suspend.
struct ready_value {
  int v;
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  int await_resume() const noexcept { return v; }
};

/// Resumes the suspending coroutine from inside its own await_suspend (a
/// nested resume): the carrier is still running, so this is no wait.
struct resume_inline {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) const { mkit::resume(h); }
  void await_resume() const noexcept {}
};

#if MKIT_EXCEPTIONS
struct boom {
  int code;
};
/// await_suspend throws: the coroutine goes on with the exception at once.
struct throwing_suspend {
  int code;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) const { throw boom{code}; }
  void await_resume() const noexcept {}
};
#endif

// ---------------------------------------------------------------------------
// task<T, Policy>: lazy, started by co_await (symmetric transfer in and out)
// or by sync_wait. Policy rethrow: unhandled_exception() rethrows, so the
// exception leaves the resume() that ran the body.
enum class on_exception { store, rethrow };

template <class T = void, on_exception E = on_exception::store> class task;

namespace detail {
struct final_transfer {
  bool await_ready() const noexcept { return false; }
  template <class P>
  std::coroutine_handle<> await_suspend(std::coroutine_handle<P> self) const noexcept {
    if (std::coroutine_handle<> next = self.promise().continuation)
      return next;
    return std::noop_coroutine();
  }
  void await_resume() const noexcept {}
};

template <class T, on_exception E> struct task_promise_base : frame_truth {
  using frame_truth::frame_truth;
  std::coroutine_handle<> continuation;
#if MKIT_EXCEPTIONS
  std::exception_ptr error;
#endif
  std::suspend_always initial_suspend() const noexcept { return {}; }
  final_transfer final_suspend() noexcept {
    reached_final();
    return {};
  }
  void unhandled_exception() {
#if MKIT_EXCEPTIONS
    if constexpr (E == on_exception::rethrow)
      throw;
    else
      error = std::current_exception();
#else
    die("unhandled_exception without exceptions");
#endif
  }
  void rethrow_if_failed() {
#if MKIT_EXCEPTIONS
    if (error)
      std::rethrow_exception(error);
#endif
  }
};

template <class T, on_exception E> struct task_promise : task_promise_base<T, E> {
  MKIT_PROMISE_CTOR(task_promise, task_promise_base<T, E>)
  T value{};
  task<T, E> get_return_object() noexcept;
  void return_value(T v) { value = std::move(v); }
  T take() {
    this->rethrow_if_failed();
    return std::move(value);
  }
};
template <on_exception E> struct task_promise<void, E> : task_promise_base<void, E> {
  MKIT_PROMISE_CTOR(task_promise, task_promise_base<void, E>)
  task<void, E> get_return_object() noexcept;
  void return_void() noexcept {}
  void take() { this->rethrow_if_failed(); }
};
} // namespace detail

// MKIT_TASK_ATTRIBUTES: test/matrix/Inputs/await_elidable.cpp makes the
// task [[clang::coro_await_elidable]] (Clang 20 and later), and
// MKIT_OPAQUE_DESTROY hides the task's destroy() from CoroElide, so that
// only the attribute can elide its frames.
#ifndef MKIT_TASK_ATTRIBUTES
#define MKIT_TASK_ATTRIBUTES
#endif
#if MKIT_OPAQUE_DESTROY
[[gnu::noinline]] inline void destroy_frame(std::coroutine_handle<> h) { h.destroy(); }
#else
inline void destroy_frame(std::coroutine_handle<> h) { h.destroy(); }
#endif
template <class T, on_exception E> class [[nodiscard]] MKIT_TASK_ATTRIBUTES task {
public:
  using promise_type = detail::task_promise<T, E>;
  using handle_type = std::coroutine_handle<promise_type>;

  explicit task(handle_type h) noexcept : h_(h) {}
  task(task &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  task &operator=(task &&o) noexcept {
    if (this != &o) {
      if (h_)
        destroy_frame(h_);
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  ~task() {
    if (h_)
      destroy_frame(h_);
  }

  struct awaiter {
    handle_type child;
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> parent) const noexcept {
      child.promise().continuation = parent;
      return child;
    }
    T await_resume() const { return child.promise().take(); }
  };
  awaiter operator co_await() const noexcept { return awaiter{h_}; }

  handle_type handle() const noexcept { return h_; }

private:
  handle_type h_;
};

namespace detail {
template <class T, on_exception E>
task<T, E> task_promise<T, E>::get_return_object() noexcept {
  return task<T, E>(std::coroutine_handle<task_promise>::from_promise(*this));
}
template <on_exception E>
task<void, E> task_promise<void, E>::get_return_object() noexcept {
  return task<void, E>(std::coroutine_handle<task_promise>::from_promise(*this));
}
} // namespace detail

/// Starts the task, runs the loop until nothing is queued, returns its
/// result (rethrowing what it stored; a rethrow-policy task throws out of
/// the first resume() already).
template <class T, on_exception E> T sync_wait(task<T, E> &t, loop &l) {
  mkit::resume(t.handle());
  l.run();
  if (!t.handle().done())
    die("sync_wait: task still suspended with an empty loop");
  return t.handle().promise().take();
}

// ---------------------------------------------------------------------------
// eager<T>: runs in the ramp up to its first real suspension; stays at its
// final suspend point until its owner reads the value and destroys it.
template <class T> class [[nodiscard]] eager {
public:
  struct promise_type : frame_truth {
    MKIT_PROMISE_CTOR(promise_type, frame_truth)
    T value{};
    eager get_return_object() noexcept {
      return eager(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_never initial_suspend() const noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      reached_final();
      return {};
    }
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { std::terminate(); }
  };
  explicit eager(std::coroutine_handle<promise_type> h) noexcept : h_(h) {}
  eager(eager &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  eager &operator=(eager &&) = delete;
  ~eager() {
    if (h_)
      h_.destroy();
  }
  bool done() const noexcept { return h_.done(); }
  T get() const {
    if (!h_.done())
      die("eager: not finished");
    return h_.promise().value;
  }

private:
  std::coroutine_handle<promise_type> h_;
};

// ---------------------------------------------------------------------------
// detached: fire and forget; the frame frees itself at the end.
struct detached {
  struct promise_type : frame_truth {
    MKIT_PROMISE_CTOR(promise_type, frame_truth)
    detached get_return_object() const noexcept { return {}; }
    std::suspend_never initial_suspend() const noexcept { return {}; }
    std::suspend_never final_suspend() noexcept {
      reached_final();
      return {};
    }
    void return_void() const noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

// ---------------------------------------------------------------------------
// generator<T>: each co_yield hands control back to the consumer, whose
// iterator resumes it with mkit::resume (so every yield is a wait).
template <class T> class [[nodiscard]] generator {
public:
  struct promise_type : frame_truth {
    MKIT_PROMISE_CTOR(promise_type, frame_truth)
    const T *current = nullptr;

    generator get_return_object() noexcept {
      return generator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }
    std::suspend_always final_suspend() noexcept {
      reached_final();
      return {};
    }
    struct yield_awaiter {
      promise_type &p;
      suspension_mark mark;
      bool await_ready() noexcept {
        p.counted_ready();
        return false;
      }
      void await_suspend(std::coroutine_handle<>) noexcept { p.counted_suspend(mark); }
      void await_resume() noexcept { p.counted_resume(mark); }
    };
    yield_awaiter yield_value(const T &v) noexcept {
      current = &v;
      return {*this, {}};
    }
    void return_void() const noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  using handle_type = std::coroutine_handle<promise_type>;

  explicit generator(handle_type h) noexcept : h_(h) {}
  generator(generator &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  generator &operator=(generator &&) = delete;
  ~generator() {
    if (h_)
      h_.destroy();
  }
  /// The next value, or nullptr at the end.
  const T *next() {
    mkit::resume(h_);
    return h_.done() ? nullptr : h_.promise().current;
  }

private:
  handle_type h_;
};

} // namespace mkit

#endif // MKIT_H
