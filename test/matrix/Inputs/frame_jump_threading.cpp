// Frame growth found under Clang 22 at -O1/-O2 (forms_core.cpp's
// member_root(), minimised): hooks on split edges into each suspend point's
// ready/resume block added enough blocks to push SimplifyCFG past its
// jump-threading limit (-max-jump-threading-live-blocks=24), so the co_await
// sum below stayed an i64 phi that CoroSplit spilled: 8 more frame bytes than
// the plain build, which the truth's heap_bytes shows (matrix.py diffs stdout).
#include "mkit_main.h"

using mkit::task;

namespace {

mkit::loop the_loop;

struct account {
  int balance = 100;
  task<int> audit(int x) { co_return balance + x; }
};
template <class T> task<T> scaled(T x, T k) { co_return x * k; }
task<int> leaf(int x) { co_return x + 1; }

// Every term counts: with any one dropped, the old plugin's frame was no
// larger than the plain one (measured).
task<long> root() {
  account a;
  long r = co_await a.audit(50) + co_await a.audit(1);
  r += co_await leaf(3) + co_await scaled(2L, 5L) + co_await scaled<short>(1, 2);
  r += co_await leaf(7) + co_await leaf(8);
  co_return r;
}

} // namespace

int main() {
  {
    auto t = root();
    std::printf("root: %ld\n", mkit::sync_wait(t, the_loop));
  } // destroyed before the truth is printed: a heap frame of its size
  mkit::print_truth();
  return 3;
}
