// EXPECT: none
// Look-alike of leaked-frame / concurrent-resume: a generator is pulled on main, then moved to
// a worker thread that pulls a few more values and destroys it when the wrapper goes out of
// scope there.
// Build: clang++-19 -std=c++20 -pthread -g ok-generator-destroyed-on-other-thread.cpp
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
// A move-only generator: pulled by its consumer, destroyed by its owner.
template <class T>
class Generator {
 public:
  struct promise_type {
    T current{};
    Generator get_return_object() { return Generator{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) noexcept {
      current = std::move(v);
      return {};
    }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;

  struct Sentinel {};
  struct Iterator {
    Handle h;
    Iterator& operator++() {
      h.resume();
      return *this;
    }
    const T& operator*() const { return h.promise().current; }
    bool operator==(Sentinel) const { return h.done(); }
  };

  explicit Generator(Handle h) : h_(h) {}
  Generator(Generator&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  Generator(const Generator&) = delete;
  ~Generator() {
    if (h_) h_.destroy();
  }
  Iterator begin() {
    h_.resume();
    return Iterator{h_};
  }
  Sentinel end() { return {}; }
  Handle handle() const { return h_; }

 private:
  Handle h_;
};

Generator<int> squares() {
  for (int i = 0;; ++i) co_yield i * i;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> g = squares();
  auto it = g.begin();
  int sum = *it;
  ++it;
  sum += *it;
  std::thread worker([g = std::move(g), &sum]() mutable {
    auto h = g.handle();
    for (int k = 0; k < 3; ++k) {
      h.resume();
      sum += h.promise().current;
    }
  });  // the lambda (and the generator it owns) is destroyed on the worker
  worker.join();
  std::printf("main: sum=%d (expected 30)\n", sum);
}
