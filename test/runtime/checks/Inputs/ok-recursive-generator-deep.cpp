// EXPECT: none
// Look-alike of nested-resume: a recursive generator flattens a 300-deep tree; each level pulls
// its child generator with resume() from its body (not from inside an await), so the stack
// depth follows the data, as ordinary recursion would.
// Build: clang++-19 -std=c++20 -pthread -g ok-recursive-generator-deep.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
#include "../../../Inputs/generator.h"  // Generator<T>: move-only, pulled by its consumer, destroyed by its owner

struct Tree {
  int value;
  Tree* child;
};

Generator<int> flatten(const Tree* t) {
  co_yield t->value;
  if (t->child)
    for (int v : flatten(t->child)) co_yield v;
}

Tree g_nodes[300];

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  for (int i = 0; i < 300; ++i) g_nodes[i] = {i, i + 1 < 300 ? &g_nodes[i + 1] : nullptr};
  long sum = 0;
  for (int v : flatten(&g_nodes[0])) sum += v;
  std::printf("main: %ld (expected 44850)\n", sum);
}
