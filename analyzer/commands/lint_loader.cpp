//===- commands/lint_loader.cpp - Finding libcoroscope_lint-*.so at run time ===//
//
// RTLD_LOCAL: the module's LLVM symbols stay out of the executable's
// namespace. The handle is never closed: LLVM's static destructors must not
// run while the program still holds objects from it.
//
//===----------------------------------------------------------------------===//
#include "commands/lint_loader.h"

#include "commands/commands.h"
#include "file_names.h"

#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>

namespace coroscope::analyzer {

namespace {

struct Loaded {
  const lint::LintModule *module = nullptr;
  std::string error; ///< why `module` is null
};

std::string &lintCompiler() {
  static std::string compiler; // "": not given
  return compiler;
}

/// The major whose module to load without --compiler: $CXX's when there
/// is a module for it, else the newest module there is; with none at all,
/// the newest built, for the error to name. A blank $CXX throws, when there
/// is a choice to make (compilerFromEnvironment()).
unsigned chooseMajor() {
  std::vector<unsigned> have = availableMajors(file_names::lintModule);
  if (have.empty())
    return newestBuiltMajor();
  if (have.size() < 2)
    return have.back(); // whatever $CXX is
  if (const char *cxx = compilerFromEnvironment()) {
    unsigned major = compilerVersion(cxx).major;
    for (unsigned m : have)
      if (m == major)
        return m;
  }
  return have.back();
}

Loaded load() {
  Loaded out;
  std::string path;
  try {
    unsigned major = 0;
    try {
      major = lintCompiler().empty()
                  ? chooseMajor()
                  : majorFor(lintCompiler(), "lint module", file_names::lintModule, "");
    } catch (const std::runtime_error &e) {
      out.error = e.what(); // says all, and which compilers to pass
      return out;
    }
    if (major == 0) {
      out.error = "lint needs its module: this coroscope was built without one";
      return out;
    }
    path = installPrefix() + "/lib/" + file_names::lintModule(major);
  } catch (const std::exception &e) {
    out.error = std::string("lint needs its module: ") + e.what();
    return out;
  }
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = ::dlerror();
    out.error = "lint needs its module: " + std::string(why ? why : path + ": cannot be loaded");
    return out;
  }
  auto *entry =
      reinterpret_cast<coroscope_lint_module_fn *>(::dlsym(handle, lint::kLintModuleEntry));
  out.module = entry ? entry(COROSCOPE_VERSION, lint::kLintModuleRevision) : nullptr;
  if (!out.module)
    out.error = path + ": not the lint module of coroscope " COROSCOPE_VERSION;
  return out;
}

const Loaded &loaded() {
  static const Loaded l = load();
  return l;
}

} // namespace

void setLintCompiler(const std::string &compiler) { lintCompiler() = compiler; }

const lint::LintModule &lintModule() {
  const Loaded &l = loaded();
  if (!l.module)
    throw std::runtime_error(l.error);
  return *l.module;
}

std::vector<std::string> lintCheckNamesIfLoadable() {
  std::vector<std::string> names;
  if (const lint::LintModule *m = loaded().module)
    for (const lint::RuleInfo &r : m->rules())
      names.push_back(r.name);
  return names;
}

} // namespace coroscope::analyzer
