// A symmetric-transfer chain 100,000 lazy tasks deep, run on a thread with a
// 256 KiB stack: each level awaits the next (a tail call into the child) and
// each child's final awaiter returns into its parent (a tail call back). A
// hook that broke either tail call would grow the native stack by one frame
// per level and crash here; the plain build shows the chain itself does not.
#include "mkit_main.h"

#include <cstring>
#include <pthread.h>

namespace {

mkit::loop the_loop;

mkit::task<long> chain(int depth) {
  if (depth == 0)
    co_return 0;
  co_return 1 + co_await chain(depth - 1);
}

// The same depth with a wait at the bottom: the whole chain is resumed from
// the loop, so every level's await is a wait.
mkit::task<long> parked_chain(int depth) {
  if (depth == 0) {
    co_await the_loop.park();
    co_return 0;
  }
  co_return 1 + co_await parked_chain(depth - 1);
}

long results[2];

void *run(void *) {
  auto t = chain(100000);
  results[0] = mkit::sync_wait(t, the_loop);
  auto p = parked_chain(100000);
  results[1] = mkit::sync_wait(p, the_loop);
  return nullptr;
}

} // namespace

int main() {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (int e = pthread_attr_setstacksize(&attr, 256 * 1024)) {
    std::printf("setstacksize: %s\n", std::strerror(e));
    return 1;
  }
  pthread_t th;
  if (int e = pthread_create(&th, &attr, run, nullptr)) {
    std::printf("pthread_create: %s\n", std::strerror(e));
    return 1;
  }
  pthread_join(th, nullptr);
  std::printf("chain: %ld parked chain: %ld\n", results[0], results[1]);
  mkit::print_truth();
  return 0;
}
