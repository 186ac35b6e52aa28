//===- CheckRegistry.h - The list of compile-time checks ------------------===//
//
// Names are the kebab-case check names users write in
// -fplugin-arg-coroscope-disable= and NOLINT(coroscope-<name>).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CHECKREGISTRY_H
#define COROSCOPE_PLUGIN_CHECKS_CHECKREGISTRY_H

#include "CheckOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>
#include <vector>

namespace coroscope {
namespace checks {

/// Every check name, in the order the checks run (Checks.def; CheckNames.cpp
/// has no Clang code, so the config file reader links without libclang).
llvm::ArrayRef<llvm::StringRef> checkNames();
inline constexpr size_t kCompileTimeCheckCount = 0
#define COROSCOPE_CHECK(Class, Name, OptIn, Summary, Description, Anchor) +1
#include "Checks.def"
    ; ///< checkNames().size()

/// What a check finds, in words: `coroscope lint --format sarif` publishes
/// these as rule descriptions, so a code-scanning service can show them
/// without the docs. Anchor is the heading's id in docs/checks.md.
struct CheckInfo {
  llvm::StringRef Name;
  llvm::StringRef Summary;     // one line
  llvm::StringRef Description; // a paragraph
  llvm::StringRef Anchor;
};
llvm::ArrayRef<CheckInfo> checkInfos(); // same order as checkNames()

/// Opt-in checks are off unless named in -fplugin-arg-coroscope-enable=
/// (task-type-hygiene: it reports task types, which most code never marks).
/// False for a name that is not a check's.
bool isOptIn(llvm::StringRef Name);

/// Strips from a name a user wrote the "coroscope-" prefix of NOLINT and -W
/// flags; true when what is left names a check.
bool findCheck(llvm::StringRef &Name);

/// "a, b, c": the check names (with OnlyOptIn, those off by default), for
/// help texts and "unknown check" messages.
std::string checkList(bool OnlyOptIn = false);

/// Instances of every check that Opts switches on (CheckOptions::isOn). A
/// check whose class has a constructor from CheckOptions gets Opts' type and
/// function lists through it.
std::vector<std::unique_ptr<Check>> createChecks(const CheckOptions &Opts);

} // namespace checks
} // namespace coroscope

#endif
