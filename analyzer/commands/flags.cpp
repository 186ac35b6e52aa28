//===- commands/flags.cpp - `coroscope flags`: compiler and linker flags --===//
//
// Works like llvm-config: build systems splice the output into a command line
// ($(coroscope flags --compile)), so it prints exactly one line and nothing
// else. Paths are derived from where the running binary really lives (bin/
// next to lib/), which holds both in the build tree and in an install tree
// and survives invocation through symlinks.
//
// There is one plugin per Clang major (lib/CoroScope-<major>.so): a plugin
// loaded into another major's clang fails or crashes. So --compile asks the
// compiler it is for (--compiler, else $CXX, else clang++) for its version
// and names that major's plugin, or refuses with one line naming the
// compilers it has plugins for. `lint` picks its module the same way
// (commands/lint_loader.cpp).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"
#include "coroscope/inline_imports.h"
#include "file_names.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>

#include <chrono>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef COROSCOPE_SUPPORTED_LLVM_MAJORS
#define COROSCOPE_SUPPORTED_LLVM_MAJORS ""
#endif
#ifndef COROSCOPE_LLVM_MAJORS
#define COROSCOPE_LLVM_MAJORS ""
#endif

namespace coroscope::analyzer {

namespace {

/// What an executable linked with the static runtime exports: the hooks and
/// the public functions of coroscope/hooks.h; functions only.
const char *const kExportedSymbols[] = {
#define COROSCOPE_HOOK(Name, symbol, params) #symbol,
#include "coroscope/hooks.def"
    "__coroscope_flush", "__coroscope_dump_frames", COROSCOPE_INLINE_IMPORTS};

/// How long `COMPILER --version` may take (a cold ccache, a slow NFS).
constexpr int kVersionTimeoutMs = 20000;

std::string parentOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  if (slash == 0)
    return "/";
  return path.substr(0, slash);
}

// The install prefix to put in front of "/lib" and "/include" ("" for /).
std::string prefixBase() {
  std::string prefix = installPrefix();
  return prefix == "/" ? "" : prefix;
}

std::string libDir() { return prefixBase() + "/lib"; }

std::vector<std::string> words(const std::string &s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (true) {
    i = s.find_first_not_of(" \t", i);
    if (i == std::string::npos)
      return out;
    size_t end = s.find_first_of(" \t", i);
    out.push_back(s.substr(i, end == std::string::npos ? std::string::npos : end - i));
    i = end;
  }
}

/// The majors of a comma-separated list, ascending, without repeats.
void addMajors(const char *list, std::vector<unsigned> &out) {
  std::string s = list;
  for (char &c : s)
    if (c == ',' || c == ';')
      c = ' ';
  for (const std::string &w : words(s))
    if (w.find_first_not_of("0123456789") == std::string::npos && w.size() < 6) {
      unsigned m = static_cast<unsigned>(std::stoul(w));
      auto it = out.begin();
      while (it != out.end() && *it < m)
        ++it;
      if (it == out.end() || *it != m)
        out.insert(it, m);
    }
}

/// The first line of what `argv --version` prints on stdout, or "" with
/// `problem` saying why not. No shell; stdin and stderr are /dev/null.
std::string versionLine(const std::string &program, std::string &problem) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    problem = std::string("cannot run it: ") + std::strerror(errno);
    return "";
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string arg0 = program, arg1 = "--version";
  char *argv[] = {arg0.data(), arg1.data(), nullptr};
  pid_t pid = 0;
  int err = ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (err != 0) {
    ::close(fds[0]);
    problem = std::string("cannot run it: ") + std::strerror(err);
    return "";
  }
  std::string out;
  bool timed_out = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kVersionTimeoutMs);
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = ::poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      timed_out = ready == 0;
      break;
    }
    char buf[4096];
    ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    if (out.size() < 65536) // the first line is all that is wanted
      out.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  if (timed_out)
    ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    problem = "--version did not finish in " + std::to_string(kVersionTimeoutMs / 1000) + " s";
    return "";
  }
  std::string line = out.substr(0, out.find('\n'));
  while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
    line.pop_back();
  if (line.empty())
    problem = "--version printed nothing";
  return line;
}

/// "19", "19 and 22", "18, 19 and 22" (conjunction "and").
std::string joinMajors(const std::vector<unsigned> &majors, const std::string &before,
                       const char *conjunction) {
  std::string out;
  for (size_t i = 0; i < majors.size(); ++i) {
    if (i)
      out += i + 1 == majors.size() ? std::string(" ") + conjunction + " " : ", ";
    out += before + std::to_string(majors[i]);
  }
  return out;
}

} // namespace

std::string installPrefix() {
  char buf[PATH_MAX];
  if (!::realpath("/proc/self/exe", buf))
    throw std::runtime_error(std::string("cannot resolve /proc/self/exe: ") + std::strerror(errno));
  return parentOf(parentOf(buf));
}

const char *compilerFromEnvironment() {
  const char *cxx = std::getenv("CXX");
  // Set but blank is most likely CXX="$SOMETHING_UNSET": falling back to
  // clang++ would pick some other compiler's plugin without a word.
  if (cxx && words(cxx).empty())
    throw std::runtime_error("CXX is set but blank: name a compiler in it, unset it (clang++ is "
                             "then used) or pass --compiler");
  return cxx;
}

std::string defaultCompiler() {
  const char *cxx = compilerFromEnvironment();
  return cxx ? cxx : "clang++";
}

