//===- price_workload.h - The price cache shared by both price examples -===//
//
// Both price_cache examples run the same lookups against the same cache so
// that the only difference between them is task<int> versus value_task<int>,
// as in the .NET "Task vs ValueTask" benchmark. Exactly 95 % of lookups hit:
// ids that are multiples of 20 are never cached (the backend marks them
// no-store), so every lookup of such an id is a miss, every time.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_PRICE_WORKLOAD_H
#define COROSCOPE_EXAMPLES_PRICE_WORKLOAD_H

#include <cstdint>

namespace coroscope_example::prices {

inline constexpr int kLookups = 100000;
inline constexpr int kIds = 1000; // a multiple of 20 keeps the ratio exact

inline constexpr int id_of_lookup(int i) noexcept { return i % kIds; }
inline constexpr bool cacheable(int id) noexcept { return id % 20 != 0; }

/// The "backend" price: a fixed LCG step, so runs are reproducible.
inline constexpr int backend_price(int id) noexcept {
  const std::uint32_t x = static_cast<std::uint32_t>(id) * 1664525u + 1013904223u;
  return static_cast<int>((x >> 16) % 1000u) + 1;
}

/// Fixed-size, filled before the measured section: lookups never allocate.
struct cache {
  int price[kIds] = {};
  bool present[kIds] = {};
  long hits = 0;
  long misses = 0;

  void populate() noexcept {
    for (int id = 0; id < kIds; ++id) {
      present[id] = cacheable(id);
      price[id] = present[id] ? backend_price(id) : 0;
    }
  }
};

} // namespace coroscope_example::prices

#endif // COROSCOPE_EXAMPLES_PRICE_WORKLOAD_H
