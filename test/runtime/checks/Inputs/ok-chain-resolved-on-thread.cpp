// EXPECT: none
// Look-alike of suspended-forever / concurrent-resume: a detached request awaits a lazy read
// that parks for a disk-completion thread; the thread (started once the chain is suspended)
// completes it, the read returns to the request by symmetric transfer on that thread, and
// everything finishes before the join.
// Build: clang++-19 -std=c++20 -pthread -g ok-chain-resolved-on-thread.cpp
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
// A lazy, single-consumer task: starts when awaited, returns to its awaiter by symmetric transfer.
template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
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
// An eager fire-and-forget coroutine: owns its frame, which frees itself when the body ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() noexcept { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

std::coroutine_handle<> g_disk_waiter;

struct DiskRead {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_disk_waiter = h; }
  int await_resume() noexcept { return 4096; }
};

Task<int> read_block(int lba) {
  int n = co_await DiskRead{};
  co_return n + lba;
}

std::atomic<int> g_result{0};

Detached serve_request(int lba) {
  g_result = co_await read_block(lba);
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  serve_request(8);
  std::thread disk([] { g_disk_waiter.resume(); });
  disk.join();
  std::printf("main: %d (expected 4104)\n", g_result.load());
}
