// EXPECT: large-frame handle_connection line 45
// Pattern: the 8 KiB buffer is used only before the wait (the request is
// read and summed, then the handler waits for the backend), but it stays in
// scope across the wait. Its address escapes to the read, so clang 19 keeps
// it in the frame for its whole scope: every frame is 8 KiB at -O2 as well,
// and the advice is right although no use follows the wait.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// CHECK: truth: calls=[[#CALLS:]] frames=[[#FRAMES:]] frame_bytes=[[#BYTES:]] total=81100800
// CHECK: finding advice large-frame handle_connection(int) 45:0 frame_bytes=[[#BYTES]] heap_frames=[[#FRAMES]] calls=[[#CALLS]]
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
  std::array<char, 8192> buf;  // the request
  read_request(buf.data(), buf.size(), conn);
  long sum = 0;
  for (char c : buf) sum += c;
  co_await Park{};  // wait for the backend; buf is not used again, but in scope
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
// RUN: %python %S/../tools/report_summary.py %t.p.json > %t.p.summary
// RUN: cat %t.p.stdout %t.p.summary | FileCheck %s --implicit-check-not=finding
