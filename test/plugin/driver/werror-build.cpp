// Instrumenting never breaks a -Werror build: with `coroscope flags --compile`
// a file with a finding compiles under the project's -Werror (and -Wall
// -Wextra -pedantic, any -O, -g0, -fno-exceptions), the finding still
// printed as a warning; the plugin and its hooks add no warning of Clang's
// own (-Weverything, plain and instrumented, print the same); `flags
// --compile` on the link line is no unused argument. Only the opt-ins,
// -fplugin-arg-coroscope-werror and -Werror=coroscope[-<check>], fail it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wall -Wextra -pedantic -Werror -O2 -c %s -o %t/o2.o 2> %t/o2.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/o2.err --implicit-check-not=error:
// RUN: %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wall -Wextra -pedantic -Werror -O0 -g0 -fno-exceptions -c %s -o %t/o0.o 2> %t/o0.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/o0.err --implicit-check-not=error:
// RUN: %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wall -Wextra -pedantic -Werror -O1 -g -c %s -o %t/o1.o 2> %t/o1.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/o1.err --implicit-check-not=error:
// RUN: %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wall -Wextra -pedantic -Werror -O3 -c %s -o %t/o3.o 2> %t/o3.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/o3.err --implicit-check-not=error:
// WARN: werror-build.cpp:[[#@LINE+50]]:3: warning: the lazy task returned by 'work' is discarded{{.*}} [-Wcoroscope-discarded-task]
//
// Nothing of the plugin's own: under -Weverything (minus its C++98 noise) the
// instrumented compile, checks off, prints exactly what the plain one prints.
// RUN: %clangxx -Weverything -Wno-c++98-compat -Wno-c++98-compat-pedantic -O2 -fsyntax-only %s > %t/plain.ev 2>&1
// RUN: %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -fplugin-arg-coroscope-checks=0 -Weverything -Wno-c++98-compat -Wno-c++98-compat-pedantic -O2 -c %s -o %t/ev.o > %t/inst.ev 2>&1
// RUN: diff %t/plain.ev %t/inst.ev
//
// Linked with `flags --compile` on the link line too, and in one step; runs.
// RUN: %clangxx -Wunused-command-line-argument -Werror=unused-command-line-argument -Werror $(%coroscope flags --compile --compiler %clangxx_bin) %t/o2.o $(%coroscope flags --link) -o %t/prog
// RUN: %clangxx -Wunused-command-line-argument -Werror=unused-command-line-argument -Werror $(%coroscope flags --compile --compiler %clangxx_bin) -O2 %s $(%coroscope flags --link) -o %t/prog1 2>/dev/null
// RUN: cd %t && COROSCOPE_OUT=%t/run.log %t/prog && COROSCOPE_OUT=%t/run1.log %t/prog1
//
// The opt-ins still fail the compile.
// RUN: not %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Werror -fplugin-arg-coroscope-werror -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -fplugin-arg-coroscope-werror -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wno-unknown-warning-option -Werror -Werror=coroscope-discarded-task -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not %clangxx $(%coroscope flags --compile --compiler %clangxx_bin) -Wno-unknown-warning-option -Werror=coroscope -c %s -o %t/x.o 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: werror-build.cpp:[[#@LINE+32]]:3: error: the lazy task returned by 'work' is discarded{{.*}} [-Werror,-Wcoroscope-discarded-task]
#include <coroutine>
#include <utility>

struct Task {
  struct promise_type {
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
  explicit Task(std::coroutine_handle<promise_type> h) : handle(h) {}
  Task(Task &&o) noexcept : handle(std::exchange(o.handle, {})) {}
  Task &operator=(Task &&) = delete;
  ~Task() {
    if (handle)
      handle.destroy();
  }
  std::coroutine_handle<promise_type> handle;
};

static int counter;

static Task work() {
  ++counter;
  co_return;
}

int main() {
  work();
  Task t = work();
  t.handle.resume();
  return counter == 1 ? 0 : 1;
}
