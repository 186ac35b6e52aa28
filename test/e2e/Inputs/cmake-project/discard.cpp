// A discarded lazy task: -Wcoroscope-discarded-task, unless NO_WARNINGS.
#include "task.h"

#include <cstdio>

Task work() { co_return 1; }

int main() {
  work();
  std::printf("%d\n", work().run());
}
