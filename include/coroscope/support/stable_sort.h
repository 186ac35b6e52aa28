//===- coroscope/support/stable_sort.h - Stable sort, no temp buffer -*- C++ -*-===//
//
// libstdc++ 12's std::stable_sort asks std::get_temporary_buffer for room,
// which C++20 deprecates (a warning in every caller under clang). Sorting
// positions with std::sort, ties broken by position, gives the same order.
// Shared by the plugin and the analyzer.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_SUPPORT_STABLE_SORT_H
#define COROSCOPE_SUPPORT_STABLE_SORT_H

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace coroscope {

/// Sorts `v` by `less`, keeping the order of elements neither is less than.
template <class T, class Less> void stableSort(std::vector<T> &v, Less less) {
  std::vector<size_t> order(v.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (less(v[a], v[b]))
      return true;
    if (less(v[b], v[a]))
      return false;
    return a < b;
  });
  std::vector<T> sorted;
  sorted.reserve(v.size());
  for (size_t i : order)
    sorted.push_back(std::move(v[i]));
  v = std::move(sorted);
}

} // namespace coroscope

#endif // COROSCOPE_SUPPORT_STABLE_SORT_H
