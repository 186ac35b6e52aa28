//===- price_cache_value_task.cpp - Mostly-cached lookups via value_task<int> -===//
//
// Mirrors the ValueTask<T> half of the .NET "Task vs ValueTask" benchmark:
// GetPrice(id) is not async itself; a cache hit returns the value inline (no
// state machine, no allocation) and only a miss delegates to an async slow
// path. Same workload and the same service interface as price_cache_task.cpp,
// so the difference in frames, calls and heap bytes between the two is the
// cost value_task saves. The slow path hands load_price's task to the
// value_task directly instead of awaiting it in a coroutine of its own,
// which would be a pass-through frame per miss.
//
//===----------------------------------------------------------------------===//

#include "common/counting_new.h"
#include "common/event_loop.h"
#include "common/price_workload.h"
#include "common/task.h"
#include "common/truth.h"
#include "common/value_task.h"

#include <cstdio>

using namespace coroscope_example;

static prices::cache g_cache;

COROSCOPE_TRUTH_FUNCTION(run_lookups);
COROSCOPE_TRUTH_FUNCTION(load_price);

static task<int> load_price(int id) {
  truth::frame_probe probe(truth_load_price);
  co_await probe.await(default_loop().sleep_io());
  // No-store ids are deliberately not written back, so they miss every time.
  co_return probe.complete(prices::backend_price(id));
}

struct price_service {
  virtual value_task<int> get_price(int id) = 0;
  virtual ~price_service() = default;
};

struct cached_prices : price_service {
  // Deliberately not a coroutine: the hit path must not create a frame.
  value_task<int> get_price(int id) override {
    if (g_cache.present[id]) {
      ++g_cache.hits;
      return g_cache.price[id];
    }
    ++g_cache.misses;
    return load_price(id);
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

  std::printf(
      "price_cache_value_task: lookups=%d hits=%ld misses=%ld total=%ld\n",
      prices::kLookups, g_cache.hits, g_cache.misses, total);
  truth::print_functions();
  truth::print_total(heap.news, heap.bytes);
  return 0;
}
