// Three threads (two workers, then main) make 124 calls of work(), and the
// first worker one of parked(), whose frame is never destroyed: made on a
// thread that has exited, no stale copy of its address on a live stack
// hides it from LeakSanitizer. Then, by argv[1]:
//   leak  (default) nothing more: LeakSanitizer reports the frame at exit
//   race  a data race on a plain int: TSan reports it at exit (exit 66)
//   uaf   a heap use after free: ASan reports it mid-run
//   ub    a signed overflow: UBSan reports it mid-run (halting when built
//         with -fno-sanitize-recover)
#include <climits>
#include <coroutine>
#include <cstdio>
#include <cstring>
#include <thread>

struct task {
  struct promise_type {
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  std::coroutine_handle<promise_type> h;
};

task work(int) {
  co_await std::suspend_always{};
}

task parked() { co_return; }

void run(int n) {
  for (int i = 0; i < n; ++i) {
    task k = work(i);
    while (!k.h.done())
      k.h.resume();
    k.h.destroy();
  }
}

void runAndLeak(int n) {
  run(n);
  parked(); // NOLINT(coroscope-discarded-task): the leak is the point
}

int raced;
volatile int big = INT_MAX;

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "leak";
  std::thread a(runAndLeak, 40), b(run, 40);
  a.join();
  b.join();
  run(44); // still in main's buffer when the process ends
  std::printf("done\n");
  std::fflush(stdout);
  if (!std::strcmp(mode, "race")) {
    std::thread c([] { ++raced; });
    ++raced;
    c.join();
  } else if (!std::strcmp(mode, "uaf")) {
    int *p = new int(1);
    delete p;
    return *static_cast<volatile int *>(p);
  } else if (!std::strcmp(mode, "ub")) {
    return big + 1 > 0 ? 0 : 5;
  }
  return 0;
}
