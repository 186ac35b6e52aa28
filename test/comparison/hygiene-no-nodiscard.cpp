// CASE [bad]: a lazy task type without `[[nodiscard]]` (the type is at fault, not a use of it)
// NOTE: an opt-in check
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include <coroutine>
#include <exception>
#include <utility>

class Job { // BAD: a dropped Job never runs, and the compiler cannot say so
public:
  struct promise_type {
    Job get_return_object() { return Job{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit Job(std::coroutine_handle<promise_type> h) : h_(h) {}
  Job(Job &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Job() {
    if (h_)
      h_.destroy();
  }
  void run() { h_.resume(); }

private:
  std::coroutine_handle<promise_type> h_;
};

Job cleanup(int days) {
  (void)days;
  co_return;
}

void nightly() {
  Job j = cleanup(30);
  j.run();
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE: {{.*}}hygiene-no-nodiscard.cpp:11:7: warning: coroutines return 'Job' as a lazy task, but it is not {{\[\[}}nodiscard]]: {{.*}} [-Wcoroscope-task-type-hygiene]
// COROSCOPE-NEXT: {{.*}}hygiene-no-nodiscard.cpp:32:5: note: 'cleanup' returns 'Job', a lazy task, here
// TIDY-NOT: warning:
// CLANG-NOT: warning:
