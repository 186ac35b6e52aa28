// reference-parameter: a temporary bound to a reference, pointer or view
// parameter that the coroutine reads after it has suspended.
// RUN: %clangxx -fplugin=%coroscope_plugin -fsyntax-only -Xclang -verify %s
// RUN: %clangxx -Xclang -load -Xclang %coroscope_plugin -fsyntax-only -Xclang -verify %s
#include "Inputs/tasks.h"
#include <string>
#include <string_view>
#include <span>
#include <vector>
#include <map>

std::string make();
std::vector<int> numbers();
void use(const std::string &);
void use(std::string_view);
void use(int);
Task<> sync_wait_like(Task<>);

// Eager: reads `s` after its first co_await.
Detached eager_after(const std::string &s) { // #p1
  co_await Yield{};
  use(s); // #use1
}

// Lazy: every read of `v` happens after the call returned.
Task<> lazy_view(std::string_view v) { // #p2
  use(v); // #use2
  co_return;
}

// Eager, read in a loop that suspends.
Detached loop(std::span<const int> xs) { // #p3
  for (int x : xs) { // #use3
    use(x);
    co_await Yield{};
  }
}

// Eager, reads only before the first suspension.
Detached before_only(const std::string &s) {
  std::string copy = s;
  co_await Yield{};
  use(copy);
}

// Never suspends.
Detached no_suspend(const std::string &s) {
  use(s);
  co_return;
}

// Lazy, with a default argument that makes a std::string temporary.
const std::string app_name = "app";
Task<> log_line(int level, const std::string &prefix = "app") { // #p4
  co_await Yield{};
  use(prefix); // #use4
  use(level);
}
// The same shapes whose default arguments are no temporaries.
Task<> log_named(const std::string &prefix = app_name) {
  co_await Yield{};
  use(prefix);
}
Task<> log_plain(int level = 1) {
  co_await Yield{};
  use(level);
}
// Eager, reads its defaulted parameter only before the first suspension.
Detached log_eager(const std::string &prefix = "app") {
  use(prefix);
  co_await Yield{};
}

//===--- should trigger ---===//

void callers() {
  // expected-note@#p1 {{parameter 's' of 'eager_after' declared here; take it by value to keep a copy in the coroutine frame}}
  // expected-note@#use1 {{'s' is read here, after the coroutine has suspended}}
  // expected-warning@+1 {{coroutine 'eager_after' gets a temporary for its reference parameter 's', which dies at the end of this full-expression, but reads 's' after it has suspended [-Wcoroscope-reference-parameter]}}
  eager_after(make());
  // expected-note@#p2 {{parameter 'v' of 'lazy_view' declared here}}
  // expected-note@#use2 {{'v' is read here; 'lazy_view' starts suspended, so this runs after the call has returned}}
  // expected-warning@+1 {{coroutine 'lazy_view' gets a temporary for its view parameter 'v'}}
  Task<> t = lazy_view(make());
  // expected-note@#p3 {{parameter 'xs' of 'loop' declared here}}
  // expected-note@#use3 {{'xs' is read here, after the coroutine has suspended}}
  // expected-warning@+1 {{coroutine 'loop' gets a temporary for its view parameter 'xs'}}
  loop(numbers());
  eager_after(make()); // NOLINT(coroscope-reference-parameter)
}

// The view points into a temporary only when the temporary passes its
// pointer on: its data(), a borrowed accessor, an arm of ?:.
struct Holder {
  std::string name;
  const std::string &ref() const { return name; }
  const char *elsewhere() const; // body not seen: not assumed to point inside
};
Holder holder();
void borrowed_from_temporary(bool c) {
  // expected-note@#p2 3 {{parameter 'v' of 'lazy_view' declared here}}
  // expected-note@#use2 3 {{'v' is read here}}
  Task<> a = lazy_view(std::string_view(make().data(), 3)); // expected-warning {{gets a temporary for its view parameter 'v'}}
  Task<> b = lazy_view(holder().ref());                      // expected-warning {{gets a temporary for its view parameter 'v'}}
  Task<> d = lazy_view(c ? std::string_view("x") : make()); // expected-warning {{gets a temporary for its view parameter 'v'}}
}
// A member of a temporary dies with it (a new user's reproducer).
void member_of_temporary() {
  // expected-note@#p1 {{parameter 's' of 'eager_after' declared here}}
  // expected-note@#use1 {{'s' is read here}}
  eager_after(holder().name); // expected-warning {{gets a temporary for its reference parameter 's'}}
}

// A temporary used only as a lookup key or in a condition is not what the
// view points to (a new user's reproducer).
std::map<std::string, std::string> names;
void temporary_not_borrowed(std::string_view key) {
  Task<> a = lazy_view(names.at(std::string(key)));
  Task<> b = lazy_view(std::string(key).empty() ? std::string_view("none") : std::string_view("some"));
  Task<> d = lazy_view(names[std::string(key)]);
  Task<> e = lazy_view(names.find(std::string(key))->second); // the iterator points into names
  Task<> f = lazy_view(holder().elsewhere());
}

// A string literal converted to a std::string temporary dangles the same way.
void literal() {
  // expected-note@#p1 {{parameter 's' of 'eager_after' declared here}}
  // expected-note@#use1 {{'s' is read here}}
  eager_after("literal"); // expected-warning {{coroutine 'eager_after' gets a temporary}}
}

// A temporary made by a default argument dies at the end of the caller's
// full-expression as well; no argument is written, so the call is the place.
void defaulted() {
  // expected-note@#p4 {{parameter 'prefix' of 'log_line' declared here; take it by value to keep a copy in the coroutine frame}}
  // expected-note@#use4 {{'prefix' is read here, after the coroutine has suspended}}
  // expected-warning@+1 {{coroutine 'log_line' gets a temporary from the default argument of its reference parameter 'prefix', which dies at the end of this full-expression, but reads 'prefix' after it has suspended [-Wcoroscope-reference-parameter]}}
  Task<> t = log_line(1);
}

//===--- should NOT trigger ---===//

Task<> safe_callers() {
  std::string local = make();
  eager_after(local);              // the caller's object outlives the coroutine
  before_only(make());             // read before the first suspension only
  no_suspend(make());              // never suspends
  co_await lazy_view(make());      // awaited in the same full-expression
  co_await sync_wait_like(lazy_view(make())); // consumed within the full-expression
  co_await log_line(1);            // the default's temporary lives until the await resumes
  Task<> with_arg = log_line(1, app_name); // an argument written instead of the default
  Task<> named = log_named();      // the default names an object that outlives the task
  Task<> plain = log_plain();      // a default by value is copied into the frame
  log_eager();                     // read before the first suspension only
  co_await std::move(with_arg);
  co_await std::move(named);
  co_await std::move(plain);
}
