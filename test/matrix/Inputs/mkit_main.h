//===- mkit_main.h - The executable's half of mkit.h ----------------------===//
//
// Include in exactly one translation unit of the executable: it DEFINES the
// replaceable global operator new/delete (every form, so no frame
// allocation escapes), the per-thread last allocation and activation stack,
// and the registry of function_truth records. None of it is instrumented
// state: the bookkeeping allocates with malloc, never with operator new.
//
// print_truth() prints one line per coroutine function that was called:
//   truth file=<basename> line=<N> calls=N heap_frames=N heap_bytes=N
//         awaits=N suspends=N waits=N completed=N sync_completions=N
//         destroyed=N function=<source_location function name>
// (one line), sorted by file, line and name, so the plain and the
// instrumented build print the same text. test/tools/matrix.py compares
// these lines with the report.
//
//===----------------------------------------------------------------------===//
#ifndef MKIT_MAIN_H
#define MKIT_MAIN_H

#include "mkit.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

namespace mkit::exe {

inline thread_local alloc_record last_alloc;
/// Successful operator new calls (for a program whose promise is not mkit's).
inline std::atomic<std::uint64_t> news{0};

constexpr int max_activations = 4096;
inline thread_local std::uint64_t activations[max_activations];
inline thread_local int activation_depth = 0;
inline std::atomic<std::uint64_t> next_activation{1};

inline std::atomic<std::uint64_t> next_thread{1};
inline thread_local std::uint64_t this_thread_tag = 0;

inline std::mutex registry_mutex;
inline function_truth *registry_head = nullptr;

inline alloc_record take_last_alloc() noexcept { return std::exchange(last_alloc, {}); }
inline void note_alloc(void *p, std::size_t n) noexcept {
  last_alloc = {reinterpret_cast<std::uintptr_t>(p), n};
}
inline void push_activation() noexcept {
  if (activation_depth == max_activations)
    die("activation stack overflow");
  activations[activation_depth++] = next_activation++;
}
inline void pop_activation() noexcept { --activation_depth; }
inline std::uint64_t top_activation() noexcept {
  return activation_depth ? activations[activation_depth - 1] : 0;
}
inline bool activation_alive(std::uint64_t id) noexcept {
  for (int i = activation_depth - 1; id && i >= 0; --i)
    if (activations[i] == id)
      return true;
  return false;
}
inline std::uint64_t thread_tag() noexcept {
  if (!this_thread_tag)
    this_thread_tag = next_thread++;
  return this_thread_tag;
}

inline const char *basename_of(const char *path) {
  const char *slash = std::strrchr(path, '/');
  return slash ? slash + 1 : path;
}

inline function_truth *lookup(const std::source_location &loc) noexcept {
  std::lock_guard<std::mutex> g(registry_mutex);
  for (function_truth *f = registry_head; f; f = f->next)
    if (f->line == loc.line() && std::strcmp(f->name, loc.function_name()) == 0 &&
        std::strcmp(f->file, basename_of(loc.file_name())) == 0)
      return f;
  void *mem = std::malloc(sizeof(function_truth));
  if (!mem)
    die("out of memory");
  auto *f = new (mem) function_truth;
  // Copies: a library loaded with dlopen may be gone when they are printed.
  f->name = strdup(loc.function_name());
  f->file = strdup(basename_of(loc.file_name()));
  if (!f->name || !f->file)
    die("out of memory");
  f->line = loc.line();
  f->next = registry_head;
  registry_head = f;
  return f;
}

inline state the_state{&take_last_alloc, &note_alloc,      &push_activation,
                       &pop_activation,  &top_activation, &activation_alive,
                       &thread_tag,      &lookup};
inline const bool installed = (state_slot() = &the_state, true);

inline void *allocate(std::size_t n, std::size_t align) noexcept {
  void *p = nullptr;
  if (align <= alignof(std::max_align_t))
    p = std::malloc(n ? n : 1);
  else if (posix_memalign(&p, align, n ? n : 1) != 0)
    p = nullptr;
  if (p) {
    ++news;
    note_alloc(p, n);
  }
  return p;
}
inline void *allocate_or_fail(std::size_t n, std::size_t align) {
  if (void *p = allocate(n, align))
    return p;
#if MKIT_EXCEPTIONS
  throw std::bad_alloc();
#else
  die("out of memory");
#endif
}

} // namespace mkit::exe

namespace mkit {
/// Prints the truth lines (all threads must have finished their coroutines).
inline void print_truth() {
  std::vector<function_truth *> fs;
  {
    std::lock_guard<std::mutex> g(exe::registry_mutex);
    for (function_truth *f = exe::registry_head; f; f = f->next)
      fs.push_back(f);
  }
  std::sort(fs.begin(), fs.end(), [](const function_truth *a, const function_truth *b) {
    int c = std::strcmp(a->file, b->file);
    if (c != 0)
      return c < 0;
    if (a->line != b->line)
      return a->line < b->line;
    return std::strcmp(a->name, b->name) < 0;
  });
  for (const function_truth *f : fs)
    std::printf("truth file=%s line=%u calls=%llu heap_frames=%llu heap_bytes=%llu "
                "awaits=%llu suspends=%llu waits=%llu completed=%llu "
                "sync_completions=%llu destroyed=%llu function=%s\n",
                f->file, f->line, (unsigned long long)f->calls.load(),
                (unsigned long long)f->heap_frames.load(),
                (unsigned long long)f->heap_bytes.load(),
                (unsigned long long)f->awaits.load(),
                (unsigned long long)f->suspends.load(),
                (unsigned long long)f->waits.load(),
                (unsigned long long)f->completed.load(),
                (unsigned long long)f->sync_completions.load(),
                (unsigned long long)f->destroyed.load(), f->name);
  std::fflush(stdout);
}
} // namespace mkit

void *operator new(std::size_t n) { return mkit::exe::allocate_or_fail(n, 0); }
void *operator new[](std::size_t n) { return mkit::exe::allocate_or_fail(n, 0); }
void *operator new(std::size_t n, const std::nothrow_t &) noexcept {
  return mkit::exe::allocate(n, 0);
}
void *operator new[](std::size_t n, const std::nothrow_t &) noexcept {
  return mkit::exe::allocate(n, 0);
}
void *operator new(std::size_t n, std::align_val_t a) {
  return mkit::exe::allocate_or_fail(n, static_cast<std::size_t>(a));
}
void *operator new[](std::size_t n, std::align_val_t a) {
  return mkit::exe::allocate_or_fail(n, static_cast<std::size_t>(a));
}
void *operator new(std::size_t n, std::align_val_t a, const std::nothrow_t &) noexcept {
  return mkit::exe::allocate(n, static_cast<std::size_t>(a));
}
void *operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t &) noexcept {
  return mkit::exe::allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t, const std::nothrow_t &) noexcept {
  std::free(p);
}
void operator delete[](void *p, std::align_val_t, const std::nothrow_t &) noexcept {
  std::free(p);
}

#endif // MKIT_MAIN_H
