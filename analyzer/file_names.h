//===- file_names.h - The per-major file names of plugin and lint module ---===//
//
// One plugin, one opt pass plugin and one lint module per LLVM major, named
// <prefix><major>.so. The prefixes come from cmake/CoroscopeLLVM.cmake, the
// one place they are spelled, through the INTERFACE target
// coroscope_file_names.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_FILE_NAMES_H
#define COROSCOPE_ANALYZER_FILE_NAMES_H

#include <string>
#include <string_view>

#if !defined(COROSCOPE_PLUGIN_PREFIX) || !defined(COROSCOPE_LINT_MODULE_PREFIX)
#error "link the target with coroscope_file_names (cmake/CoroscopeLLVM.cmake)"
#endif

namespace coroscope::file_names {

/// The -fplugin= file for clang++-<major>: "CoroScope-19.so".
inline std::string plugin(unsigned major) {
  return COROSCOPE_PLUGIN_PREFIX + std::to_string(major) + ".so";
}

/// The lint module for LLVM <major>: "libcoroscope_lint-19.so".
inline std::string lintModule(unsigned major) {
  return COROSCOPE_LINT_MODULE_PREFIX + std::to_string(major) + ".so";
}

/// Whether `name` (a file name, no directory) is a plugin file of any major,
/// or "CoroScope.so", the unversioned name of coroscope before 0.2.
inline bool isPlugin(std::string_view name) {
  if (name == "CoroScope.so")
    return true;
  std::string_view prefix = COROSCOPE_PLUGIN_PREFIX, suffix = ".so";
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
      !name.ends_with(suffix))
    return false;
  name = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  return name.find_first_not_of("0123456789") == std::string_view::npos;
}

} // namespace coroscope::file_names

#endif
