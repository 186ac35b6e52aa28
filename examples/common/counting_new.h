//===- counting_new.h - Global operator new/delete that count allocations -===//
//
// The examples' ground truth for heap-allocated coroutine frames, playing the
// role of the .NET GC allocation counters in the Task vs ValueTask benchmarks:
// every replaceable global operator new is replaced, so a frame that clang did
// not elide (HALO) shows up here whatever the tool under test reports.
//
// This header DEFINES the replacement functions (they may not be inline), so
// include it in exactly one translation unit per program. Counting is plain
// (non-atomic): the examples are single-threaded and the counters are only
// read after the measured section.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_EXAMPLES_COUNTING_NEW_H
#define COROSCOPE_EXAMPLES_COUNTING_NEW_H

#include <cstddef>
#include <cstdlib>
#include <new>

namespace coroscope_example {

struct alloc_counters {
  std::size_t news = 0;    ///< successful operator new calls
  std::size_t bytes = 0;   ///< bytes requested by those calls
  std::size_t deletes = 0; ///< operator delete calls with a non-null pointer
};

inline alloc_counters &alloc_stats() noexcept {
  // Zero-initialised at load time, so there is no guard and no allocation.
  static alloc_counters stats;
  return stats;
}

inline void reset_alloc_stats() noexcept { alloc_stats() = alloc_counters{}; }

namespace detail {

inline void *counted_alloc(std::size_t n, std::size_t align) noexcept {
  // The requested size is what the coroutine lowering asks for, so it is the
  // number a frame-size report must match; 0 is bumped only for malloc.
  const std::size_t request = n;
  if (n == 0)
    n = 1;
  void *p = nullptr;
  if (align <= alignof(std::max_align_t))
    p = std::malloc(n);
  else if (posix_memalign(&p, align, n) != 0)
    p = nullptr;
  if (p) {
    alloc_counters &s = alloc_stats();
    ++s.news;
    s.bytes += request;
  }
  return p;
}

inline void *counted_alloc_or_throw(std::size_t n, std::size_t align) {
  if (void *p = counted_alloc(n, align))
    return p;
  throw std::bad_alloc();
}

inline void counted_free(void *p) noexcept {
  if (!p)
    return;
  ++alloc_stats().deletes;
  std::free(p);
}

} // namespace detail
} // namespace coroscope_example

// Every replaceable form, so no allocation can bypass the count (clang >= 19
// uses sized deallocation by default; aligned forms serve over-aligned frames).
void *operator new(std::size_t n) {
  return coroscope_example::detail::counted_alloc_or_throw(n, 0);
}
void *operator new[](std::size_t n) {
  return coroscope_example::detail::counted_alloc_or_throw(n, 0);
}
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  return coroscope_example::detail::counted_alloc(n, 0);
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  return coroscope_example::detail::counted_alloc(n, 0);
}
void *operator new(std::size_t n, std::align_val_t a) {
  return coroscope_example::detail::counted_alloc_or_throw(
      n, static_cast<std::size_t>(a));
}
void *operator new[](std::size_t n, std::align_val_t a) {
  return coroscope_example::detail::counted_alloc_or_throw(
      n, static_cast<std::size_t>(a));
}
void *operator new(std::size_t n, std::align_val_t a,
                   const std::nothrow_t &) noexcept {
  return coroscope_example::detail::counted_alloc(n,
                                                  static_cast<std::size_t>(a));
}
void *operator new[](std::size_t n, std::align_val_t a,
                     const std::nothrow_t &) noexcept {
  return coroscope_example::detail::counted_alloc(n,
                                                  static_cast<std::size_t>(a));
}

void operator delete(void *p) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete(void *p, std::size_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p, std::size_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete(void *p, std::align_val_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p, std::align_val_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete(void *p, std::size_t, std::align_val_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete(void *p, const std::nothrow_t &) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p, const std::nothrow_t &) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept {
  coroscope_example::detail::counted_free(p);
}
void operator delete[](void *p, std::align_val_t,
                       const std::nothrow_t &) noexcept {
  coroscope_example::detail::counted_free(p);
}

#endif // COROSCOPE_EXAMPLES_COUNTING_NEW_H
