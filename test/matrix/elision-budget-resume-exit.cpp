// The instrumented build once heap-allocated one coroutine frame more than
// the plain one here (2 instead of 1 of 3). CoroElide gives up on a frame
// when its search for an escaping path from coro.begin visits more than 32
// blocks per destroy of the frame (LLVM's CoroIdElider::canCoroBeginEscape);
// test() is near that budget, and a hook after each inlined resume() sat
// alone in the normal destination of an invoke, a block the plain build
// folds away. The exit hook now rides on the resume itself, as an operand
// bundle (plugin/HookMarkers.h, tagHookAfter). Reduced from libcoro's
// test/test_event.cpp "event multiple watchers" (docs/real-code.md).
// RUN: %clangxx -O2 %s -o %t.plain
// RUN: %clang_coroscope -O2 %s -o %t.inst
// RUN: %t.plain > %t.plain.out
// RUN: env COROSCOPE_OUT=%t.log %t.inst > %t.inst.out
// RUN: diff %t.plain.out %t.inst.out
// RUN: %coroscope report %t.log | FileCheck %s
// CHECK: functions: 1, calls: 3, heap frames: 1 (72 bytes), elided frames: 2 (144 bytes), frames not destroyed: 0
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <utility>

// [[gnu::weak]] = opaque (not inlined, no attributes inferred), as if defined in another TU.
static int news = 0; // calls of operator new = coroutine frames that were not elided
[[gnu::weak]] void* operator new(std::size_t n) { ++news; return std::malloc(n); }

struct task { // lazy; final_suspend transfers to the continuation, like coro::task
  struct promise_type {
    std::coroutine_handle<> continuation;
    int value = 0;
    struct final_awaitable : std::suspend_always {
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        if (auto c = h.promise().continuation) return c;
        return std::noop_coroutine();
      }
    };
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    final_awaitable final_suspend() noexcept { return {}; }
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::abort(); }
  };
  std::coroutine_handle<promise_type> h;
  ~task() { if (h) h.destroy(); }
  bool is_ready() const noexcept { return !h || h.done(); }
  bool resume() { if (!h.done()) h.resume(); return !h.done(); }
};

struct event { // like coro::event: co_await suspends until set()
  struct awaiter : std::suspend_always {
    event& e;
    awaiter* next = nullptr; // intrusive list of waiters, head in event
    std::coroutine_handle<> waiter = nullptr;
    bool await_suspend(std::coroutine_handle<> h) noexcept;
  };
  awaiter* head = nullptr;
  awaiter operator co_await() noexcept { return awaiter{{}, *this}; }
  void set() noexcept;
};
[[gnu::weak]] bool event::awaiter::await_suspend(std::coroutine_handle<> h) noexcept {
  waiter = h, next = e.head, e.head = this;
  return true;
}
[[gnu::weak]] void event::set() noexcept {
  for (awaiter* a = std::exchange(head, nullptr); a;) std::exchange(a, a->next)->waiter.resume();
}

// Like Catch2's REQUIRE(x) (AssertionHandler lives in the Catch2 library).
struct Handler { Handler(); ~Handler(); void handle(bool); void unexpected(); void complete(); };
[[gnu::weak]] Handler::Handler() {}
[[gnu::weak]] Handler::~Handler() {}
[[gnu::weak]] void Handler::handle(bool ok) { if (!ok) std::abort(); }
[[gnu::weak]] void Handler::unexpected() {}
[[gnu::weak]] void Handler::complete() {}
#define REQUIRE(x) do { Handler h; try { h.handle(x); } catch (...) { h.unexpected(); } h.complete(); } while (0)

task consumer(event& e) { co_await e; co_return 42; }

void test() {
  event e;
  task value1 = consumer(e), value2 = consumer(e), value3 = consumer(e);
  value1.resume(), value2.resume(), value3.resume();
  REQUIRE(!value1.is_ready());
  REQUIRE(!value2.is_ready());
  REQUIRE(!value3.is_ready());
  e.set();
  REQUIRE(value1.h.promise().value == 42);
  REQUIRE(value2.h.promise().value == 42);
  REQUIRE(value3.h.promise().value == 42);
  REQUIRE(!value1.resume()); // done: resume() is a no-op
  REQUIRE(!value2.resume());
}

int main() { test(); std::printf("%d\n", news); }
