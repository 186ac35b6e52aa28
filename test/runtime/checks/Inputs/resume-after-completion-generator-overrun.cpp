// EXPECT: resume-after-completion three_ids line 73
// Fault: a consumer pulls a fixed number of items with raw resume() calls, without checking
// done(); the generator yields three values, so the fifth resume() hits the finished frame.
// Build: clang++-19 -std=c++20 -pthread -g resume-after-completion-generator-overrun.cpp
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

Generator<int> three_ids() {
  co_yield 101;
  co_yield 102;
  co_yield 103;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> ids = three_ids();
  auto h = ids.handle();
  int sum = 0;
  for (int i = 0; i < 5; ++i) {
    h.resume();  // FAULT: the 5th call resumes the generator at its final suspend point
    sum += h.promise().current;
  }
  std::printf("main: sum=%d\n", sum);
}
