// EXPECT: none
// Look-alike of large-frame-dead-buffer.cpp with the fix the advice gives:
// the buffer's scope ends before the wait, so it is not in the frame, which
// stays small: the frame's size, not the declaration, decides.
// RUN: %run_case -O2 %s %t
// RUN: FileCheck %s < %t.stdout
// CHECK: truth: calls=200 frames=200 frame_bytes={{[1-9][0-9]?[0-9]?}} total=81100800
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

// The synchronous read of the request, out of line as a system call is.
__attribute__((noinline)) void read_request(char* data, std::size_t size, int conn) {
  std::memset(data, conn % 100, size);
}

Task<long> handle_connection(int conn) {
  long sum = 0;
  {
    std::array<char, 8192> buf;  // the request
    read_request(buf.data(), buf.size(), conn);
    for (char c : buf) sum += c;
  }
  co_await Park{};  // wait for the backend
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
