//===- await_vs_return.cpp - Awaiting a task versus returning it directly -===//
//
// Mirrors the .NET advice "elide async/await when a method only passes a Task
// through": `async Task<int> F() => await G();` builds a state machine of its
// own, while `Task<int> F() => G();` just hands G's task to the caller. Here
// pass_through() is a coroutine with its own frame and one extra suspension
// per call; direct() is a plain function, invisible to a coroutine profiler,
// so only inner() shows up for it.
//
// Usage: await_vs_return [CALLS]      (default 10000 of each)
//
//===----------------------------------------------------------------------===//

#include "common/counting_new.h"
#include "common/event_loop.h"
#include "common/task.h"
#include "common/truth.h"

#include <cstdio>
#include <cstdlib>

using namespace coroscope_example;

COROSCOPE_TRUTH_FUNCTION(run_calls);
COROSCOPE_TRUTH_FUNCTION(pass_through);
COROSCOPE_TRUTH_FUNCTION(inner);

static int g_next = 0;

static task<int> inner() {
  truth::frame_probe probe(truth_inner);
  co_return probe.complete(++g_next % 7);
}

static task<int> pass_through() {
  truth::frame_probe probe(truth_pass_through);
  co_return probe.complete(co_await probe.await(inner()));
}

// Not a coroutine: no frame, no await, just forwards inner()'s task.
static task<int> direct() { return inner(); }

static task<long> run_calls(int n) {
  truth::frame_probe probe(truth_run_calls);
  long total = 0;
  for (int i = 0; i < n; ++i) {
    total += co_await probe.await(pass_through());
    total += co_await probe.await(direct());
  }
  co_return probe.complete(total);
}

int main(int argc, char **argv) {
  int n = 10000;
  if (argc > 2) {
    std::fputs("usage: await_vs_return [CALLS]\n", stderr);
    return 2;
  }
  if (argc == 2) {
    char *end = nullptr;
    const long v = std::strtol(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || v < 0 || v > 100000000) {
      std::fputs("usage: await_vs_return [CALLS]\n", stderr);
      return 2;
    }
    n = static_cast<int>(v);
  }

  reset_alloc_stats();
  const long total = sync_wait(run_calls(n));
  const alloc_counters heap = alloc_stats();

  std::printf("await_vs_return: calls=%d total=%ld\n", n, total);
  truth::print_functions();
  truth::print_total(heap.news, heap.bytes);
  return 0;
}
