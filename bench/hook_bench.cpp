//===- hook_bench.cpp - The runtime's hot path, hook by hook --------------===//
//
// Calls the public hooks of coroscope/hooks.h directly, on a site table
// registered with __coroscope_sites_init as the pass's module constructor
// does: one benchmark per hook kind (one call per iteration) and
// TaskFrameMix, which replays per iteration every hook call that one lazy
// task<int> frame awaited by a parent costs (the sequence an instrumented
// CompletedDepth chain makes per level, taken from a real log), so its time
// per iteration is the runtime's share of one such frame.
//
// The log is really written (COROSCOPE_OUT; the write is part of the hot
// path), but in timed runs a file of a plain path is cut back to nothing
// after a benchmark run that grew it past 64 MiB: a second of hooks writes
// GBs. Runs of --fixed_iterations keep their whole log.
// run_bench.sh links this file against the static runtime (no PLT in the
// calls) and the shared one, and runs it with COROSCOPE_CHECKS=0 and 1; it
// counts the events of one TaskFrameMix iteration from a log of a fixed
// number of iterations.
//
// USAGE: hook_bench [--fixed_iterations=N] [--benchmark_* flags]
//
//===----------------------------------------------------------------------===//
#include "coroscope/hooks.h"
#include "coroscope/log_format.h"
#include "fixed_iterations.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace log = coroscope::log;

// One parent coroutine with an await, one child task with its initial and
// final suspend points, and the call sites that create and destroy a child.
enum : int { kChild, kChildInitial, kChildFinal, kParent, kParentAwait, kCall, kDestroy, kSites };
__coroscope_site g_sites[kSites];

void define_site(int i, uint8_t kind, const __coroscope_site *fn, const char *name, uint32_t line,
                 const char *awaiter) {
  __coroscope_site &s = g_sites[i];
  s.kind = kind;
  s.build = log::kBuildOptimized;
  s.line = line;
  s.column = 1;
  s.function = fn;
  s.name = name;
  s.file = "bench/hook_bench.cpp";
  s.awaiter = awaiter;
}

void register_sites() {
  const char *task = "coroscope_example::detail::task_promise<int>";
  define_site(kChild, log::kSiteFunction, nullptr, "child()", 10, task);
  define_site(kChildInitial, log::kSiteInitial, &g_sites[kChild], "child()", 10,
              "std::suspend_always");
  define_site(kChildFinal, log::kSiteFinal, &g_sites[kChild], "child()", 10, "final_awaiter");
  define_site(kParent, log::kSiteFunction, nullptr, "parent()", 20, task);
  define_site(kParentAwait, log::kSiteAwait, &g_sites[kParent], "parent()", 21,
              "coroscope_example::task<int>::awaiter");
  define_site(kCall, log::kSiteCoroutineCall, &g_sites[kChild], "parent()", 21, "");
  define_site(kDestroy, log::kSiteDestroyCall, nullptr, "task<int>::~task()", 30, task);
  __coroscope_sites_init(g_sites, g_sites + kSites);
}

const __coroscope_site *site(int i) { return &g_sites[i]; }

// Stand-ins for frames: the runtime never dereferences a frame except to
// read its destroy-function word when it is freed, so they are real memory.
constexpr int kBatch = 4096;
alignas(64) unsigned char g_frames[kBatch + 1][64];
void *const g_parent = g_frames[kBatch];
void *const g_child = g_frames[0];
constexpr uint64_t kFrameBytes = 40; // task<int>'s frame at -O2

bool g_trim_log = true; // off for --fixed_iterations: those logs are read

/// Keeps the log file from filling the disk between benchmark runs. The
/// runtime goes on writing at its offset, so the file becomes sparse: its
/// blocks, not its size, say what it holds.
void trim_log() {
  if (!g_trim_log)
    return;
  const char *path = std::getenv("COROSCOPE_OUT");
  if (!path || !*path || std::strstr(path, "%p"))
    return;
  struct stat st;
  if (stat(path, &st) == 0 && st.st_blocks * 512 > (64 << 20))
    truncate(path, 0);
}

/// A child frame as it is between two events of its life: allocated, begun.
void begin_child(void *frame) {
  __coroscope_frame_alloc(site(kChild), frame, kFrameBytes);
  __coroscope_frame_begin(site(kChild), frame, kFrameBytes);
}

/// The child's end as the owner's ~task() runs it (at its final suspend).
void free_child(void *frame) {
  __coroscope_handle_destroy_enter(site(kDestroy), frame);
  __coroscope_frame_free(site(kChild), frame, frame);
  __coroscope_handle_destroy_exit(site(kDestroy), frame);
}

