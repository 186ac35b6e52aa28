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
#define COROSCOPE_CHECK(Class, Name, OptIn, Summary, Description, Anchor) Name,
#include "Checks.def"
};
static_assert(std::size(Names) == kCompileTimeCheckCount);

static const CheckInfo Infos[] = {
#define COROSCOPE_CHECK(Class, Name, OptIn, Summary, Description, Anchor)                          \
  {Name, Summary, Description, Anchor},
#include "Checks.def"
};

bool isOptIn(llvm::StringRef Name) {
#define COROSCOPE_CHECK(Class, CheckName, OptIn, Summary, Description, Anchor)                     \
  if (Name == CheckName)                                                                           \
    return OptIn;
#include "Checks.def"
  return false;
}

llvm::ArrayRef<llvm::StringRef> checkNames() { return Names; }

bool findCheck(llvm::StringRef &Name) {
  Name.consume_front("coroscope-");
  return llvm::is_contained(Names, Name);
}

std::string checkList(bool OnlyOptIn) {
  std::string List;
  for (llvm::StringRef Name : Names)
    if (!OnlyOptIn || isOptIn(Name))
      List += (List.empty() ? "" : ", ") + Name.str();
  return List;
}

llvm::ArrayRef<CheckInfo> checkInfos() { return Infos; }

} // namespace checks
} // namespace coroscope
