// A chain of DEPTH nested coroutine frames (argv[1]), completed by symmetric
// transfer: the shape of shared case advice/15 at any depth. Used to show that
// the analyzer stays linear in the depth of a chain.
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <utility>

static long g_frame_allocs = 0;

template <class T>
class Task {
 public:
  struct promise_type {
    T value{};
    std::coroutine_handle<> continuation = std::noop_coroutine();
    static void* operator new(std::size_t n) { ++g_frame_allocs; return ::operator new(n); }
    static void operator delete(void* p, std::size_t n) { ::operator delete(p, n); }
    Task get_return_object() { return Task{Handle::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        return h.promise().continuation;
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(T v) { value = v; }
    void unhandled_exception() { std::terminate(); }
  };
  using Handle = std::coroutine_handle<promise_type>;
  explicit Task(Handle h) : h_(h) {}
  Task(Task&& o) noexcept : h_(std::exchange(o.h_, {})) {}
  ~Task() { if (h_) h_.destroy(); }
  auto operator co_await() && noexcept {
    struct Awaiter {
      Handle h;
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) noexcept {
        h.promise().continuation = c;
        return h;
      }
      T await_resume() noexcept { return h.promise().value; }
    };
    return Awaiter{h_};
  }
  T run() { h_.resume(); return h_.promise().value; }  // completes synchronously here

 private:
  Handle h_;
};

// "Service" logic split into a deep call chain, as layered async code tends to be.
Task<long> descend(int depth, long acc) {
  if (depth == 0) co_return acc;
  co_return co_await descend(depth - 1, acc + depth);  // FAULT: one heap frame per level per call
}

#include <cstdlib>
int main(int argc, char **argv) {
  const int depth = argc > 1 ? std::atoi(argv[1]) : 100;
  long r = descend(depth, 0).run();
  std::printf("depth=%d sum=%ld frames=%ld\n", depth, r, g_frame_allocs);
}
