//===- flags.cpp - `coroscope flags`: compiler and linker options ----------===//
//
// Works like llvm-config: build systems splice the output into a command line
// ($(coroscope flags --compile)), so it prints exactly one line and nothing
// else. Paths are derived from where the running binary really lives (bin/
// next to lib/), which holds both in the build tree and in an install tree
// and survives invocation through symlinks.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace coroscope::analyzer {

namespace {

/// What an executable linked with the static runtime exports: the hooks and
/// the public functions of coroscope/hooks.h; functions only.
const char *const kExportedSymbols[] = {
#define COROSCOPE_HOOK(Name, symbol) #symbol,
#include "coroscope/hooks.def"
    "__coroscope_flush", "__coroscope_dump_frames"};

std::string parentOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  if (slash == 0)
    return "/";
  return path.substr(0, slash);
}

} // namespace

std::string installPrefix() {
  char buf[PATH_MAX];
  if (!::realpath("/proc/self/exe", buf))
    throw std::runtime_error(std::string("cannot resolve /proc/self/exe: ") +
                             std::strerror(errno));
  return parentOf(parentOf(buf));
}

std::string flagsLine(bool compile, bool link, bool linkStatic) {
  std::string prefix = installPrefix();
  std::string base = prefix == "/" ? "" : prefix;
  std::string lib = base + "/lib";
  std::string out;
  // -I: the public header (coroscope/hooks.h) for __coroscope_flush() and
  // __coroscope_dump_frames(); harmless for code that never includes it.
  if (compile)
    out += "-fplugin=" + lib + "/CoroScope.so -I" + base + "/include";
  if (link || linkStatic) {
    if (!out.empty())
      out += ' ';
    if (linkStatic) {
      // The executable holds the runtime; instrumented shared libraries,
      // dlopen'ed ones too, find the hooks in it, so they are exported. The
      // whole archive: an executable with no instrumented code of its own
      // references no hook, and the linker would drop them all.
      out += "-Wl,--whole-archive " + lib +
             "/libcoroscope_rt.a -Wl,--no-whole-archive -pthread -Wl";
      // By name: gold ignores globs here; a glob (__coroscope_*) also
      // exported the thread-local __coroscope_thread_state, whose dynamic
      // TPOFF relocation a -static-pie executable cannot apply to itself
      // (GNU ld; it crashed before main); and --dynamic-list would make a
      // -shared link bind its other symbols locally.
      for (const char *symbol : kExportedSymbols)
        out += std::string(",--export-dynamic-symbol=") + symbol;
    }
    else
      out += "-L" + lib + " -Wl,-rpath," + lib + " -lcoroscope_rt";
  }
  return out;
}

} // namespace coroscope::analyzer
