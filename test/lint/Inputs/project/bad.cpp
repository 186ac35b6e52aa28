// A double await and a discarded task: two findings for `coroscope lint`.
#include "task.h"

Task<> work();

Task<> twice() {
  Task<> t = work();
  co_await std::move(t);
  co_await std::move(t);
}

void fire_and_forget() {
  work();
}
