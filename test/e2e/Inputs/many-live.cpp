// 1,500 generators left suspended at their first yield and never destroyed:
// more frames alive at the end than the HTML report lists one by one.
#include "../../Inputs/gen.h"
#include <cstdio>
#include <vector>

Gen step(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

int main() {
  static std::vector<Gen> kept; // alive at exit, on purpose
  for (int i = 0; i < 1500; ++i) {
    kept.push_back(step(3));
    kept.back().h.resume();
  }
  std::printf("kept=%zu\n", kept.size());
}
