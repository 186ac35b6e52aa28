// EXPECT: none
// Look-alike of large-frame.cpp: the same handler with a 2 KiB buffer across
// the wait; its frame stays under the 4,096 bytes from which it is large.
// RUN: %run_case -O2 %s %t
// RUN: FileCheck %s < %t.stdout
// CHECK: truth: calls=200 frames=200 frame_bytes=2{{[0-9][0-9][0-9]}} total=20275200
#include <array>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <new>
#include <utility>
#include <vector>

#include "../Inputs/task.h"  // Task<T>; g_frames, g_frame_bytes: heap frames, as the program counts them

// The event loop: a parked frame waits here until main runs the loop.
static std::deque<std::coroutine_handle<>> g_ready;
struct Park {
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept {}
};
static void run_loop() {
  while (!g_ready.empty()) {
    std::coroutine_handle<> h = g_ready.front();
    g_ready.pop_front();
    h.resume();
  }
}

// Readiness-style receive: wait until the connection is readable (its turn
// on the loop), then read into the caller's buffer.
struct Receive {
  char* data;
  std::size_t size;
  int conn;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { g_ready.push_back(h); }
  void await_resume() noexcept { std::memset(data, conn % 100, size); }
};

Task<long> handle_connection(int conn) {
  std::array<char, 2048> buf;  // the receive buffer
  co_await Receive{buf.data(), buf.size(), conn};  // buf lives across this wait
  long sum = 0;
  for (char c : buf) sum += c;
  co_return sum;
}

int main() {
  std::vector<Task<long>> conns;  // one handler per connection, owned here: heap frames
  for (int i = 0; i < 200; ++i) conns.push_back(handle_connection(i));
  for (Task<long>& t : conns) t.h.resume();
  run_loop();
  long total = 0;
  for (Task<long>& t : conns) total += t.h.promise().value;
  std::printf("truth: calls=200 frames=%ld frame_bytes=%ld total=%ld\n", g_frames, g_frame_bytes / g_frames, total);
}

// The same advice from profile mode (COROSCOPE_MODE=profile), whose figures are kept in the process:
// RUN: env COROSCOPE_MODE=profile %run_case -O2 %s %t.p
// RUN: FileCheck %s < %t.p.stdout
