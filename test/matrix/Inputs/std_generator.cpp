// std::generator (C++23, <generator>) where the standard library has it;
// matrix.py --need-generator skips rows whose library lacks it (libstdc++ 12
// and libc++ 19 both do). Its promise is the library's, so the truth is
// counted here by hand: the bodies count their calls, every co_yield is an
// await that suspends and waits (the consumer's iterator takes control
// back), and a heap frame is an operator new made by the call itself.
#include "mkit_main.h"

#include <generator>

namespace {

std::uint64_t calls_numbers = 0, yields_numbers = 0, completed_numbers = 0;
std::uint64_t heap_numbers = 0;

constexpr unsigned numbers_line = __LINE__ + 1;
std::generator<int> numbers(int n) {
  ++calls_numbers;
  for (int i = 0; i < n; ++i) {
    ++yields_numbers;
    co_yield i * 3;
  }
  ++completed_numbers;
}

// A heap frame: the call allocated (through the generator's allocator,
// which is ::operator new) exactly once.
std::generator<int> call_counted(int n) {
  std::uint64_t before = mkit::exe::news;
  auto g = numbers(n);
  heap_numbers += mkit::exe::news - before;
  return g;
}

} // namespace

int main() {
  long sum = 0;
  {
    for (int n : {0, 5, 40})
      for (int v : call_counted(n))
        sum += v;
    auto g = call_counted(10); // abandoned after two values
    auto it = g.begin();
    sum += *it;
    ++it;
    sum += *it;
  }
  std::printf("std::generator: %ld\n", sum);
  // The empty generator completed without waiting; the abandoned one never
  // completed. No awaits other than the co_yield in the body.
  std::printf("truth file=std_generator.cpp line=%u calls=%llu heap_frames=%llu "
              "awaits=%llu suspends=%llu waits=%llu completed=%llu "
              "sync_completions=%llu destroyed=%llu function=numbers\n",
              numbers_line, (unsigned long long)calls_numbers,
              (unsigned long long)heap_numbers, (unsigned long long)yields_numbers,
              (unsigned long long)yields_numbers, (unsigned long long)(yields_numbers - 1),
              (unsigned long long)completed_numbers, 1ull,
              (unsigned long long)calls_numbers);
  return 0;
}
