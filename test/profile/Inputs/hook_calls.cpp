// Counts the instrumented code's calls of each hook: linked with
// -Wl,--wrap=<hook> for every hook of coroscope/hooks.def, so each call the
// program's objects make reaches __wrap_<hook>, which counts it and calls the
// runtime's hook (__real_<hook>). Prints "hook calls: N" and each hook called
// at exit. Every hook takes at most three integer-class arguments, so on
// x86-64 one three-word signature forwards them all.
#include <atomic>
#include <cstdint>
#include <cstdio>

namespace {
struct Counter {
  const char *name;
  std::atomic<unsigned long> calls{0};
};
#define COROSCOPE_HOOK(Name, symbol, params) Counter g_##symbol{#symbol};
#include "coroscope/hooks.def"

struct Report {
  ~Report() {
    const Counter *all[] = {
#define COROSCOPE_HOOK(Name, symbol, params) &g_##symbol,
#include "coroscope/hooks.def"
    };
    unsigned long total = 0;
    for (const Counter *c : all)
      total += c->calls;
    std::printf("hook calls: %lu\n", total);
    for (const Counter *c : all)
      if (c->calls)
        std::printf("  %s %lu\n", c->name, c->calls.load());
  }
} gReport;
} // namespace

#define COROSCOPE_HOOK(Name, symbol, params)                                                       \
  extern "C" void __real_##symbol(uint64_t, uint64_t, uint64_t);                                   \
  extern "C" void __wrap_##symbol(uint64_t a, uint64_t b, uint64_t c) {                            \
    ++g_##symbol.calls;                                                                            \
    __real_##symbol(a, b, c);                                                                      \
  }
#include "coroscope/hooks.def"
