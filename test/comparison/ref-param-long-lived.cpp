// CASE [good]: a `const&` parameter bound to an object that outlives the coroutine
// REQUIRES: clang-tidy
// RUN: %cmp_coroscope %s 2>&1 | %fc_coroscope %s
// RUN: %cmp_tidy %s -- -std=c++20 -fno-caret-diagnostics 2>&1 | %fc_tidy %s
// RUN: %cmp_clang %s 2>&1 | %fc_clang %s
#include "Inputs/task.h"
#include <string>
#include <vector>

struct Config {
  std::string greeting;
};

Task<> send(std::string text);

Task<> greet_all(const Config &cfg, std::vector<std::string> names) {
  for (const std::string &name : names)
    co_await send(cfg.greeting + name);
}

class Server {
public:
  Task<> start() {
    Task<> greetings = greet_all(config_, {"ann", "bob"}); // config_ outlives it
    co_await send("starting");
    co_await std::move(greetings);
  }

private:
  Config config_{"hello "};
};

// What each tool reports (a FileCheck prefix per tool; see lit.local.cfg):
// COROSCOPE-NOT: [-Wcoroscope-
// TIDY: {{.*}}ref-param-long-lived.cpp:16:18: warning: coroutine parameters should not be references [cppcoreguidelines-avoid-reference-coroutine-parameters]
// CLANG-NOT: warning:
