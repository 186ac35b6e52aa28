// lock-across-suspend: a mutex held by a lock guard across co_await/co_yield.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <mutex>
#include <shared_mutex>

std::mutex m, m2;
std::shared_mutex sm;
Task<> io();
int hits;

// A project's own guards, marked with Clang's thread-safety attributes as
// absl::MutexLock is.
class __attribute__((capability("mutex"))) Mutex {
public:
  void lock() __attribute__((acquire_capability()));
  void unlock() __attribute__((release_capability()));
};
Mutex mu;
class __attribute__((scoped_lockable)) MutexLock {
public:
  explicit MutexLock(Mutex &m) __attribute__((acquire_capability(m)));
  ~MutexLock() __attribute__((release_capability()));
};
class __attribute__((scoped_lockable)) ReleasableMutexLock {
public:
  explicit ReleasableMutexLock(Mutex &m) __attribute__((acquire_capability(m)));
  ~ReleasableMutexLock() __attribute__((release_capability()));
  void Release() __attribute__((release_capability()));
};
template <class M> class __attribute__((scoped_lockable)) Guard {
public:
  explicit Guard(M &m) __attribute__((acquire_capability(m)));
  ~Guard() __attribute__((release_capability()));
};
// The same shape without the attribute: nothing says it holds a lock.
class MutexLockLike {
public:
  explicit MutexLockLike(Mutex &m);
  ~MutexLockLike();
};


// An async mutex and condition variable shaped like those of coroutine
// libraries (async_simple's Mutex, SpinLock and ConditionVariable): the lock
// is taken by co_await, which hands over a guard (here a std::unique_lock
// that adopted it, or a guard class of the library's own), and a wait on the
// condition variable takes the mutex, or the guard, and releases it while
// the coroutine is suspended.
template <class T> struct Awaits { // an awaitable whose result is T
  bool await_ready() noexcept;
  void await_suspend(std::coroutine_handle<>) noexcept;
  T await_resume() noexcept;
};
namespace async {
class Mutex {
public:
  void lock();
  bool try_lock();
  void unlock();
  Awaits<std::unique_lock<Mutex>> coScopedLock() noexcept;
  Awaits<void> coLock() noexcept;
};
class __attribute__((scoped_lockable)) Guard { // what a library's scoped lock may look like
public:
  explicit Guard(Mutex &m) __attribute__((acquire_capability(m)));
  Guard(Guard &&);
  ~Guard() __attribute__((release_capability()));
};
Awaits<Guard> acquire(Mutex &m);
template <class Lock> class ConditionVariable {
public:
  Task<> wait(Lock &lock);
  template <class Pred> Task<> wait(Lock &lock, Pred &&pred) { return wait(lock); }
};
template <class Lock> struct WaitAwaiter { // the awaiter built from the lock itself
  ConditionVariable<Lock> *cv;
  Lock &lock;
  bool await_ready() noexcept;
  void await_suspend(std::coroutine_handle<>) noexcept;
  void await_resume() noexcept;
};
} // namespace async
async::Mutex am;
async::ConditionVariable<async::Mutex> acv;
async::ConditionVariable<std::unique_lock<std::mutex>> tcv; // waits on a thread lock's guard
bool ready;

//===--- should trigger ---===//

// A guard declared in an if/for init statement lives through its body (a
// new user's reproducer); one whose statement ends before the suspension
// does not.
int pending = 0;
Task<> if_init() {
  if (std::lock_guard<std::mutex> g(m); pending > 0) { // expected-note {{'g' locked here}}
    co_await io(); // expected-warning {{coroutine 'if_init' suspends while holding 'g'}}
  }
  for (std::lock_guard<std::mutex> f(m); pending > 0; --pending) // expected-note {{'f' locked here}}
    co_await io(); // expected-warning {{coroutine 'if_init' suspends while holding 'f'}}
  if (std::lock_guard<std::mutex> done(m); pending > 0)
    ++pending;
  co_await io();
}

Task<> guard() {
  std::lock_guard<std::mutex> g(m); // expected-note {{'g' locked here; release it before the suspension (end its scope, or unlock() a std::unique_lock)}}
  // expected-warning@+1 {{coroutine 'guard' suspends while holding 'g' ('std::lock_guard<std::mutex>'); the mutex stays locked while it is suspended and may be unlocked on another thread after it resumes [-Wcoroscope-lock-across-suspend]}}
  co_await io();
}

Task<> nested(bool c) {
  std::scoped_lock l(m); // expected-note {{'l' locked here}}
  if (c) {
    co_await io(); // expected-warning {{suspends while holding 'l'}}
  }
}

Task<> relocked() {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  u.unlock();
  u.lock();
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> shared() {
  std::shared_lock<std::shared_mutex> r(sm); // expected-note {{'r' locked here}}
  co_await Yield{}; // expected-warning {{suspends while holding 'r'}}
}

// An unlock() on one path only leaves the mutex locked on the others. The
// construct between the unlock and the suspension decides: if, ?:, &&, ||,
// switch, a loop body, a catch handler.
Task<> unlocked_one_path(bool flush) {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  if (flush)
    u.unlock();
  co_await io(); // expected-warning {{coroutine 'unlocked_one_path' suspends while holding 'u'}}
}

Task<> unlocked_in_other_arm(bool flush) {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  if (flush)
    u.unlock();
  else
    co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> unlocked_short_circuit(bool flush) {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  (void)(flush && (u.unlock(), true));
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> unlocked_conditional_operator(bool flush) {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  flush ? u.unlock() : void();
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> unlocked_in_case(int k) {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  switch (k) {
  case 0:
    u.unlock();
    break;
  default:
    break;
  }
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

bool busy();
void risky();
Task<> unlocked_in_loop() {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  while (busy()) {
    u.unlock();
    break;
  }
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> unlocked_in_handler() {
  std::unique_lock<std::mutex> u(m); // expected-note {{'u' locked here}}
  try {
    risky();
  } catch (...) {
    u.unlock();
  }
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

// A lock() on one path takes the mutex on that path.
Task<> relocked_one_path(bool retry) {
  std::unique_lock<std::mutex> u(m, std::defer_lock); // expected-note {{'u' locked here}}
  if (retry)
    u.lock();
  co_await io(); // expected-warning {{suspends while holding 'u'}}
}

Task<> scoped_lockable() {
  MutexLock l(mu); // expected-note {{'l' locked here}}
  co_await io(); // expected-warning {{coroutine 'scoped_lockable' suspends while holding 'l' ('MutexLock')}}
}

Task<> scoped_lockable_template() {
  Guard<Mutex> g(mu); // expected-note {{'g' locked here}}
  co_await io(); // expected-warning {{suspends while holding 'g' ('Guard<Mutex>')}}
}

// Its release_capability method releases it, on one path here.
Task<> scoped_lockable_released_one_path(bool c) {
  ReleasableMutexLock r(mu); // expected-note {{'r' locked here}}
  if (c)
    r.Release();
  co_await io(); // expected-warning {{suspends while holding 'r' ('ReleasableMutexLock')}}
}


// A thread lock stays reported: a wait on it releases it for that wait only,
// and a wait on another lock does not release it at all.
Task<> thread_lock_after_wait() {
  std::unique_lock<std::mutex> lk(m); // expected-note {{'lk' locked here}}
  co_await tcv.wait(lk);
  co_await io(); // expected-warning {{suspends while holding 'lk' ('std::unique_lock<std::mutex>')}}
}

Task<> thread_lock_other_wait() {
  std::unique_lock<std::mutex> lk(m); // expected-note {{'lk' locked here}}
  co_await acv.wait(am, [] { return ready; }); // expected-warning {{suspends while holding 'lk'}}
}

// A guard constructed on an async mutex (not obtained by co_await) took it
// with the blocking lock(): a thread lock like any other.
Task<> async_mutex_locked_blocking() {
  std::unique_lock<async::Mutex> lk(am); // expected-note {{'lk' locked here}}
  co_await io(); // expected-warning {{suspends while holding 'lk' ('std::unique_lock<async::Mutex>')}}
}

// Adopted after a blocking lock(), or taken by try_lock(), a std::mutex is
// a thread lock all the same.
Task<> thread_lock_adopted_or_tried() {
  m.lock(); // expected-warning {{'std::mutex::lock' blocks the thread}}
  std::unique_lock<std::mutex> lk(m, std::adopt_lock); // expected-note {{'lk' locked here}}
  co_await io(); // expected-warning {{suspends while holding 'lk' ('std::unique_lock<std::mutex>')}}
}
Task<> thread_lock_tried() {
  std::unique_lock<std::mutex> lk(m, std::try_to_lock); // expected-note {{'lk' locked here}}
  co_await io(); // expected-warning {{suspends while holding 'lk' ('std::unique_lock<std::mutex>')}}
}

//===--- should NOT trigger ---===//

// An async mutex locked by co_await, then adopted by a std guard, or only
// tried: no thread blocked for it (found by a new user's try).
Task<> async_mutex_adopted() {
  co_await am.coLock();
  std::unique_lock<async::Mutex> lk(am, std::adopt_lock);
  co_await io();
}
Task<> async_mutex_tried() {
  std::unique_lock<async::Mutex> lk(am, std::try_to_lock);
  co_await io();
}

Task<> scoped() {
  {
    std::lock_guard<std::mutex> g(m);
  }
  co_await io();
}

Task<> unlocked() {
  std::unique_lock<std::mutex> u(m);
  u.unlock();
  co_await io();
}

Task<> deferred() {
  std::unique_lock<std::mutex> u(m, std::defer_lock);
  co_await io();
}

Task<> moved_away() {
  std::unique_lock<std::mutex> u(m);
  std::unique_lock<std::mutex> v = std::move(u);
  v.unlock();
  co_await io();
}

Task<> lock_after_await() {
  co_await io();
  std::lock_guard<std::mutex> g(m);
}

Task<> suppressed() {
  std::lock_guard<std::mutex> g(m);
  co_await io(); // NOLINT(coroscope-lock-across-suspend)
}

// Unlocked on every path that reaches the suspension: the unlock and the
// co_await share the branch, or the unlock is in a part that always runs (an
// if's init or condition, the left of &&).
Task<> unlocked_in_same_branch(bool flush) {
  std::unique_lock<std::mutex> u(m);
  if (flush) {
    u.unlock();
    co_await io();
  }
}

Task<> unlocked_in_condition(bool flush) {
  std::unique_lock<std::mutex> u(m);
  std::unique_lock<std::mutex> v(m2);
  if (u.unlock(); flush)
    ++hits;
  (void)((v.unlock(), flush) && flush);
  co_await io();
}

// Taken and released again within one branch, or taken only on a path that
// does not reach the suspension.
Task<> relocked_and_unlocked(bool retry) {
  std::unique_lock<std::mutex> u(m);
  u.unlock();
  if (retry) {
    u.lock();
    ++hits;
    u.unlock();
  }
  co_await io();
}

Task<> try_locked_and_unlocked() {
  std::unique_lock<std::mutex> u(m, std::defer_lock);
  if (u.try_lock()) {
    ++hits;
    u.unlock();
  }
  co_await io();
}

Task<> locked_in_other_arm(bool c) {
  std::unique_lock<std::mutex> u(m, std::defer_lock);
  if (c) {
    u.lock();
    ++hits;
  } else {
    co_await io();
  }
}

// Released on every path; a look-alike without scoped_lockable; the mutex
// itself.
Task<> scoped_lockable_fine() {
  {
    MutexLock l(mu);
  }
  ReleasableMutexLock r(mu);
  r.Release();
  MutexLockLike n(mu);
  Mutex local;
  co_await io();
}

// Obtained by co_await: the async mutex's guard is meant to be held across
// suspensions, whatever its type is called.
Task<> async_scoped_lock() {
  auto lk = co_await am.coScopedLock();
  co_await io();
}

Task<> async_guard_types() {
  std::unique_lock<async::Mutex> lk = co_await am.coScopedLock();
  async::Guard g = co_await async::acquire(am);
  co_await Yield{};
}

// A condition variable's wait takes the mutex (or the guard) and releases it
// while suspended: the async_simple test's shape, and a thread lock's guard
// handed to a wait (it is unlocked and locked again on the same thread).
Task<> async_condition_wait() {
  auto lk = co_await am.coScopedLock();
  co_await acv.wait(am, [] { return ready; });
  ready = false;
}

Task<> thread_lock_condition_wait() {
  std::unique_lock<std::mutex> lk(m);
  co_await tcv.wait(lk, [] { return ready; });
  co_await tcv.wait(lk);
}

Task<> thread_lock_wait_awaiter() {
  std::unique_lock<std::mutex> lk(m);
  co_await async::WaitAwaiter<std::unique_lock<std::mutex>>{&tcv, lk};
}

// A guard emptied by assignment or swap before the suspension holds nothing
// (a new user's reproducers); a scoped_lock of no mutex never did.
Task<> emptied_by_assignment() {
  std::unique_lock<std::mutex> lk(m);
  lk = {};
  co_await io();
}
Task<> emptied_by_move_assignment() {
  std::unique_lock<std::mutex> lk(m);
  lk = std::unique_lock<std::mutex>(m, std::defer_lock);
  co_await io();
}
Task<> emptied_by_member_swap() {
  std::unique_lock<std::mutex> lk(m);
  std::unique_lock<std::mutex>().swap(lk);
  co_await io();
}
Task<> emptied_by_std_swap() {
  std::unique_lock<std::mutex> lk(m), none;
  std::swap(lk, none);
  co_await io();
}
Task<> locks_no_mutex() {
  std::scoped_lock<> none;
  co_await io();
}
