//===- bench/fixed_iterations.h - The --fixed_iterations=N flag -----------===//
//
// Both benchmark binaries take --fixed_iterations=N besides Google
// Benchmark's flags: run_bench.sh's counting runs use it to make a known
// number of ops, whose log it then reads.
//
//===----------------------------------------------------------------------===//
#pragma once
#include <cstdlib>
#include <cstring>

/// Removes every --fixed_iterations=N from argv (so that Google Benchmark
/// does not reject it) and returns the last N, or 0 when there is none.
inline long takeFixedIterations(int &argc, char **argv) {
  static const char flag[] = "--fixed_iterations=";
  long n = 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], flag, sizeof flag - 1) != 0)
      continue;
    n = std::atol(argv[i] + sizeof flag - 1);
    std::memmove(argv + i, argv + i + 1, sizeof(char *) * (argc - i));
    --argc;
    --i;
  }
  return n;
}
