// EXPECT: none
// Review: exceptions that escape resume() must not leave the resume nesting
// counted (it once grew until nested-resume fired on a correct program).
#include "review_co.h"
#include <stdexcept>
generator<int> thrower() { co_yield 1; throw std::runtime_error("boom"); }
generator<int> one() { co_yield 7; }
// legal: await_suspend pulls a value from a generator, then declines to suspend
struct pull { generator<int> *g; int v = 0; bool await_ready() { return false; }
  bool await_suspend(std::coroutine_handle<>) { g->next(); v = g->value(); return false; }
  int await_resume() { return v; } };
task<long> consumer(int n) { long s = 0; for (int i = 0; i < n; ++i) { auto g = one(); s += co_await pull{&g}; } co_return s; }
int main() {
  int caught = 0;
  for (int k = 0; k < 5000; ++k) {
    auto g = thrower();
    try { while (g.next()) {} } catch (const std::exception &) { ++caught; }
  }
  printf("caught=%d\n", caught);
  printf("consumer=%ld\n", sync_wait(consumer(1000)));
}
