// Clang 20's [[clang::coro_await_elidable]] (docs/coverage.md): a task whose
// `co_await child()` lets CoroAnnotationElide put the child's frame in the
// awaiting coroutine's frame, through the child's `.noalloc` ramp, from -O1
// on. A task awaited after being stored, and one awaited from a coroutine
// that is not itself elidable-aware, keep their heap frames. The task's
// destroy() is out of CoroElide's sight (MKIT_OPAQUE_DESTROY), so every
// elided frame here is the attribute's doing. The program
// prints its own truth (mkit.h); the matrix compares coroscope's report with it.
#define MKIT_TASK_ATTRIBUTES [[clang::coro_await_elidable]]
#define MKIT_OPAQUE_DESTROY 1
#include "mkit_main.h"

using mkit::loop;
using mkit::task;

namespace {

loop the_loop;

task<int> leaf(int x) { co_return x + 1; }

task<int> parks(int x) {
  co_await the_loop.park();
  co_return x * 2;
}

// Awaited directly: elidable.
task<int> direct(int x) {
  int a = co_await leaf(x);
  int b = co_await parks(a);
  co_return a + b;
}

// Stored first, then awaited: not a direct await, so not elided by the
// attribute.
task<int> stored(int x) {
  task<int> t = leaf(x);
  co_return co_await std::move(t);
}

task<int> root() {
  int sum = 0;
  for (int i = 0; i < 4; ++i) {
    sum += co_await direct(i);
    sum += co_await stored(i);
  }
  co_return sum;
}

} // namespace

void run_root() {
  auto t = root();
  std::printf("await_elidable: %d\n", mkit::sync_wait(t, the_loop));
}

int main() {
  run_root(); // the frame is destroyed before the truth is printed
  mkit::print_truth();
  return 3;
}
