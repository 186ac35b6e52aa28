// Fix-it hints, where the fix is mechanical: [[nodiscard]] on a task type
// (on the warning), a const& parameter taken by value and co_await on a
// discarded task in a coroutine (on notes: they change what the code does).
// None where the edit would not compile or would be only half of the change.
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=task-type-hygiene -fsyntax-only -fdiagnostics-parseable-fixits %s 2>&1 | grep "^fix-it:" | sort -u | FileCheck %s --implicit-check-not=fix-it:
// The fixed source compiles, and Clang itself then reports the discarded task.
// RUN: rm -rf %t && mkdir %t && cp %s %t/fixits.cpp
// RUN: %clangxx -fplugin=%coroscope_plugin -fplugin-arg-coroscope-enable=task-type-hygiene -fsyntax-only -Xclang -fixit %t/fixits.cpp 2>/dev/null; true
// RUN: FileCheck %s --check-prefix=FIXED < %t/fixits.cpp
// RUN: %clangxx -fsyntax-only %t/fixits.cpp 2>&1 | FileCheck %s --check-prefix=UNUSED
#include <coroutine>
#include <exception>
#include <string>

template <class T>
// CHECK: fix-it:"{{.*}}fixits.cpp":{[[#@LINE+2]]:7-[[#@LINE+2]]:7}:" {{\[\[}}nodiscard{{\]\]}}"
// FIXED: struct {{\[\[}}nodiscard{{\]\]}} Lazy {
struct Lazy {
  struct promise_type {
    Lazy get_return_object() { return {std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  void await_resume() noexcept {}
};

struct NoCopy {
  NoCopy() = default;
  NoCopy(const NoCopy &) = delete;
  int v = 0;
};
std::string make();
NoCopy make_nocopy();

// CHECK: fix-it:"{{.*}}fixits.cpp":{[[#@LINE+1]]:19-[[#@LINE+1]]:38}:"std::string "
Lazy<void> by_ref(const std::string &s) {
  co_await Lazy<void>{};
  (void)s.size();
}
// CHECK: fix-it:"{{.*}}fixits.cpp":{[[#@LINE+1]]:17-[[#@LINE+1]]:35}:"std::string"
Lazy<void> east(std::string const& s) {
  co_await Lazy<void>{};
  (void)s.size();
}
Lazy<void> nocopy(const NoCopy &n) { // cannot be copied: no fix-it
  co_await Lazy<void>{};
  (void)n.v;
}
Lazy<void> declared_twice(const std::string &s);
Lazy<void> declared_twice(const std::string &s) { // two declarations to edit: no fix-it
  co_await Lazy<void>{};
  (void)s.size();
}

Lazy<void> callers() {
  co_await by_ref(make());
  auto a = by_ref(make());
  auto b = east(make());
  auto c = nocopy(make_nocopy());
  auto d = declared_twice(make());
  // CHECK: fix-it:"{{.*}}fixits.cpp":{[[#@LINE+1]]:3-[[#@LINE+1]]:3}:"co_await "
  by_ref(std::string("x"));
}
void not_a_coroutine() {
  by_ref(std::string("x")); // no co_await outside a coroutine: no fix-it
}
// UNUSED: fixits.cpp:[[#@LINE-2]]:3: warning: ignoring return value of {{function|type '[^']+'}} declared with 'nodiscard' attribute
