// EXPECT: none
// Look-alike of nested-resume: the resume()-based recursive walk of the nested-resume fault,
// over a 100-node list: nesting stays well under COROSCOPE_NESTED_RESUME_DEPTH (256).
// Build: clang++-19 -std=c++20 -pthread -g ok-shallow-recursion.cpp
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
  int rest = co_await walk(n->next);  // one nested resume() per node, 100 nodes
  co_return n->value + rest;
}

Node g_nodes[100];

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 100; ++i) g_nodes[i] = {1, i + 1 < 100 ? &g_nodes[i + 1] : nullptr};
  Task t = walk(&g_nodes[0]);
  t.h_.resume();
  std::printf("main: %d\n", t.h_.promise().value);
}
