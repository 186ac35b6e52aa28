// EXPECT: none
// Look-alike of double-await: a multi-consumer shared task (awaiter list + cached result).
// Consumer A starts it, B joins while it is pending, C awaits after it finished (ready path),
// and A awaits it a second time. All legitimate.
// Build: clang++-19 -std=c++20 -pthread -g ok-shared-task-late-consumer.cpp
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
// A single-threaded run queue.
std::deque<std::coroutine_handle<>> g_ready;
struct Reschedule {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
void drain() {
  while (!g_ready.empty()) {
    auto h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

template <class T>
class SharedTask {
 public:
  struct promise_type {
    T value{};
    bool started = false;
    std::vector<std::coroutine_handle<>> awaiters;
    SharedTask get_return_object() { return SharedTask{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        for (auto a : std::exchange(h.promise().awaiters, {})) g_ready.push_back(a);
        return std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit SharedTask(Handle h) : h_(h) {}
  SharedTask(SharedTask&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~SharedTask() {
    if (h_) h_.destroy();
  }
  auto operator co_await() & noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return h.done(); }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) {
        h.promise().awaiters.push_back(c);
        if (!h.promise().started) {
          h.promise().started = true;
          return h;
        }
        return std::noop_coroutine();
      }
      T await_resume() noexcept { return h.promise().value; }
    };
    return Awaiter{h_};
  }
  bool done() const { return h_.done(); }

 private:
  Handle h_;
};

SharedTask<int> load_schema() {
  co_await Reschedule{};
  co_return 9;
}

int g_sum = 0;

Detached consumer(SharedTask<int>& schema, int times) {
  for (int i = 0; i < times; ++i) g_sum += co_await schema;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  SharedTask<int> schema = load_schema();
  consumer(schema, 2);  // A: starts it, awaits twice
  consumer(schema, 1);  // B: joins while pending
  drain();
  consumer(schema, 1);  // C: after completion
  std::printf("main: sum=%d (expected 36) done=%d\n", g_sum, schema.done());
}
