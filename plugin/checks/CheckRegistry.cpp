//===- CheckRegistry.cpp - The list of compile-time checks ----------------===//
//
// The one place that knows every check: adding a check is one header, one
// line in Names (CheckNames.cpp), one entry in Infos and one line in
// createChecks. The names are documented in docs/checks.md, "Compile-time
// checks".
//
//===----------------------------------------------------------------------===//
#include "CheckRegistry.h"

#include "BlockingCallCheck.h"
#include "CapturingLambdaCheck.h"
#include "DiscardedTaskCheck.h"
#include "DoubleAwaitCheck.h"
#include "LockAcrossSuspendCheck.h"
#include "PassThroughCheck.h"
#include "ReferenceParameterCheck.h"
#include "TaskTypeHygieneCheck.h"

#include "llvm/ADT/STLExtras.h"

#include <iterator>

namespace coroscope {
namespace checks {

// Condensed from the "Meaning." paragraphs of docs/checks.md.
static const CheckInfo Infos[] = {
    {"double-await",
     "A single-consumption awaitable is awaited twice, or after it was moved from.",
     "The same variable is awaited twice with no assignment to it in between and its "
     "type can be awaited only once (a lazy task), or a variable is awaited after it was "
     "moved from. The second await resumes a finished or destroyed coroutine.",
     "double-await-compile-time"},
    {"discarded-task",
     "The lazy task returned by a call is discarded, so its body never runs.",
     "A call returns a lazy task (initial_suspend never ready) and its result is discarded "
     "or cast to void: the task is destroyed before it ever starts, so the callee's body "
     "never runs.",
     "discarded-task"},
    {"reference-parameter",
     "A temporary is bound to a reference parameter that a coroutine reads after suspending.",
     "A call binds a temporary to a reference, pointer or view parameter of a coroutine "
     "that reads the parameter after it has suspended. The frame keeps the reference, not "
     "the object, and the temporary dies at the end of the call's full-expression.",
     "reference-parameter"},
    {"capturing-lambda",
     "A lambda coroutine reads a capture after it has suspended.",
     "A lambda that is a coroutine reads one of its captures (or this) after it has "
     "suspended. Captures live in the closure object, not in the coroutine frame, and the "
     "closure may be destroyed at the first suspension.",
     "capturing-lambda"},
    {"lock-across-suspend",
     "A lock guard is held across a co_await or co_yield.",
     "A co_await or co_yield lies in the scope of a std::lock_guard, std::scoped_lock, "
     "std::unique_lock or std::shared_lock: the mutex stays locked while the coroutine is "
     "suspended, and the coroutine may resume on another thread, which then unlocks a "
     "mutex it does not own.",
     "lock-across-suspend"},
    {"blocking-call",
     "A coroutine body calls a function that blocks the thread.",
     "A coroutine body (not a lambda or local class inside it) calls a known blocking "
     "function: std::this_thread::sleep_for/sleep_until, std::future or std::shared_future "
     "get/wait, std::thread::join, std::mutex::lock, or one listed with "
     "-fplugin-arg-coroscope-blocking=. The thread that runs the coroutine stalls, and with "
     "it every other coroutine scheduled on that thread.",
     "blocking-call"},
    {"pass-through",
     "A coroutine only does co_return co_await f(...): it costs a frame per call.",
     "A coroutine whose whole body is `co_return co_await f(...);` where f returns the "
     "coroutine's own return type: it allocates a frame and adds a suspension only to "
     "forward f's task. Returning f(...) directly from a plain function does the same work, "
     "where the arguments outlive the call.",
     "pass-through"},
    {"task-type-hygiene",
     "A lazy task type is not [[nodiscard]], so the compiler cannot catch discarded tasks.",
     "A class returned by coroutines as a lazy task (initial_suspend never ready, no "
     "yield_value) is not marked [[nodiscard]]: Clang cannot warn when a call's task is "
     "dropped and its body never runs. Clang's [[clang::coro_return_type]] and "
     "[[clang::coro_lifetimebound]] additionally let it check dangling arguments. Opt-in: "
     "-fplugin-arg-coroscope-enable=task-type-hygiene.",
     "task-type-hygiene"},
};
static_assert(std::size(Infos) == kCheckCount, "one CheckInfo per check");

llvm::ArrayRef<CheckInfo> checkInfos() { return Infos; }

std::vector<std::unique_ptr<Check>> createChecks(const CheckOptions &Opts) {
  std::vector<std::unique_ptr<Check>> All;
  All.push_back(std::make_unique<DoubleAwaitCheck>(
      ConsumptionTypes{Opts.SingleConsumption, Opts.MultiConsumption}));
  All.push_back(std::make_unique<DiscardedTaskCheck>());
  All.push_back(std::make_unique<ReferenceParameterCheck>());
  All.push_back(std::make_unique<CapturingLambdaCheck>());
  All.push_back(std::make_unique<LockAcrossSuspendCheck>(Opts.Locks));
  All.push_back(std::make_unique<BlockingCallCheck>(Opts.Blocking));
  All.push_back(std::make_unique<PassThroughCheck>());
  All.push_back(std::make_unique<TaskTypeHygieneCheck>());
  std::vector<std::unique_ptr<Check>> On;
  for (auto &C : All)
    if (Opts.isOn(C->name()))
      On.push_back(std::move(C));
  return On;
}

} // namespace checks
} // namespace coroscope
