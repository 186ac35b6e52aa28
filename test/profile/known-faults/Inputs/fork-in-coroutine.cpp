// fork() inside a coroutine; the child (and the parent) go on awaiting.
// Truth, per process: leaf() 1 call, it waits once at `later`, so 0 sync
// completions; forking()'s await of leaf() is a wait (leaf waited, so
// forking is resumed from the main loop, not within the same activation).
#include "task.h"
#include <vector>
#include <unistd.h>
#include <sys/wait.h>
std::vector<std::coroutine_handle<>> ready;
struct later { bool await_ready() { return false; } void await_suspend(std::coroutine_handle<> h) { ready.push_back(h); } void await_resume() {} };
task<int> leaf() { co_await later{}; co_return 1; }
task<int> forking() {
  pid_t p = fork();
  int s = co_await leaf();
  if (p) waitpid(p, nullptr, 0);
  co_return s;
}
int main() {
  auto t = forking();
  t.h.resume();
  while (!ready.empty()) { auto h = ready.back(); ready.pop_back(); h.resume(); }
  std::printf("pid %d done %d\n", getpid(), (int)t.h.done());
}
