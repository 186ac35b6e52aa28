// A library's own frame objects (corral's shape: resume and destroy function
// slots first, a tagged pointer `ptr | 1 << 63` in the destroy slot) that
// malloc places where an instrumented frame was freed are not that frame:
// resuming them, done() and destroy() through coroutine_handle are correct,
// never use-after-destroy or double-destroy, and the dead frame's record ends
// (no leaked-frame, not in the live-frame dump).
// RUN: %clang_coroscope -O0 -g %s -o %t.O0
// RUN: %clang_coroscope -O2 -g %s -o %t.O2
// RUN: env COROSCOPE_OUT=%t.O0.tagged.log %t.O0 tagged > %t.O0.tagged.out 2> %t.O0.tagged.err
// RUN: FileCheck %s --check-prefix=TAGGED < %t.O0.tagged.out
// RUN: %coroscope check %t.O0.tagged.log | FileCheck %s --check-prefix=CHECK-CLEAN
// RUN: env COROSCOPE_OUT=%t.O2.tagged.log %t.O2 tagged > %t.O2.tagged.out 2> %t.O2.tagged.err
// RUN: FileCheck %s --check-prefix=TAGGED < %t.O2.tagged.out
// RUN: %coroscope check %t.O2.tagged.log | FileCheck %s --check-prefix=CHECK-CLEAN
// RUN: env COROSCOPE_OUT=%t.O0.plain.log %t.O0 plain > %t.O0.plain.out 2> %t.O0.plain.err
// RUN: FileCheck %s --check-prefix=PLAIN < %t.O0.plain.out
// RUN: %coroscope check %t.O0.plain.log | FileCheck %s --check-prefix=CHECK-CLEAN
// RUN: env COROSCOPE_OUT=%t.O2.plain.log %t.O2 plain > %t.O2.plain.out 2> %t.O2.plain.err
// RUN: FileCheck %s --check-prefix=PLAIN < %t.O2.plain.out
// RUN: %coroscope check %t.O2.plain.log | FileCheck %s --check-prefix=CHECK-CLEAN
// Nothing on stderr: no finding, no leaked-frame at exit.
// RUN: cat %t.O0.tagged.err %t.O2.tagged.err %t.O0.plain.err %t.O2.plain.err | count 0
#include "coroscope/hooks.h"
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>

void *g_frame = nullptr;
std::size_t g_frame_bytes = 0;

struct lazy {
  struct promise_type {
    long payload[6] = {}; // a frame of more than 48 bytes
    static void *operator new(std::size_t n) {
      g_frame_bytes = n;
      return g_frame = std::malloc(n);
    }
    static void operator delete(void *p) noexcept { std::free(p); }
    lazy get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

__attribute__((noinline)) lazy step(int *out) {
  *out += 1;
  co_return;
}

// The library's frame: what coroutine_handle reads (resume at 0, destroy at
// 8), then its own state, all of it initialised.
struct HandFrame {
  void (*resume)(HandFrame *);
  std::uintptr_t destroy;
  int resumed;
};
struct Owner {
  int destroyed = 0;
} g_owner;
void handResume(HandFrame *f) {
  ++f->resumed;
  std::printf("hand-written frame resumed %d\n", f->resumed);
  if (f->resumed == 2)
    f->resume = nullptr; // finished, as done() reads it
}
void handDestroy(HandFrame *) { ++g_owner.destroyed; }

// The library's calls reach its frames through handles whose targets the
// optimizer cannot see (a resume through a known C function pointer would be
// a calling-convention mismatch it may turn into a trap).
__attribute__((noinline)) void resumeIt(std::coroutine_handle<> h) { h.resume(); }
__attribute__((noinline)) bool doneOf(std::coroutine_handle<> h) { return h.done(); }
__attribute__((noinline)) void destroyIt(std::coroutine_handle<> h) { h.destroy(); }
inline void opaque(void *p) { asm volatile("" : : "r"(p) : "memory"); }

int main(int argc, char **argv) {
  std::setvbuf(stdout, nullptr, _IONBF, 0);
  bool tagged = argc > 1 && std::strcmp(argv[1], "tagged") == 0;
  int runs = 0;
  lazy t = step(&runs);
  void *dead = g_frame;
  t.h.resume();
  t.h.destroy();
  std::printf("frame of %zu bytes destroyed, step ran %d\n", g_frame_bytes, runs);

  // Same size class: glibc hands the freed frame's memory back.
  void *mem = std::malloc(g_frame_bytes);
  if (mem != dead) {
    std::printf("malloc did not reuse the frame's address\n");
    return 1;
  }
  std::printf("malloc reused the frame's address\n");
  std::memset(mem, 0, g_frame_bytes);
  // Tagged: not armed yet (a null resume slot, no code pointer anywhere),
  // so only the memory's new owner tells it from the dead frame.
  auto *f = new (mem) HandFrame{tagged ? nullptr : handResume, 0, 0};
  f->destroy = tagged ? reinterpret_cast<std::uintptr_t>(&g_owner) | (std::uintptr_t(1) << 63)
                      : reinterpret_cast<std::uintptr_t>(&handDestroy);
  opaque(mem);
  auto h = std::coroutine_handle<>::from_address(mem);
  std::printf("done: %d\n", int(doneOf(h)));
  f->resume = handResume;
  opaque(mem);
  resumeIt(h);
  resumeIt(h);
  std::printf("done: %d\n", int(doneOf(h)));
  __coroscope_dump_frames(1);
  if (!tagged) {
    destroyIt(h);
    std::printf("destroyed through the handle: %d\n", g_owner.destroyed);
  }
  std::free(mem);
  return 0;
}
// TAGGED:      frame of {{[0-9]+}} bytes destroyed, step ran 1
// TAGGED-NEXT: malloc reused the frame's address
// TAGGED-NEXT: done: 1
// TAGGED-NEXT: hand-written frame resumed 1
// TAGGED-NEXT: hand-written frame resumed 2
// TAGGED-NEXT: done: 1
// TAGGED-NEXT: ==coroscope== 0 live coroutine frames
// TAGGED-NOT:  destroyed through

// PLAIN:      malloc reused the frame's address
// PLAIN-NEXT: done: 0
// PLAIN-NEXT: hand-written frame resumed 1
// PLAIN-NEXT: hand-written frame resumed 2
// PLAIN-NEXT: done: 1
// PLAIN-NEXT: ==coroscope== 0 live coroutine frames
// PLAIN-NEXT: destroyed through the handle: 1

// CHECK-CLEAN: no findings
