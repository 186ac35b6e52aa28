// CASE [bad]: a thread-local context guard held across a `co_await`
// DEFINE: %{tidy_config} = {CheckOptions: {misc-coroutine-hostile-raii.RAIITypesList: 'std::lock_guard;std::scoped_lock;RequestContext'}}
// NOTE: clang-tidy needs the type in its `RAIITypesList`; coroscope has no such list
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy "--config=%{tidy_config}" %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"

// Sets this thread's current request; the destructor restores the previous one.
// After a co_await the coroutine may run on another thread, whose context it
// then overwrites.
class RequestContext {
public:
  explicit RequestContext(int id) : saved_(current) { current = id; }
  ~RequestContext() { current = saved_; }
  static thread_local int current;

private:
  int saved_;
};

Task<> query_backend();

Task<> handle(int request_id) {
  RequestContext ctx(request_id); // BAD
  co_await query_backend(); // BAD: resumes possibly on another thread
}

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}hostile-raii-configured.cpp:26:18: warning: 'ctx' persists across a suspension point of coroutine [misc-coroutine-hostile-raii]
// TIDY: {{.*}}hostile-raii-configured.cpp:27:3: note: suspension point is here
// CLANG-NOT: warning:
