// EXPECT: use-after-destroy parent line 13
// Review: destroying a parent destroys the child it awaits (a nested
// destroy()); the "destroyed here" note must name the outer destroy().
#include "review_co.h"
struct never { bool await_ready() { return false; } void await_suspend(std::coroutine_handle<>) {} void await_resume() {} };
task<int> child() { co_await never{}; co_return 1; }
task<int> parent() { task<int> c = child(); int v = co_await c; co_return v; }
int main() {
  task<int> p = parent();
  p.h.resume();                       // parent -> child, child parks forever
  auto h = p.h;
  p.h = {};
  h.destroy();                        // cancel parent (destroys child too)
  h.resume();                         // FAULT: use-after-destroy
}
