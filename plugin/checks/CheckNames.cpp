//===- CheckNames.cpp - The names of the compile-time checks ---------------===//
//
// Apart from CheckRegistry.cpp's check classes: the config file reader
// (CheckOptions.cpp) needs only the names, and the fuzz target of
// .coroscope.json (fuzz/) links it without libclang.
//
//===----------------------------------------------------------------------===//
#include "CheckRegistry.h"

#include "llvm/ADT/STLExtras.h"

#include <iterator>

namespace coroscope {
namespace checks {

static const llvm::StringRef Names[] = {
    "double-await", "discarded-task", "reference-parameter", "capturing-lambda",
    "lock-across-suspend", "blocking-call", "pass-through", "task-type-hygiene",
};
static_assert(std::size(Names) == kCheckCount, "kCheckCount counts Names");

static const llvm::StringRef OptIn[] = {"task-type-hygiene"};

bool isOptIn(llvm::StringRef Name) { return llvm::is_contained(OptIn, Name); }

llvm::ArrayRef<llvm::StringRef> checkNames() { return Names; }

} // namespace checks
} // namespace coroscope
