// A shared library whose global the executable reaches by a copy
// relocation (-no-pie): it must bind to the executable's copy.
#include "../../../Inputs/generator.h"
int counter = 0;
static Generator<int> lgen(int n) { for (int i = 0; i < n; ++i) co_yield i; }
void bump() {
  for ([[maybe_unused]] int v : lgen(3))
    ++counter;
}
