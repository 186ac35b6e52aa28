// EXPECT: never-started send_receipt line 94
// Fault with address reuse: all frames come from one static slot. `reserve_seat` runs and is
// destroyed; `send_receipt` gets the same address and is dropped without running. The old
// frame had started; the new one never did.
// Build: clang++-19 -std=c++20 -pthread -g never-started-address-reuse.cpp
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

Task<int> reserve_seat(int n) { co_return n; }
Task<int> send_receipt(int n) { co_return n; }

Task<int> book(int seat) {
  int got = co_await reserve_seat(seat);  // runs, then its frame is destroyed
  Task<int> receipt = send_receipt(got);  // FAULT: dropped below without running
  co_return got;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  g_slot_on = false;  // the top frame lives on the heap
  Task<int> top = book(12);
  g_slot_on = true;
  top.handle().resume();
  std::printf("main: %d (slot used %d times)\n", top.handle().promise().value, g_slot_allocs);
}
