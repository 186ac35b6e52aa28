// EXPECT: hot-sync price line 45
// Pattern: the .NET "return ValueTask" case. A price service behind an
// interface answers 97.5 % of lookups from its cache, yet every call of the
// virtual coroutine allocates a heap frame; only the misses park on the event
// loop. The figures of the advice must be the program's own counts.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.log | FileCheck %s --check-prefix=TEXT
// CHECK: truth: calls=[[#CALLS:]] sync_percent=[[PCT:[0-9.]+]] heap_percent=[[#HEAP:]] frame_bytes=[[#BYTES:]] total=14999850000
// CHECK: finding advice hot-sync CachedPrices::price(int) 45:0 calls=[[#CALLS]] sync_percent=[[PCT]] heap_percent=[[#HEAP]] heap_bytes_per_call=[[#BYTES]] heap_bytes_per_second={{[1-9][0-9]*}}
// TEXT: advice: [hot-sync] 'CachedPrices::price()' completed without waiting in 97.5 % of its 100000 calls, yet allocated a heap frame for 100 % of them
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <utility>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// The event loop: a parked frame waits here until main runs the loop.
static std::deque<std::coroutine_handle<>> g_ready;
struct Park {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
static void run_loop() {
  while (!g_ready.empty()) {
    std::coroutine_handle<> h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

struct PriceService {
  virtual Task<int> price(int id) = 0;
  virtual ~PriceService() = default;
};

static long g_calls = 0, g_hits = 0;
struct CachedPrices : PriceService {
  Task<int> price(int id) override {  // virtual: no build can inline it, so no HALO
    ++g_calls;
    if (id % 40 != 0) { ++g_hits; co_return id * 3; }  // a cache hit completes at once
    co_await Park{};  // a miss waits for the backend
    co_return id * 3;
  }
};

Task<long> lookups(PriceService& service, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) total += co_await service.price(i);
  co_return total;
}

int main() {
  CachedPrices service;
  Task<long> top = lookups(service, 100000);
  long top_frames = g_frames, top_bytes = g_frame_bytes;  // the driver's own frame
  top.h.resume();
  run_loop();
  long frames = g_frames - top_frames, bytes = g_frame_bytes - top_bytes;
  std::printf("truth: calls=%ld sync_percent=%g heap_percent=%g frame_bytes=%ld total=%ld\n", g_calls,
              100.0 * double(g_hits) / double(g_calls), 100.0 * double(frames) / double(g_calls),
              frames ? bytes / frames : 0, top.h.promise().value);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: %python %S/../tools/report_summary.py %t.p.json > %t.p.summary
// RUN: cat %t.p.stdout %t.p.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.p.log | FileCheck %s --check-prefix=TEXT