CompilerVersion compilerVersion(const std::string &compiler) {
  CompilerVersion v;
  std::vector<std::string> w = words(compiler);
  // A launcher in front ($CXX="ccache clang++-19"): ask the compiler.
  if (w.size() > 1) {
    std::string launcher = w[0].substr(w[0].find_last_of('/') + 1);
    if (launcher == "ccache" || launcher == "sccache" || launcher == "distcc")
      w.erase(w.begin());
  }
  if (w.empty()) {
    v.problem = "no compiler named";
    return v;
  }
  v.first_line = versionLine(w[0], v.problem);
  if (v.first_line.empty())
    return v;
  // "clang version 22.1.8 (...)", "Debian clang version 19.1.7 (...)",
  // "Ubuntu clang version ..."; Apple's clang numbers its own releases.
  static const std::string kClang = "clang version ";
  size_t at = v.first_line.find(kClang);
  if (at == std::string::npos || v.first_line.find("Apple") != std::string::npos) {
    v.problem = "not a Clang coroscope has plugins for";
    return v;
  }
  size_t digits = at + kClang.size();
  size_t end = v.first_line.find_first_not_of("0123456789", digits);
  std::string major = v.first_line.substr(digits, end == std::string::npos ? end : end - digits);
  if (major.empty() || major.size() > 5) {
    v.problem = "no major version after \"clang version\"";
    return v;
  }
  v.major = static_cast<unsigned>(std::stoul(major));
  return v;
}

std::vector<unsigned> availableMajors(std::string (*file)(unsigned)) {
  std::vector<unsigned> candidates, out;
  addMajors(COROSCOPE_SUPPORTED_LLVM_MAJORS, candidates);
  addMajors(COROSCOPE_LLVM_MAJORS, candidates);
  std::string lib = libDir();
  for (unsigned m : candidates) {
    struct stat st;
    if (::stat((lib + "/" + file(m)).c_str(), &st) == 0 && S_ISREG(st.st_mode))
      out.push_back(m);
  }
  return out;
}

unsigned newestBuiltMajor() {
  std::vector<unsigned> built;
  addMajors(COROSCOPE_LLVM_MAJORS, built);
  return built.empty() ? 0 : built.back();
}

unsigned majorFor(const std::string &compiler, const std::string &what,
                  std::string (*file)(unsigned), const std::string &or_else) {
  CompilerVersion v = compilerVersion(compiler);
  std::vector<unsigned> have = availableMajors(file);
  for (unsigned m : have)
    if (m == v.major)
      return m;
  std::string why = "no " + what + " for " + compiler + " (" +
                    (v.first_line.empty() ? v.problem : v.first_line) + "); ";
  if (have.empty())
    why += "there is none in " + libDir();
  else
    why += "this coroscope supports Clang " + joinMajors(have, "", "and") + ": pass " +
           joinMajors(have, "--compiler clang++-", "or") + or_else;
  throw std::runtime_error(why);
}

std::string flagsLine(bool compile, bool link, bool linkStatic, const std::string &compiler) {
  std::string base = prefixBase(), lib = libDir();
  std::string out;
  // -I: the public header (coroscope/hooks.h) for __coroscope_flush() and
  // __coroscope_dump_frames(); harmless for code that never includes it.
  // The runtime is the same for every major: --link alone asks no compiler.
  if (compile) {
    unsigned major = majorFor(compiler.empty() ? defaultCompiler() : compiler, "plugin",
                              file_names::plugin, ", or set CXX");
    out += "-fplugin=" + lib + "/" + file_names::plugin(major) + " -I" + base + "/include";
  }
  if (link || linkStatic) {
    if (!out.empty())
      out += ' ';
    if (linkStatic) {
      // The executable holds the runtime; instrumented shared libraries,
      // dlopen'ed ones too, find the hooks in it, so they are exported. The
      // whole archive: an executable with no instrumented code of its own
      // references no hook, and the linker would drop them all.
      out +=
          "-Wl,--whole-archive " + lib + "/libcoroscope_rt.a -Wl,--no-whole-archive -pthread -Wl";
      // By name: gold ignores globs here; a glob (__coroscope_*) also
      // exported the thread-local __coroscope_thread_state, whose dynamic
      // TPOFF relocation a -static-pie executable cannot apply to itself
      // (GNU ld; it crashed before main); and --dynamic-list would make a
      // -shared link bind its other symbols locally.
      for (const char *symbol : kExportedSymbols)
        out += std::string(",--export-dynamic-symbol=") + symbol;
    } else
      out += "-L" + lib + " -Wl,-rpath," + lib + " -lcoroscope_rt";
  }
  return out;
}

namespace {

struct FlagsOptions {
  bool compile = false, link = false, link_static = false;
  std::string compiler; ///< "": defaultCompiler()
};

} // namespace

Command addFlagsCommand(CLI::App &app) {
  auto opt = std::make_shared<FlagsOptions>();
  CLI::App *flags =
      app.add_subcommand("flags", "Print compiler/linker flags for instrumented builds");
  flags->add_flag("--compile", opt->compile,
                  "The -fplugin flag for the compiler: its Clang major's plugin; exit 2 "
                  "when there is none");
  flags
      ->add_option("--compiler", opt->compiler,
                   "The compiler --compile is for (default: $CXX, else clang++); its "
                   "--version tells the major")
      ->check(compilerName());
  CLI::Option *link_opt = flags->add_flag("--link", opt->link, "The linker flags for the runtime");
  flags
      ->add_flag("--link-static", opt->link_static,
                 "The linker flags for the static runtime (libcoroscope_rt.a)")
      ->excludes(link_opt);

  return {flags, [opt] {
            if (!opt->compile && !opt->link && !opt->link_static) {
              std::cerr << "coroscope: error: flags needs --compile and/or --link\n";
              return int(kExitUsage);
            }
            std::cout << flagsLine(opt->compile, opt->link, opt->link_static, opt->compiler)
                      << "\n";
            return int(kExitOk);
          }};
}

} // namespace coroscope::analyzer
