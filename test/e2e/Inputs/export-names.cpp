// Coroutines whose names need quoting in CSV: a template with a comma in its
// arguments and a literal operator with quotes in its name. Prints its pid
// and the truth: pairs<int, long> called 2 times (3 yields each), ""_g once
// (N yields for N).
#include "../../Inputs/generator.h"
#include <cstdio>
#include <unistd.h>

template <class A, class B> Generator<int> pairs(A a, B b) {
  for (int i = 0; i < 3; ++i)
    co_yield int(a + b + i);
}
Generator<int> operator""_g(unsigned long long n) {
  for (unsigned long long i = 0; i < n; ++i)
    co_yield int(i);
}

int main() {
  int s = drain(pairs(1, 2L)) + drain(pairs(3, 4L)) + drain(4_g);
  std::printf("pid=%d s=%d\n", int(getpid()), s);
}
