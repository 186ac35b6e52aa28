// EXPECT: concurrent-resume crunch line 42,39
// Fault: two threads resume the same frame at once. Thread 1 resumes it and its body blocks
// on a flag; only then thread 2 resumes the same handle (the flag is released afterwards).
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-two-threads.cpp
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

std::atomic<bool> g_entered{false}, g_release{false};

struct Job {
  struct promise_type {
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

Job crunch() {
  g_entered = true;
  while (!g_release.load()) std::this_thread::yield();  // running on thread 1
  std::puts("crunch: done");
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job j = crunch();
  std::thread t1([h = j.h] { h.resume(); });
  while (!g_entered.load()) std::this_thread::yield();
  std::thread t2([h = j.h] {
    h.resume();  // FAULT: the frame is running on thread 1
  });
  t2.join();
  g_release = true;
  t1.join();
  j.h.destroy();
}