/// One hook call per iteration on a begun child frame (inlined: no call of
/// the benchmark's own in the time).
template <class Call> void per_call(benchmark::State &state, Call call) {
  begin_child(g_child);
  for (auto _ : state)
    call();
  // Resumed, finished, then destroyed: a task's normal end, no finding.
  __coroscope_frame_resume(site(kChildInitial), g_child);
  __coroscope_await_suspend(site(kChildFinal), g_child, nullptr);
  __coroscope_await_return(site(kChildFinal), g_child);
  free_child(g_child);
  trim_log();
}

void FrameAlloc(benchmark::State &state) {
  per_call(state, [] { __coroscope_frame_alloc(site(kChild), g_child, kFrameBytes); });
}
// After the first iteration no frame_alloc precedes it: the begin of an
// elided frame, which also writes its untimed FrameElided record.
void FrameBegin(benchmark::State &state) {
  per_call(state, [] { __coroscope_frame_begin(site(kChild), g_child, kFrameBytes); });
}
void RampReturn(benchmark::State &state) {
  per_call(state, [] { __coroscope_ramp_return(site(kChild), g_child); });
}
void AwaitReady(benchmark::State &state) {
  per_call(state, [] { __coroscope_await_ready(site(kParentAwait), g_child); });
}
void AwaitSuspend(benchmark::State &state) {
  per_call(state, [] { __coroscope_await_suspend(site(kChildInitial), g_child, nullptr); });
}
void FrameResume(benchmark::State &state) {
  // The frame is running on this thread, as after the transfer into it.
  per_call(state, [] { __coroscope_frame_resume(site(kChildInitial), g_child); });
}

// A frame is freed once: each iteration frees a batch of frames begun while
// the timer is stopped, and reports time per frame_free.
void FrameFree(benchmark::State &state) {
  for (auto _ : state) {
    state.PauseTiming();
    for (int i = 0; i < kBatch; ++i) {
      __coroscope_frame_alloc(site(kChild), g_frames[i], kFrameBytes);
      __coroscope_frame_begin(site(kChild), g_frames[i], kFrameBytes);
    }
    state.ResumeTiming();
    for (int i = 0; i < kBatch; ++i)
      __coroscope_frame_free(site(kChild), g_frames[i], g_frames[i]);
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
  state.counters["calls_per_op"] = kBatch;
  trim_log();
}

// One child task<int> frame: created, started by its parent's co_await
// (symmetric transfer), completing at once back into the parent, destroyed
// by the parent's ~task(). Same calls, in the same order, as a real run.
void TaskFrameMix(benchmark::State &state) {
  __coroscope_frame_begin(site(kParent), g_parent, kFrameBytes); // the parent is running
  void *const f = g_child;
  for (auto _ : state) {
    __coroscope_coroutine_call(site(kCall));
    __coroscope_frame_alloc(site(kChild), f, kFrameBytes);
    __coroscope_frame_begin(site(kChild), f, kFrameBytes);
    __coroscope_await_suspend(site(kChildInitial), f, nullptr);
    __coroscope_await_return(site(kChildInitial), f);
    __coroscope_ramp_return(site(kChild), f);
    __coroscope_await_suspend(site(kParentAwait), g_parent, nullptr);
    __coroscope_await_transfer(site(kParentAwait), g_parent, f);
    __coroscope_frame_resume(site(kChildInitial), f);
    __coroscope_await_suspend(site(kChildFinal), f, nullptr);
    __coroscope_await_transfer(site(kChildFinal), f, g_parent);
    __coroscope_frame_resume(site(kParentAwait), g_parent);
    free_child(f);
  }
  __coroscope_frame_free(site(kParent), g_parent, nullptr);
  state.counters["calls_per_op"] = 15;
  trim_log();
}

} // namespace

int main(int argc, char **argv) {
  register_sites();
  benchmark::Initialize(&argc, argv);
  long fixed_iterations = takeFixedIterations(argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 2;
  g_trim_log = fixed_iterations == 0;
  using fn = void (*)(benchmark::State &);
  const struct {
    const char *name;
    fn run;
  } benchmarks[] = {{"FrameAlloc", FrameAlloc},     {"FrameBegin", FrameBegin},
                    {"RampReturn", RampReturn},     {"AwaitReady", AwaitReady},
                    {"AwaitSuspend", AwaitSuspend}, {"FrameResume", FrameResume},
                    {"FrameFree", FrameFree},       {"TaskFrameMix", TaskFrameMix}};
  for (const auto &b : benchmarks) {
    benchmark::internal::Benchmark *r = benchmark::RegisterBenchmark(b.name, b.run);
    if (fixed_iterations > 0)
      r->Iterations(fixed_iterations);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
