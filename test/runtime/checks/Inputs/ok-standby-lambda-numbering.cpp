// EXPECT: none
// Look-alike of never-started (the unawaitable return object is dropped on purpose), and a
// plugin fault: `$_N` numbers of internal-linkage lambdas differ between the
// plugin's MangleContext and CodeGen's.
// The plugin mangles coroutines in AST traversal order: all specializations
// of `first` (declared first) before those of `second`, so it meets b first
// (b = $_0, a = $_1). CodeGen mangles the instantiations in the order they
// were instantiated, which is the call order: second<a> first (a = $_0, b = $_1).
// So the facts ("returns a non-awaitable Standby") are not found under
// CodeGen's names, and the run-time never-started check fires. It should not:
// a Standby cannot be co_awaited.
#include <coroutine>
#include <exception>
#include <utility>
class Standby { public:
  struct promise_type {
    Standby get_return_object() { return Standby{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {} void unhandled_exception() noexcept { std::terminate(); } };
  Standby(Standby&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Standby() { if (h_) h_.destroy(); }
 private: explicit Standby(std::coroutine_handle<promise_type> h) : h_(h) {}
  std::coroutine_handle<promise_type> h_; };

template <class F> Standby first(F f) { f(); co_return; }
template <class F> Standby second(F f) { f(); co_return; }

static void run() {
  auto a = [] {};
  auto b = [] {};
  second(a); // destroyed before it starts
  first(b);  // destroyed before it starts
}
int main() { run(); }
