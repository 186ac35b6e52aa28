// Coroutines whose names an HTML page must escape: operators < > & and
// quotes in a literal operator, template arguments with < > and commas, a
// name with "<script>"-like text in a string-literal template argument is
// not possible in C++, so the file path carries it (the test copies this
// file into a directory named with < > & ' characters). One generator is
// left suspended at its yield, never destroyed: a frame alive at the end.
#include "generator.h"
#include <cstdio>
#include <utility>

struct Q {
  Generator<int> operator<(int n) const { for (int i = 0; i < n; ++i) co_yield i; }
  Generator<int> operator&(long n) const { for (long i = 0; i < n; ++i) co_yield int(i); }
  Generator<int> operator>>(int n) const { co_yield n; }
};
Generator<int> operator""_g(unsigned long long n) { co_yield int(n); }
template <class T> Generator<int> tmpl(T) { co_yield 1; }

int main() {
  Q q;
  int s = drain(q < 3) + drain(q & 2L) + drain(q >> 4) + drain(5_g) +
          drain(tmpl(std::pair<int, char>{}));
  auto *kept = new Generator<int>(q < 9); // alive at exit, on purpose
  kept->handle().resume();
  std::printf("s=%d\n", s);
}
