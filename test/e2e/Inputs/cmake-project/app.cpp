// Instrumented: 50 calls of square(int), then the log is flushed through
// the runtime's public header (coroscope::runtime's include directory).
#include "task.h"

#include <coroscope/hooks.h>
#include <cstdio>

Task square(int x) { co_return x * x; }

int main() {
  int sum = 0;
  for (int i = 0; i < 50; ++i)
    sum += square(i).run();
  __coroscope_flush();
  std::printf("sum %d\n", sum);
}
