//===- CheckOptions.cpp - Config file and -W flags for the checks ----------===//
#include "CheckOptions.h"

#include "CheckRegistry.h"
#include "log/json_file.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace coroscope {
namespace checks {

bool CheckOptions::isOn(llvm::StringRef Check) const {
  return !Disabled.contains(Check) && (!isOptIn(Check) || Enabled.contains(Check));
}

static llvm::Error configError(llvm::StringRef Path, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "coroscope: " + Path + ": " + Why);
}

static llvm::Expected<std::vector<std::string>>
stringList(llvm::StringRef Path, llvm::StringRef Key, const nlohmann::ordered_json &V) {
  if (!V.is_array())
    return configError(Path, "\"" + Key + "\" must be an array of strings");
  std::vector<std::string> Out;
  for (const nlohmann::ordered_json &E : V) {
    if (!E.is_string())
      return configError(Path, "\"" + Key + "\" must be an array of strings");
    llvm::StringRef Name = E.get_ref<const std::string &>();
    Name = Name.trim();
    Name.consume_front("::");
    Out.push_back(Name.str());
  }
  return Out;
}

llvm::Error applyConfigFile(llvm::StringRef Path, CheckOptions &Opts) {
  // The analyzer's reader of JSON inputs (budget, baseline): the same
  // refusals, in the same words, and a key given twice is one of them (LLVM's
  // parser kept the last, so "disable" written twice lost the first list).
  nlohmann::ordered_json Doc;
  try {
    Doc = coroscope::analyzer::readJsonObject(Path.str());
  } catch (const coroscope::analyzer::JsonInputError &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::Twine("coroscope: ") + E.what());
  }
  // Keys apply in file order ("disable" then "enable" of one check enables it).
  for (const auto &Item : Doc.items()) {
    llvm::StringRef Key = Item.key();
    const nlohmann::ordered_json &Value = Item.value();
    auto List = stringList(Path, Key, Value);
    if (!List)
      return List.takeError();
    if (Key == "disable" || Key == "enable") {
      for (std::string &Name : *List) {
        llvm::StringRef N = Name;
        if (!findCheck(N))
          return configError(Path, "unknown check '" + N + "' in \"" + Key +
                                       "\" (known: " + checkList() + ")");
        Key == "disable" ? Opts.disable(N) : Opts.enable(N);
      }
    } else if (Key == "blocking_functions") {
      llvm::append_range(Opts.Blocking, *List);
    } else if (Key == "single_consumption_types") {
      llvm::append_range(Opts.SingleConsumption, *List);
    } else if (Key == "multi_consumption_types") {
      llvm::append_range(Opts.MultiConsumption, *List);
    } else if (Key == "lock_types") {
      llvm::append_range(Opts.Locks, *List);
    } else {
      return configError(Path, "unknown key \"" + Key +
                                   "\" (known: disable, enable, blocking_functions, "
                                   "single_consumption_types, multi_consumption_types, "
                                   "lock_types)");
    }
  }
  return llvm::Error::success();
}

std::optional<std::string> findConfigFile(llvm::StringRef SourceFile) {
  llvm::SmallString<256> Dir(SourceFile);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  for (llvm::StringRef D = Dir; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, kConfigFileName);
    if (llvm::sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return std::nullopt;
}

void applyWarningFlags(llvm::ArrayRef<std::string> Warnings, CheckOptions &Opts) {
  for (llvm::StringRef W : Warnings) {
    bool Off = W.consume_front("no-");
    bool Error = W.consume_front("error=");
    if (!W.consume_front("coroscope"))
      continue;
    llvm::SmallVector<llvm::StringRef, 8> Names;
    if (W.empty())
      Names.append(checkNames().begin(), checkNames().end());
    else if (W.consume_front("-") && llvm::is_contained(checkNames(), W))
      Names.push_back(W);
    for (llvm::StringRef N : Names) {
      if (Error && Off) { // -Wno-error=coroscope-<check>
        Opts.NoErrors.insert(N);
        Opts.Errors.erase(N);
      } else if (Error) { // -Werror=: also switches the check on, as in Clang
        Opts.Errors.insert(N);
        Opts.NoErrors.erase(N);
        Opts.enable(N);
      } else if (Off) {
        Opts.disable(N);
      } else {
        Opts.enable(N);
      }
    }
  }
}

llvm::Expected<CheckOptions> resolveOptions(llvm::StringRef InFile, llvm::StringRef ConfigPath,
                                            llvm::ArrayRef<Toggle> Toggles,
                                            llvm::ArrayRef<std::string> Warnings) {
  CheckOptions Opts;
  std::optional<std::string> Config =
      ConfigPath.empty() ? findConfigFile(InFile) : std::optional(ConfigPath.str());
  if (Config)
    if (llvm::Error E = applyConfigFile(*Config, Opts))
      return E; // moved implicitly (C++20)
  for (const auto &[On, Name] : Toggles)
    On ? Opts.enable(Name) : Opts.disable(Name);
  applyWarningFlags(Warnings, Opts);
  return Opts;
}

} // namespace checks
} // namespace coroscope
