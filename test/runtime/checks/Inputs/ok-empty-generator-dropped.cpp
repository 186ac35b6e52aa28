// EXPECT: none
// Look-alike of never-started: a generator type whose function has no co_yield at all (an
// "empty range" stub that only co_returns) is created and dropped without being pulled, like
// any other unpulled generator.
// Build: clang++-19 -std=c++20 -pthread -g ok-empty-generator-dropped.cpp
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

Generator<int> no_results() { co_return; }

Generator<int> results_for(int query) {
  for (int i = 0; i < query; ++i) co_yield i;
}

int main(int argc, char**) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  {
    Generator<int> r = argc > 5 ? results_for(argc) : no_results();  // not consumed
  }
  int n = 0;
  for (int v : no_results()) n += v;  // consumed: empty
  std::printf("main: %d (expected 0)\n", n);
}
