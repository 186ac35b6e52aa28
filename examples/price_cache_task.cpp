//===- price_cache_task.cpp - Mostly-cached lookups, one task<int> per call -===//
//
// Mirrors the Task<T> half of the .NET "Task vs ValueTask" benchmark: an async
// GetPrice(id) that answers 95 % of calls from a cache still returns a Task,
// so every call pays for a state machine (here: a coroutine frame on the
// heap) even though it completes synchronously. Only the 5 % misses really
// wait, on a simulated I/O in load_price. Compare with
// price_cache_value_task.cpp, which does the same work with value_task<int>.
//
// The cache sits behind an interface, as a service does in a real program
// (a remote cache in production, a fake in tests). The call is virtual, so
// clang cannot inline get_price into its caller and cannot elide its frame
// (HALO needs the callee's ramp inlined): every call allocates, as every
// Task does in .NET. With a direct call in one translation unit clang 19
// elides these frames at -O2.
//
//===----------------------------------------------------------------------===//

#include "common/counting_new.h"
#include "common/event_loop.h"
#include "common/price_workload.h"
#include "common/task.h"
#include "common/truth.h"

#include <cstdio>

using namespace coroscope_example;

static prices::cache g_cache;

COROSCOPE_TRUTH_FUNCTION(run_lookups);
COROSCOPE_TRUTH_FUNCTION(get_price);
COROSCOPE_TRUTH_FUNCTION(load_price);

// The slow path: one trip through the event loop stands for the I/O.
static task<int> load_price(int id) {
  truth::frame_probe probe(truth_load_price);
  co_await probe.await(default_loop().sleep_io());
  // No-store ids are deliberately not written back, so they miss every time.
  co_return probe.complete(prices::backend_price(id));
}

struct price_service {
  virtual task<int> get_price(int id) = 0;
  virtual ~price_service() = default;
};

struct cached_prices : price_service {
  task<int> get_price(int id) override {
    truth::frame_probe probe(truth_get_price);
    if (g_cache.present[id]) {
      ++g_cache.hits;
      co_return probe.complete(g_cache.price[id]);
    }
    ++g_cache.misses;
    const int price = co_await probe.await(load_price(id));
    co_return probe.complete(price);
  }
};

static task<long> run_lookups(price_service &service) {
  truth::frame_probe probe(truth_run_lookups);
  long total = 0;
  for (int i = 0; i < prices::kLookups; ++i)
    total += co_await probe.await(service.get_price(prices::id_of_lookup(i)));
  co_return probe.complete(total);
}

int main() {
  g_cache.populate();
  cached_prices service;

  reset_alloc_stats();
  const long total = sync_wait(run_lookups(service));
  const alloc_counters heap = alloc_stats();

  std::printf("price_cache_task: lookups=%d hits=%ld misses=%ld total=%ld\n",
              prices::kLookups, g_cache.hits, g_cache.misses, total);
  truth::print_functions();
  truth::print_total(heap.news, heap.bytes);
  return 0;
}
