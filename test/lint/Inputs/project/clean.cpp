// The same calls used correctly: no finding.
#include "task.h"

Task<> work();

Task<> once() {
  Task<> t = work();
  co_await std::move(t);
}

Task<> started() { co_await work(); co_await work(); }  // more than a forward: no pass-through
