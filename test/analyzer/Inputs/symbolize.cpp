// A program whose function address symbolize.test turns into a finding PC.
#include <cstdio>

__attribute__((noinline)) int offending_operation(int x) {
  std::printf("%d\n", x);
  return x + 1;
}

int main() { return offending_operation(1) == 2 ? 0 : 1; }
