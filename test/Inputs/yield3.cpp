// A generator of 0, 1, 2, summed: prints s=3. One function site with
// an initial, a yield and a final point, reached 1, 3 and 1 times.
#include "generator.h"
#include <cstdio>
Generator<int> gen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
int main() { std::printf("s=%d\n", drain(gen(3))); }
