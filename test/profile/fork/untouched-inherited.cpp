// Frames alive at the fork are the child's too: the ones it never touches
// and never destroys count as not destroyed in its report, in profile mode
// as in trace mode (whose exit scan names them). Truth: of parked()'s three
// frames the child runs and destroys one and leaves two; it creates and
// destroys one of its own. The parent destroys all three. The child's
// profile said 0: calls - frees, with the calls in the parent's profile.
// RUN: %clang_coroscope -O2 %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env COROSCOPE_OUT=t.%%p.log %t > /dev/null 2>&1
// RUN: env COROSCOPE_MODE=profile COROSCOPE_OUT=p.%%p.log %t > /dev/null
// RUN: %coroscope report --format json -o t.json t.*.log
// RUN: %coroscope report --format json -o p.json p.*.log
// RUN: %python %S/../../tools/profile_check.py equal t.json p.json
// RUN: for f in t.*.log p.*.log; do %coroscope report --format json -o $f.json $f; done
// RUN: %python -c "import json, sys; print(*sorted(json.load(open(p))['totals']['frames_not_destroyed'] for p in sys.argv[1:]))" t.*.log.json | FileCheck %s
// RUN: %python -c "import json, sys; print(*sorted(json.load(open(p))['totals']['frames_not_destroyed'] for p in sys.argv[1:]))" p.*.log.json | FileCheck %s
// CHECK: 0 2
#include "../../Inputs/task.h"
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

Task<int> parked() { co_return 1; }
int main() {
  auto a = parked(), b = parked(), c = parked();
  pid_t p = fork();
  if (p == 0) {
    a.run();
    a = Task<int>();
    parked().run();
    std::exit(0); // b and c are never destroyed here
  }
  waitpid(p, nullptr, 0);
}
