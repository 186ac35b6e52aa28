// The test programs' generator: move-only, pulled by its consumer (range-for,
// drain(), or resume() through handle()), destroyed by its owner; a test that
// wants a frame alive at exit leaks its owner. A case whose point is a
// generator of its own keeps its own. Tests do not use examples/common/: the
// examples are documentation and may change, and a test's expectations must
// not move with them.
#ifndef COROSCOPE_TEST_INPUTS_GENERATOR_H
#define COROSCOPE_TEST_INPUTS_GENERATOR_H
#include <coroutine>
#include <exception>
#include <utility>

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

/// Pulls `g` to its end: the sum of its values.
template <class T>
T drain(Generator<T> g) {
  T s{};
  for (const T& v : g) s += v;
  return s;
}
#endif
