// A thread's first chunk starts from a real reading (the time its block was
// set up), not 0: a first record without a time of its own (here a worker's
// resume(), whose enter event is untimed) decodes to that reading, so the
// log's run time is never measured from 0.
// RUN: %clang_coroscope -O1 -g %s -o %t
// RUN: env COROSCOPE_OUT=%t.log %t
// RUN: %coroscope dump %t.log | FileCheck %s --implicit-check-not='base_ts=0 '
#include <coroutine>
#include <cstdio>
#include <exception>
#include <thread>

struct lazy {
  struct promise_type {
    lazy get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

__attribute__((noinline)) lazy work(int *out) {
  *out = 1;
  co_return;
}

int main() {
  int v = 0;
  lazy t = work(&v);
  std::thread([&] { t.h.resume(); }).join();
  t.h.destroy();
  return v == 1 ? 0 : 1;
}
// CHECK:      packed_events {{.*}} thread=2 {{.*}} base_ts=[[BASE:[1-9][0-9]*]] {{.*}}
// CHECK-NEXT: event {{.*}} thread=2 resume_enter {{.*}} ts=[[BASE]] frame=
