// A generator of 0, 1, 2 summed by hand: prints s=3. One function site with
// an initial, a yield and a final point, reached 1, 3 and 1 times.
#include "gen.h"
#include <cstdio>
Gen gen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
int main() {
  Gen g = gen(3);
  int s = 0;
  while (g.h.resume(), !g.h.done())
    s += g.h.promise().cur;
  g.h.destroy();
  std::printf("s=%d\n", s);
}
