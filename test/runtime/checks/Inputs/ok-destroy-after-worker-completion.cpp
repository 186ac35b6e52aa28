// EXPECT: none
// Look-alike of double-destroy / concurrent-resume across threads: a worker runs the job to its
// final suspend point; main destroys it once after the join.
// Build: clang++-19 -std=c++20 -pthread -g ok-destroy-after-worker-completion.cpp
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
  std::vector<Chunk> chunks;
  for (int i = 0; i < 3; ++i) chunks.push_back(encode_chunk(i));
  std::thread worker([&] {
    for (auto& c : chunks) c.h.resume();
  });
  worker.join();
  for (auto& c : chunks) c.h.destroy();
}
