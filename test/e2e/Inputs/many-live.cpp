// 1,500 generators left suspended at their first yield and never destroyed:
// more frames alive at the end than the HTML report lists one by one.
#include "../../Inputs/generator.h"
#include <cstdio>
#include <vector>

Generator<int> step(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

int main() {
  auto *kept = new std::vector<Generator<int>>; // alive at exit, on purpose
  for (int i = 0; i < 1500; ++i) {
    kept->push_back(step(3));
    kept->back().handle().resume();
  }
  std::printf("kept=%zu\n", kept->size());
}
