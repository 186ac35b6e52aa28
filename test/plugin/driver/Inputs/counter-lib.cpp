// A shared library whose global the executable reaches by a copy
// relocation (-no-pie): it must bind to the executable's copy.
#include "../../../Inputs/gen.h"
int counter = 0;
static Gen lgen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
void bump() {
  Gen g = lgen(3);
  while (g.h.resume(), !g.h.done())
    ++counter;
  g.h.destroy();
}
