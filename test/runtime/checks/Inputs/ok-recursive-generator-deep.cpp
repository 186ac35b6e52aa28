// EXPECT: none
// Look-alike of nested-resume: a recursive generator flattens a 300-deep tree; each level pulls
// its child generator with resume() from its body (not from inside an await), so the stack
// depth follows the data, as ordinary recursion would.
// Build: clang++-19 -std=c++20 -pthread -g ok-recursive-generator-deep.cpp
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

struct Tree {
  int value;
  Tree* child;
};

Generator<int> flatten(const Tree* t) {
  co_yield t->value;
  if (t->child)
    for (int v : flatten(t->child)) co_yield v;
}

Tree g_nodes[300];

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 300; ++i) g_nodes[i] = {i, i + 1 < 300 ? &g_nodes[i + 1] : nullptr};
  long sum = 0;
  for (int v : flatten(&g_nodes[0])) sum += v;
  std::printf("main: %ld (expected 44850)\n", sum);
}
