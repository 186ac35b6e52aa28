// EXPECT: concurrent-resume transcode line 40,38
// Fault: a cancel request destroys the frame from main while a worker thread is running it
// (the body is blocked on a flag, released only afterwards).
// Build: clang++-19 -std=c++20 -pthread -g concurrent-resume-destroy-while-running.cpp
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

Job transcode() {
  g_entered = true;
  while (!g_release.load()) std::this_thread::yield();
  co_return;
}

int main() {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  Job j = transcode();
  std::thread worker([h = j.h] { h.resume(); });
  while (!g_entered.load()) std::this_thread::yield();
  j.h.destroy();  // FAULT: cancel destroys a frame running on the worker
  g_release = true;
  worker.join();
}
