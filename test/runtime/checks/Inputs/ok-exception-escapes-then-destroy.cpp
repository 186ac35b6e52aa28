// EXPECT: none
// Review: an exception escapes a generator resumed on a worker thread; the
// generator is then suspended at its final point and destroyed on main: legal.
#include "review_co.h"
#include <stdexcept>
generator<int> parse(int n) { for (int i = 0; i < n; ++i) co_yield i; throw std::runtime_error("bad input"); }
int main() {
  auto g = parse(3);
  std::thread t([&] {
    try { while (g.next()) printf("got %d\n", g.value()); }
    catch (const std::exception &e) { printf("error: %s, done=%d\n", e.what(), (int)g.h.done()); }
  });
  t.join();
  // g destroyed here on the main thread: legal, the frame is suspended at its final point
}
