// EXPECT: none
// Look-alike of double-await with address reuse: every child frame comes from one static
// slot, so each new child sits where the previous (awaited, destroyed) one was. Each child is
// awaited exactly once, by different parents.
// Build: clang++-19 -std=c++20 -pthread -g ok-address-reuse-await.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
// One static slot for coroutine frames: a frame freed and the next one allocated share an address.
alignas(std::max_align_t) unsigned char g_slot[4096];
bool g_slot_used = false;
bool g_slot_on = true;  // off: frames come from the heap
int g_slot_allocs = 0;
void* slot_alloc(std::size_t n) {
  if (!g_slot_on || g_slot_used || n > sizeof g_slot) return ::operator new(n);
  g_slot_used = true;
  ++g_slot_allocs;
  return g_slot;
}
void slot_free(void* p) {
  if (p == g_slot)
    g_slot_used = false;
  else
    ::operator delete(p);
}
// A lazy, single-consumer task: starts when awaited, returns to its awaiter by symmetric transfer.
template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
    static void* operator new(std::size_t n) { return slot_alloc(n); }
    static void operator delete(void* p) noexcept { slot_free(p); }
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = std::move(v); }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;

  Task() = default;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  Task& operator=(Task&& o) noexcept {
    if (this != &o) {
      if (h_) h_.destroy();
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  ~Task() {
    if (h_) h_.destroy();
  }

  struct Awaiter {
    Handle h;
    bool await_ready() noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
      h.promise().continuation = c;
      return h;
    }
    T await_resume() noexcept { return h.promise().value; }
  };
  Awaiter operator co_await() & noexcept { return Awaiter{h_}; }
  Awaiter operator co_await() && noexcept { return Awaiter{h_}; }
  Handle handle() const { return h_; }

 private:
  Handle h_{};
};

Task<int> child(int i) { co_return i * i; }

Task<int> parent_a() {
  int s = 0;
  for (int i = 0; i < 4; ++i) {
    Task<int> c = child(i);
    s += co_await c;
  }
  co_return s;
}

Task<int> parent_b() {
  Task<int> c = child(5);
  co_return co_await c;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  g_slot_on = false;  // parents live on the heap
  Task<int> a = parent_a();
  Task<int> b = parent_b();
  g_slot_on = true;
  a.handle().resume();
  b.handle().resume();
  std::printf("main: %d %d (expected 14 25), slot used %d times\n", a.handle().promise().value,
              b.handle().promise().value, g_slot_allocs);
}
