// EXPECT: none
// Look-alike of never-started: generators created and dropped without pulling a value (a
// generator is pulled by its consumer: an unpulled one is not lost work), including one that
// would co_yield only after an inner loop.
// Build: clang++-19 -std=c++20 -pthread -g ok-generator-never-pulled.cpp
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

Generator<int> range(int a, int b) {
  for (int i = a; i < b; ++i) co_yield i;
}

Generator<int> evens_after(int n) {
  int i = n;
  while (i % 2) ++i;
  for (;; i += 2) co_yield i;
}

int main(int argc, char**) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Generator<int> unused = range(0, 10);
  if (argc > 5) {
    for (int v : unused) std::printf("%d\n", v);
  }
  { auto g = evens_after(7); }
  std::puts("main: done");
}
