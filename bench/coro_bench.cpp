//===- coro_bench.cpp - The seeds' coroutine micro-benchmarks -------------===//
//
// The .NET seeds' async micro-benchmarks, ported to C++20 coroutines on the
// examples' types (examples/common): lazy task chains that complete at once
// or suspend once at the bottom, locals kept across an await, an async stream
// of ready items, the 95 %-hit price cache as task<int> and as
// value_task<int>, awaiting a task versus returning it, and a bounded versus
// an unbounded channel. One op is what BenchmarkDotNet would time as one
// call of the seed's benchmark method (see each benchmark).
//
// Every benchmark reports `bytes_per_op` and `allocs_per_op` from the
// replaced global operator new (examples/common/counting_new.h), the
// MemoryDiagnoser of the seeds: they count the frames clang did not elide, in
// every build (plain, coroscope, ASan, XRay, -finstrument-functions). Each
// op's result goes through benchmark::DoNotOptimize and nothing else is
// done to the workload, so clang elides exactly the frames it would elide in
// ordinary code. bench/run_bench.sh builds and compares the variants.
//
// USAGE: coro_bench [--fixed_iterations=N] [--benchmark_* flags]
//   --fixed_iterations=N  run exactly N ops per benchmark, once (counting runs:
//                         events per op, exact allocations per op)
//
//===----------------------------------------------------------------------===//
#include "../examples/common/counting_new.h"
#include "../examples/common/event_loop.h"
#include "../examples/common/price_workload.h"
#include "../examples/common/task.h"
#include "../examples/common/value_task.h"
#include "async_generator.h"
#include "channel.h"
#include "fixed_iterations.h"

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <utility>

using namespace coroscope_example;
using coroscope_bench::async_generator;
using coroscope_bench::channel;

