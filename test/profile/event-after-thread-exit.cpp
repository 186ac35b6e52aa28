// Coroutines that run on a thread after coroscope's own exit handler for it
// (a pthread key destructor of the program's, created after coroscope's
// key, runs later): the module's state byte was cleared at that exit, so
// their first event attaches the thread again instead of using the block
// that is gone, and every count is kept. The worker runs 3 chains of
// outer -> middle -> leaf, its key destructor 2 more.
// RUN: %clang_coroscope -O2 %s -o %t -pthread
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.log %t | FileCheck %s --check-prefix=OUT
// RUN: env COROSCOPE_OUT=t.log %t | FileCheck %s --check-prefix=OUT
// RUN: env COROSCOPE_MODE=profile COROSCOPE_CHECKS=1 COROSCOPE_OUT=c.log %t | FileCheck %s --check-prefix=OUT
// RUN: %coroscope report --format json -o p.json p.log
// RUN: %coroscope report --format json -o t.json t.log
// RUN: %coroscope report --format json -o c.json c.log
// RUN: %python %S/../tools/profile_check.py equal t.json p.json | FileCheck %s --check-prefix=EQUAL
// RUN: %python %S/../tools/profile_check.py equal c.json p.json | FileCheck %s --check-prefix=EQUAL
// EQUAL: equal: 3 functions, 8 sites
// RUN: %coroscope report p.log | FileCheck %s --check-prefix=REPORT
// REPORT: 1 log, 0 events, 2 threads
// REPORT: functions: 3, calls: 15, heap frames: 15
// REPORT: {{^ *}}5 {{ *}}5 {{.*}} leaf(int)
// OUT: sum 53
#include <coroutine>
#include <cstdio>
#include <exception>
#include <pthread.h>
#include <utility>

template <class T> struct task {
  struct promise_type {
    T value{};
    std::coroutine_handle<> next;
    task get_return_object() { return task{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct final_awaiter {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        auto next = h.promise().next;
        return next ? next : std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    final_awaiter final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit task(std::coroutine_handle<promise_type> h) : h(h) {}
  task(task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~task() {
    if (h)
      h.destroy();
  }
  bool await_ready() { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) {
    h.promise().next = caller;
    return h;
  }
  T await_resume() { return h.promise().value; }
  T run() {
    h.resume();
    return h.promise().value;
  }
};

task<int> leaf(int i) { co_return i; }
task<int> middle(int i) { co_return 2 * co_await leaf(i); }
task<int> outer(int i) { co_return 1 + co_await middle(i); }

int sum = 0; // written by the worker only; read after join

pthread_key_t key;
void at_key_exit(void *) {
  for (int i = 0; i < 2; ++i)
    sum += outer(10 + i).run();
}

void *worker(void *) {
  pthread_setspecific(key, &key);
  for (int i = 0; i < 3; ++i)
    sum += outer(i).run();
  return nullptr;
}

int main() {
  pthread_key_create(&key, at_key_exit);
  pthread_t t;
  pthread_create(&t, nullptr, worker, nullptr);
  pthread_join(t, nullptr);
  std::printf("sum %d\n", sum);
}
