//===- chains.cpp - Await chains, locals across a suspension, ready streams -===//
//
// Mirrors the .NET async chain-depth benchmarks: an async method awaiting
// itself N deep where every level completes synchronously (the fast path the
// runtime optimises) versus the same chain whose innermost level really
// yields, so every level waits; plus the cost of locals hoisted into the
// state machine (here: the coroutine frame) and of an IAsyncEnumerable whose
// items are all ready (here: a generator).
//
// Usage: chains                       every mode with default sizes
//        chains completed DEPTH REPS  (defaults 20 1000)
//        chains suspending DEPTH REPS (defaults 20 1000)
//        chains locals REPS           (default 1000)
//        chains stream ITEMS          (default 1000)
//
//===----------------------------------------------------------------------===//

#include "common/counting_new.h"
#include "common/event_loop.h"
#include "common/generator.h"
#include "common/task.h"
#include "common/truth.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace coroscope_example;

COROSCOPE_TRUTH_FUNCTION(run_completed);
COROSCOPE_TRUTH_FUNCTION(completed_depth);
COROSCOPE_TRUTH_FUNCTION(run_suspending);
COROSCOPE_TRUTH_FUNCTION(suspending_depth);
COROSCOPE_TRUTH_FUNCTION(run_locals);
COROSCOPE_TRUTH_FUNCTION(with_locals);
COROSCOPE_TRUTH_FUNCTION(run_stream);
COROSCOPE_TRUTH_FUNCTION(ready_items);

// Every level completes synchronously, yet each await still suspends the
// caller (lazy task) and each level is a frame of its own.
static task<int> completed_depth(int n) {
  truth::frame_probe probe(truth_completed_depth);
  if (n == 0)
    co_return probe.complete(0);
  const int below = co_await probe.await(completed_depth(n - 1));
  co_return probe.complete(1 + below);
}

// The bottom parks on the loop once, so every level above it really waits.
static task<int> suspending_depth(int n) {
  truth::frame_probe probe(truth_suspending_depth);
  if (n == 0) {
    co_await probe.await(default_loop().yield());
    co_return probe.complete(0);
  }
  const int below = co_await probe.await(suspending_depth(n - 1));
  co_return probe.complete(1 + below);
}

// Locals that are used after the suspension must live in the frame, which
// is what makes this frame larger than completed_depth's.
static task<int> with_locals(int seed) {
  truth::frame_probe probe(truth_with_locals);
  int samples[16];
  for (int i = 0; i < 16; ++i)
    samples[i] = seed * 31 + i;
  double scale = 1.5;
  double bias = seed * 0.25;
  double mean = 0.0;
  co_await probe.await(default_loop().yield());
  for (int s : samples)
    mean += s * scale;
  mean /= 16.0;
  co_return probe.complete(static_cast<int>(mean + bias) % 1000);
}

static generator<int> ready_items(int count) {
  truth::frame_probe probe(truth_ready_items);
  for (int i = 0; i < count; ++i)
    co_yield probe.yielded(i * 3 + 1);
  probe.complete();
}

static task<long> run_completed(int depth, int reps) {
  truth::frame_probe probe(truth_run_completed);
  long total = 0;
  for (int r = 0; r < reps; ++r)
    total += co_await probe.await(completed_depth(depth));
  co_return probe.complete(total);
}

static task<long> run_suspending(int depth, int reps) {
  truth::frame_probe probe(truth_run_suspending);
  long total = 0;
  for (int r = 0; r < reps; ++r)
    total += co_await probe.await(suspending_depth(depth));
  co_return probe.complete(total);
}

static task<long> run_locals(int reps) {
  truth::frame_probe probe(truth_run_locals);
  long total = 0;
  for (int r = 0; r < reps; ++r)
    total += co_await probe.await(with_locals(r));
  co_return probe.complete(total);
}

// Consuming the generator is plain iteration, not an await: the consumer
// never suspends, the generator does at every item.
static task<long> run_stream(int items) {
  truth::frame_probe probe(truth_run_stream);
  long total = 0;
  for (int v : ready_items(items))
    total += v;
  co_return probe.complete(total);
}

namespace {

enum class mode { all, completed, suspending, locals, stream };

struct options {
  mode which = mode::all;
  int depth = 20;
  int reps = 1000;
};

[[noreturn]] void usage() {
  std::fputs("usage: chains [completed DEPTH REPS | suspending DEPTH REPS | "
             "locals REPS | stream ITEMS]\n",
             stderr);
  std::exit(2);
}

int parse_count(const char *text) {
  char *end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || v < 0 || v > 10000000)
    usage();
  return static_cast<int>(v);
}

options parse(int argc, char **argv) {
  options o;
  if (argc < 2)
    return o;
  const char *m = argv[1];
  if (std::strcmp(m, "completed") == 0 || std::strcmp(m, "suspending") == 0) {
    o.which = m[0] == 'c' ? mode::completed : mode::suspending;
    if (argc > 4)
      usage();
    if (argc > 2)
      o.depth = parse_count(argv[2]);
    if (argc > 3)
      o.reps = parse_count(argv[3]);
  } else if (std::strcmp(m, "locals") == 0 || std::strcmp(m, "stream") == 0) {
    o.which = m[0] == 'l' ? mode::locals : mode::stream;
    if (argc > 3)
      usage();
    if (argc > 2)
      o.reps = parse_count(argv[2]);
  } else {
    usage();
  }
  return o;
}

} // namespace

int main(int argc, char **argv) {
  const options o = parse(argc, argv);
  long completed = 0, suspending = 0, locals = 0, stream = 0;

  reset_alloc_stats();
  switch (o.which) {
  case mode::all:
    completed = sync_wait(run_completed(1, o.reps)) +
                sync_wait(run_completed(o.depth, o.reps));
    suspending = sync_wait(run_suspending(1, o.reps)) +
                 sync_wait(run_suspending(o.depth, o.reps));
    locals = sync_wait(run_locals(o.reps));
    stream = sync_wait(run_stream(o.reps));
    break;
  case mode::completed:
    completed = sync_wait(run_completed(o.depth, o.reps));
    break;
  case mode::suspending:
    suspending = sync_wait(run_suspending(o.depth, o.reps));
    break;
  case mode::locals:
    locals = sync_wait(run_locals(o.reps));
    break;
  case mode::stream:
    stream = sync_wait(run_stream(o.reps));
    break;
  }
  const alloc_counters heap = alloc_stats();

  std::printf("chains: completed=%ld suspending=%ld locals=%ld stream=%ld\n",
              completed, suspending, locals, stream);
  truth::print_functions();
  truth::print_total(heap.news, heap.bytes);
  return 0;
}
