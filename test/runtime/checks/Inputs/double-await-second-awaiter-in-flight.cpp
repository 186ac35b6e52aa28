// EXPECT: double-await fetch line 17
// Review: a second coroutine awaits a task that a first one is already
// awaiting; its symmetric transfer pulls the task out of its I/O wait.
#include "review_co.h"
struct event {
  std::coroutine_handle<> w;
  bool await_ready() { return false; }
  void await_suspend(std::coroutine_handle<> h) { w = h; }
  void await_resume() {}
};
event io;
task<int> fetch() {
  co_await io;
  co_return 42;
}
task<void> a(task<int> &t) { int v = co_await t; printf("a got %d\n", v); }
task<void> b(task<int> &t) { int v = co_await t; printf("b got %d\n", v); } // FAULT
int main() {
  task<int> t = fetch();
  auto ta = a(t);
  auto tb = b(t);
  ta.h.resume();
  tb.h.resume();
  printf("end\n");
}
