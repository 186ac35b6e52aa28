// EXPECT: none
// Look-alike of leaked-frame / suspended-forever: long-lived frames (a background generator
// parked at co_yield and a finished task) are owned by globals whose destructors run after
// main returns, before coroscope's exit scan; nothing is left behind.
// Build: clang++-19 -std=c++20 -pthread -g ok-global-task-destroyed-at-exit.cpp
#include <atomic>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <new>
#include <thread>
#include <utility>
#include <vector>
#include "../../../Inputs/task.h"  // Task<T>: lazy, single-consumer, returns to its awaiter by symmetric transfer
#include "../../../Inputs/generator.h"  // Generator<T>: move-only, pulled by its consumer, destroyed by its owner

Generator<int> id_source() {
  for (int i = 1;; ++i) co_yield i;
}
Task<int> load_settings() { co_return 3; }

struct Globals {
  Generator<int> ids = id_source();
  Task<int> settings = load_settings();
};
Globals g_globals;  // destroyed by a static destructor at exit

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  int first = *g_globals.ids.begin();
  g_globals.settings.handle().resume();
  std::printf("main: id=%d settings=%d\n", first, g_globals.settings.handle().promise().value);
}
