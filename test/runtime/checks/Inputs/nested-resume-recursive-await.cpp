// EXPECT: nested-resume walk line 50
// Fault: a recursive coroutine over a 600-deep list with a task type whose await_suspend
// calls child.resume() instead of returning the child: each level nests one more resume()
// on the thread's stack.
// Build: clang++-19 -std=c++20 -pthread -g nested-resume-recursive-await.cpp
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
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() {
    if (h_) h_.destroy();
  }
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> c) noexcept {
    h_.promise().continuation = c;
    h_.resume();  // nested, not a transfer
  }
  int await_resume() noexcept { return h_.promise().value; }
  Handle h_;
};

struct Node {
  int value;
  Node* next;
};

Task walk(Node* n) {
  if (!n) co_return 0;
  int rest = co_await walk(n->next);  // FAULT: one nested resume() per list node
  co_return n->value + rest;
}

Node g_nodes[600];

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 600; ++i) g_nodes[i] = {1, i + 1 < 600 ? &g_nodes[i + 1] : nullptr};
  Task t = walk(&g_nodes[0]);
  t.h_.resume();
  std::printf("main: %d\n", t.h_.promise().value);
}
