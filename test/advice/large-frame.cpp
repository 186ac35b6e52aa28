// EXPECT: large-frame handle_connection line 55
// Pattern: a connection handler with an 8 KiB receive buffer that lives
// across the wait for data, so every handler's frame carries it (clippy's
// large_futures in C++ form). The advice must name the buffer, its line and
// the suspend point it lives across, and give the frame size the program
// allocates.
// RUN: %run_case -O2 %s %t
// RUN: %python %S/../tools/report_summary.py %t.json > %t.summary
// RUN: cat %t.stdout %t.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.log | FileCheck %s --check-prefix=TEXT -DFILE=%s
// CHECK: truth: calls=[[#CALLS:]] frames=[[#FRAMES:]] frame_bytes=[[#BYTES:]] total=81100800
// CHECK: finding advice large-frame handle_connection(int) 54:0 frame_bytes=[[#BYTES]] heap_frames=[[#FRAMES]] calls=[[#CALLS]]
// TEXT: [[FILE]]:54: advice: [large-frame] frames of 'handle_connection()' take {{[0-9]+}} bytes (above 4096); the largest locals that live across a suspend point: 'buf' (8192 bytes, across line 56)
// TEXT-NEXT: [[FILE]]:55:{{[0-9]+}}: note: 'buf' (std::array<char, 8192>, 8192 bytes) lives across the suspend point at line 56
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
  std::array<char, 8192> buf;  // the receive buffer
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
// RUN: %python %S/../tools/report_summary.py %t.p.json > %t.p.summary
// RUN: cat %t.p.stdout %t.p.summary | FileCheck %s --implicit-check-not=finding
// RUN: not %coroscope check --fail-on advice %t.p.log | FileCheck %s --check-prefix=TEXT -DFILE=%s