namespace {

/// Times `op` once per iteration and reports the allocations of the timed
/// loop per op. Counting starts after the benchmark's own set-up.
template <class Op> void run_ops(benchmark::State &state, Op op) {
  reset_alloc_stats();
  for (auto _ : state) {
    auto result = op();
    benchmark::DoNotOptimize(result);
  }
  const alloc_counters heap = alloc_stats();
  state.counters["bytes_per_op"] =
      benchmark::Counter(double(heap.bytes), benchmark::Counter::kAvgIterations);
  state.counters["allocs_per_op"] =
      benchmark::Counter(double(heap.news), benchmark::Counter::kAvgIterations);
}

//===-- CompletedDepthN, SuspendingDepthN ---------------------------------===//
// One op: one top-level call of a chain of N+1 lazy tasks, each awaiting the
// next. Completed: every level finishes without waiting. Suspending: the
// bottom parks once on the event loop, so every level waits.

task<int> completed(int n) { co_return n == 0 ? 0 : 1 + co_await completed(n - 1); }

task<int> suspending(int n) {
  if (n == 0) {
    co_await default_loop().sleep_io();
    co_return 0;
  }
  co_return 1 + co_await suspending(n - 1);
}

//===-- WithLocals --------------------------------------------------------===//
// One op: a call that keeps an array and three doubles alive across one real
// wait, so they live in the frame (a larger frame than the chains').

task<int> with_locals(int seed) {
  int samples[16];
  for (int i = 0; i < 16; ++i)
    samples[i] = seed * 31 + i;
  double scale = 1.5;
  double bias = seed * 0.25;
  double mean = 0.0;
  co_await default_loop().yield();
  for (int s : samples)
    mean += s * scale;
  mean /= 16.0;
  co_return static_cast<int>(mean + bias) % 1000;
}

//===-- AsyncStream -------------------------------------------------------===//
// One op: a consumer coroutine reading a stream of 1,000 ready items with
// co_await (the seed's `await foreach` over an IAsyncEnumerable).

constexpr int kStreamItems = 1000;

async_generator<int> ready_items(int count) {
  for (int i = 0; i < count; ++i)
    co_yield i * 3 + 1;
}

task<long> consume_stream(int count) {
  async_generator<int> stream = ready_items(count);
  long total = 0;
  while (const int *v = co_await stream.next())
    total += *v;
  co_return total;
}

//===-- PriceCacheTask, PriceCacheValueTask --------------------------------===//
// One op: one pass of prices::kIds (1,000) lookups through a service
// interface, exactly 95 % cache hits, as in examples/price_cache_*.cpp: the
// task<int> version pays a frame per lookup, the value_task<int> version only
// per miss. The interface is what stops inlining and so elision of the
// lookup's frame, as a service behind an interface does in real code.

prices::cache g_cache;

task<int> load_price(int id) {
  co_await default_loop().sleep_io(); // the backend round trip
  co_return prices::backend_price(id);
}

struct task_price_service {
  virtual task<int> get_price(int id) = 0;
  virtual ~task_price_service() = default;
};

struct cached_task_prices : task_price_service {
  task<int> get_price(int id) override {
    if (g_cache.present[id]) {
      ++g_cache.hits;
      co_return g_cache.price[id];
    }
    ++g_cache.misses;
    co_return co_await load_price(id);
  }
};

struct value_task_price_service {
  virtual value_task<int> get_price(int id) = 0;
  virtual ~value_task_price_service() = default;
};

struct cached_value_task_prices : value_task_price_service {
  value_task<int> get_price(int id) override { // not a coroutine: no frame on a hit
    if (g_cache.present[id]) {
      ++g_cache.hits;
      return g_cache.price[id];
    }
    ++g_cache.misses;
    return load_price(id);
  }
};

template <class Service> task<long> lookup_all(Service &service) {
  long total = 0;
  for (int i = 0; i < prices::kIds; ++i)
    total += co_await service.get_price(prices::id_of_lookup(i));
  co_return total;
}

//===-- AwaitPassThrough, AwaitDirect -------------------------------------===//
// One op: one call awaited by the harness. pass_through() awaits inner() in a
// frame of its own; direct() is a plain function handing inner()'s task on.

int g_next = 0;

task<int> inner() { co_return ++g_next % 7; }

task<int> pass_through() {
  co_return co_await inner(); // NOLINT(coroscope-pass-through): the point here
}

task<int> direct() { return inner(); }

//===-- BoundedChannel, UnboundedChannel ----------------------------------===//
// One op: a producer coroutine sends 10,000 items through a channel that a
// consumer coroutine drains, both run by the event loop. Bounded: capacity
// 64, the producer suspends whenever it is full (the consumer whenever it is
// empty). Unbounded: the producer never suspends, the buffer grows.

constexpr int kChannelItems = 10000;
constexpr std::size_t kBoundedCapacity = 64;

task<> produce(channel<int> &ch, int items) {
  for (int i = 0; i < items; ++i)
    co_await ch.send(i);
  ch.close();
}

task<long> consume(channel<int> &ch) {
  long total = 0;
  while (std::optional<int> v = co_await ch.receive())
    total += *v;
  co_return total;
}

long pump(std::size_t capacity) {
  channel<int> ch(capacity);
  task<> producer = produce(ch, kChannelItems);
  task<long> consumer = consume(ch);
  // Both start on the loop, producer first; the loop runs until both are
  // parked at their final suspend point.
  default_loop().schedule(producer.handle());
  default_loop().schedule(consumer.handle());
  default_loop().run();
  return consumer.handle().promise().take();
}

//===-- Registration ------------------------------------------------------===//

void register_all(long fixed_iterations) {
  auto add = [&](const char *name, auto op) {
    benchmark::internal::Benchmark *b =
        benchmark::RegisterBenchmark(name, [op](benchmark::State &state) { run_ops(state, op); });
    if (fixed_iterations > 0)
      b->Iterations(fixed_iterations);
  };
  add("CompletedDepth1", [] { return sync_wait(completed(1)); });
  add("CompletedDepth20", [] { return sync_wait(completed(20)); });
  add("SuspendingDepth1", [] { return sync_wait(suspending(1)); });
  add("SuspendingDepth20", [] { return sync_wait(suspending(20)); });
  add("WithLocals", [seed = 0]() mutable { return sync_wait(with_locals(seed++)); });
  add("AsyncStream", [] { return sync_wait(consume_stream(kStreamItems)); });
  add("PriceCacheTask", [] {
    cached_task_prices service;
    return sync_wait(lookup_all<task_price_service>(service));
  });
  add("PriceCacheValueTask", [] {
    cached_value_task_prices service;
    return sync_wait(lookup_all<value_task_price_service>(service));
  });
  add("AwaitPassThrough", [] { return sync_wait(pass_through()); });
  add("AwaitDirect", [] { return sync_wait(direct()); });
  add("BoundedChannel", [] { return pump(kBoundedCapacity); });
  add("UnboundedChannel", [] { return pump(channel<int>::kUnbounded); });
}

} // namespace

int main(int argc, char **argv) {
  g_cache.populate();
  benchmark::Initialize(&argc, argv);
  long fixed_iterations = takeFixedIterations(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 2;
  register_all(fixed_iterations);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
