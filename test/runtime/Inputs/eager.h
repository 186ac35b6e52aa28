// A minimal eager coroutine type for runtime tests: starts at once, frees
// its frame at the end.
#pragma once
#include <coroutine>

struct eager {
  struct promise_type {
    eager get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
