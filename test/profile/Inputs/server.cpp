// A program for the profile-mode tests: `calls` lazy task frames (each
// awaiting one child that completes at once), then, by its first argument:
//   exit   return from main
//   crash  die of SIGSEGV (the crash handler writes the profile)
//   serve  print "ready" and sleep: only COROSCOPE_INTERVAL writes a profile
//   fork   fork; the child makes 7 more frames pairs and exits, the parent waits
#include <coroutine>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

#include "../../Inputs/kit.h"

template <class T> using task = lazy<T>;

__attribute__((noinline)) task<int> leaf(int i) { co_return i; }
__attribute__((noinline)) task<int> mid(int i) { co_return co_await leaf(i) + 1; }

static long run(int calls) {
  long sum = 0;
  for (int i = 0; i < calls; ++i) {
    task<int> t = mid(i);
    t.h.resume();
    sum += t.h.promise().value;
  }
  return sum;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "exit";
  int calls = argc > 2 ? std::atoi(argv[2]) : 1000;
  std::printf("sum %ld\n", run(calls));
  std::fflush(stdout);
  if (std::string_view(what) == "crash") {
    std::raise(SIGSEGV);
  } else if (std::string_view(what) == "serve") {
    std::printf("ready\n");
    std::fflush(stdout);
    sleep(60);
  } else if (std::string_view(what) == "fork") {
    pid_t pid = fork();
    if (pid == 0) {
      run(7);
      return 0;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  return 0;
}
