// EXPECT: double-await lookup line 100,99
// Fault with address reuse: every frame comes from one static slot, so `lookup`'s frame sits
// where `warm_cache`'s frame was (awaited once and destroyed). `lookup` itself is awaited
// twice; the finding must name lookup and its own awaits, not the old frame's.
// Build: clang++-19 -std=c++20 -pthread -g double-await-address-reuse.cpp
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

Task<int> warm_cache() { co_return 1; }
Task<int> lookup(int key) { co_return key * 2; }

Task<int> service() {
  int total = 0;
  {
    Task<int> warm = warm_cache();
    total += co_await warm;
  }  // warm_cache's frame is destroyed: the slot is free again
  Task<int> l = lookup(21);
  total += co_await l;
  total += co_await l;  // FAULT: second await of the finished lookup
  co_return total;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  g_slot_on = false;  // the top frame lives on the heap
  Task<int> top = service();
  g_slot_on = true;
  top.handle().resume();
  std::printf("main: %d (slot used %d times)\n", top.handle().promise().value, g_slot_allocs);
}
