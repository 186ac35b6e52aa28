// EXPECT: double-destroy encode_chunk line 40,37
// Fault across threads: a worker finishes the job and destroys the frame as "cleanup";
// after the join, main's owner destroys it again.
// Build: clang++-19 -std=c++20 -pthread -g double-destroy-threads.cpp
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

struct Chunk {
  struct promise_type {
    Chunk get_return_object() { return Chunk{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

Chunk encode_chunk(int id) {
  std::printf("encode_chunk(%d)\n", id);
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Chunk c = encode_chunk(9);
  std::thread worker([h = c.h] {
    h.resume();
    h.destroy();  // worker-side cleanup
  });
  worker.join();
  c.h.destroy();  // FAULT: main's cleanup destroys the same frame again
}
