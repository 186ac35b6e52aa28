// EXPECT: none
// Look-alike of double-destroy: a task wrapper with a correct move assignment (destroys its
// own frame, takes the other's, empties the source), swap and self-move-assignment.
// Build: clang++-19 -std=c++20 -pthread -g ok-move-assign-correct.cpp
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

Task<int> render_frame(int n) { co_return n; }

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Task<int> current = render_frame(1);
  current.handle().resume();
  for (int i = 2; i <= 4; ++i) {
    Task<int> next = render_frame(i);
    current = std::move(next);  // destroys the previous frame, `next` becomes empty
    current.handle().resume();
  }
  Task<int> other = render_frame(5);
  std::swap(current, other);  // via move construction and move assignment
  Task<int>& alias = current;
  current = std::move(alias);  // self-move: no-op
  current.handle().resume();
  std::printf("main: %d and %d (expected 5 and 4)\n", current.handle().promise().value,
              other.handle().promise().value);
}
