// EXPECT: use-after-destroy load_avatar line 50,32
// Fault: a copyable task wrapper (rule of three broken) is passed by value to a helper that
// only inspects it; the copy's destructor destroys the frame, and the caller then co_awaits
// its own (dangling) copy: the awaiter transfers into the destroyed frame.
// Build: clang++-19 -std=c++20 -pthread -g use-after-destroy-await-destroyed-copy.cpp
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

struct Task {
  struct promise_type {
    int value = 0;
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
    void return_value(int v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h(h) {}
  // BUG: implicit copy constructor copies the owning handle
  ~Task() {
    if (h) h.destroy();
  }
  bool await_ready() noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
    h.promise().continuation = c;
    return h;
  }
  int await_resume() noexcept { return h.promise().value; }
  Handle h;
};

Task load_avatar(int user) { co_return user * 3; }

bool is_pending(Task t) { return !t.h.done(); }  // by value: the copy dies here

Task profile_page(int user) {
  Task avatar = load_avatar(user);
  if (is_pending(avatar)) std::puts("profile_page: avatar pending");
  int a = co_await avatar;  // FAULT: the frame was destroyed by the copy
  co_return a;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task t = profile_page(2);
  t.h.resume();
  std::printf("main: %d\n", t.h.promise().value);
}
