// EXPECT: concurrent-resume selfkill line 12
// Review: a coroutine destroys its own frame from its body and runs on in
// freed memory.
#include "review_co.h"
struct get_handle {
  std::coroutine_handle<> h;
  bool await_ready() { return false; }
  bool await_suspend(std::coroutine_handle<> c) { h = c; return false; }
  std::coroutine_handle<> await_resume() { return h; }
};
task<void> selfkill() {
  auto me = co_await get_handle{};
  me.destroy(); // FAULT: the frame is running
  printf("after\n");
  co_return;
}
int main() {
  auto t = selfkill();
  auto h = std::exchange(t.h, {});
  h.resume();
  printf("end\n");
}
