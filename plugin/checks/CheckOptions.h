//===- CheckOptions.h - What the compile-time checks are told --------------===//
//
// One set of options feeds both the plugin and `coroscope lint`. They are
// applied in this order, later ones winning: the config file
// (.coroscope.json, see docs/checks.md#configuration), the plugin arguments
// or lint flags, then the compile command's own warning flags
// (-Wno-coroscope-<check>, -Werror=coroscope-<check>, ...).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_CHECKOPTIONS_H
#define COROSCOPE_PLUGIN_CHECKS_CHECKOPTIONS_H

#include "Check.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace coroscope {
namespace checks {

/// The name of the config file searched for from a source file's directory
/// upwards, as clang-tidy searches for .clang-tidy.
inline constexpr const char *kConfigFileName = ".coroscope.json";

struct CheckOptions {
  llvm::StringSet<> Disabled; // check names
  llvm::StringSet<> Enabled;  // opt-in check names switched on (see isOptIn)
  llvm::StringSet<> Errors;   // checks reported as errors (-Werror=coroscope-<check>)
  llvm::StringSet<> NoErrors; // kept warnings under the werror argument (-Wno-error=...)
  /// Qualified names ("ns::Class", "ns::fn"), no template arguments.
  std::vector<std::string> Blocking;          // more blocking functions
  std::vector<std::string> SingleConsumption; // more task types awaited once
  std::vector<std::string> MultiConsumption;  // task types never double-await
  std::vector<std::string> Locks;             // more lock guard types
  bool Werror = false;      // every finding an error (-fplugin-arg-coroscope-werror)
  WarningObserver Observer; // see Check.h; empty in the plugin

  void enable(llvm::StringRef Check) {
    Enabled.insert(Check);
    Disabled.erase(Check);
  }
  void disable(llvm::StringRef Check) {
    Disabled.insert(Check);
    Enabled.erase(Check);
  }
  bool isOn(llvm::StringRef Check) const;
  /// Whether a finding of Check is an error. The compile's own -Werror does
  /// not count: it is the project's rule for its own code, and a profiling
  /// build must not fail on coroscope's findings unless asked to (issue 13).
  bool isError(llvm::StringRef Check) const {
    return Errors.contains(Check) || (Werror && !NoErrors.contains(Check));
  }
};

/// Applies a config file: a JSON object whose keys are all optional:
///   "disable", "enable": [check names]
///   "blocking_functions", "single_consumption_types",
///   "multi_consumption_types", "lock_types": [qualified names]
/// An unknown key, check name or a value of the wrong type is an error that
/// names the file, so a typo cannot silently switch a check off.
llvm::Error applyConfigFile(llvm::StringRef Path, CheckOptions &Opts);

/// The nearest .coroscope.json in SourceFile's directory or above it.
std::optional<std::string> findConfigFile(llvm::StringRef SourceFile);

/// Applies the coroscope part of Clang's -W flags, in command-line order
/// (DiagnosticOptions::Warnings holds them without the "-W"):
/// coroscope-<check> / no-coroscope-<check> switch a check on / off,
/// error=coroscope-<check> / no-error=coroscope-<check> make it an error or
/// keep it a warning under the werror argument; coroscope / no-coroscope
/// name all checks. A bare -Werror is not coroscope's: see isError.
void applyWarningFlags(llvm::ArrayRef<std::string> Warnings, CheckOptions &Opts);

/// An enable (true) or disable (false) of a check by name, from a plugin
/// argument or a lint flag.
using Toggle = std::pair<bool, std::string>;

/// The options for one translation unit, in the order of the file comment:
/// ConfigPath (or, when empty, the nearest .coroscope.json to InFile), then
/// Toggles, then Warnings. Fails only on an unusable config file.
llvm::Expected<CheckOptions> resolveOptions(llvm::StringRef InFile, llvm::StringRef ConfigPath,
                                            llvm::ArrayRef<Toggle> Toggles,
                                            llvm::ArrayRef<std::string> Warnings);

} // namespace checks
} // namespace coroscope

#endif
