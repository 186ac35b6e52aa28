//===- model/symbolize.cpp - Native PCs to functions and lines ------------===//
//
// llvm-symbolizer is fed through a memfd on stdin, not a pipe, so the parent
// never has to interleave writing addresses with reading answers (no
// deadlock however many addresses there are). Its JSON output style gives
// one JSON object per input line, in input order, which is simpler and
// sturdier to parse than the LLVM style's blank-line separated blocks.
//
// The recorded PCs are return addresses; one is subtracted before lookup so
// the line is that of the call, not of the instruction after it.
//
//===----------------------------------------------------------------------===//
#include "model/symbolize.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <sstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace coroscope::analyzer {

namespace {

bool executable(const std::string &path) {
  return !path.empty() && ::access(path.c_str(), X_OK) == 0;
}

std::string inPath(const std::string &name) {
  const char *path = std::getenv("PATH");
  if (!path)
    return "";
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    struct stat st;
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && executable(candidate))
      return candidate;
  }
  return "";
}

bool writeAll(int fd, const std::string &data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

/// Runs `argv` with `input` on stdin and stderr discarded; returns its
/// stdout, or "" if it could not be run.
std::string runWithInput(const std::vector<std::string> &args, const std::string &input) {
  int in = ::memfd_create("coroscope-symbolize", MFD_CLOEXEC);
  if (in < 0)
    return "";
  if (!writeAll(in, input) || ::lseek(in, 0, SEEK_SET) != 0) {
    ::close(in);
    return "";
  }
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in);
    return "";
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char *> argv;
  for (const std::string &a : args)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  int err = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in);
  ::close(out[1]);
  std::string result;
  if (err == 0) {
    char buf[65536];
    for (;;) {
      ssize_t n = ::read(out[0], buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      result.append(buf, static_cast<size_t>(n));
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  ::close(out[0]);
  return result;
}

std::string hexAddr(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string known(const std::string &s) { return s == "??" ? "" : s; }

} // namespace

std::string findSymbolizer() {
  if (const char *env = std::getenv("COROSCOPE_SYMBOLIZER"))
    return executable(env) ? env : "";
  std::string s = inPath("llvm-symbolizer-19");
  if (!s.empty())
    return s;
  if (executable("/usr/lib/llvm-19/bin/llvm-symbolizer"))
    return "/usr/lib/llvm-19/bin/llvm-symbolizer";
  return inPath("llvm-symbolizer");
}

const Module *Symbolizer::moduleFor(uint64_t pc) const {
  for (const Module &m : modules_)
    if (m.start <= pc && pc < m.end)
      return &m;
  return nullptr;
}

void Symbolizer::run() {
  // Group the PCs by module; a module listed twice (a second Modules chunk
  // after a dlopen) is the same image, so its first entry wins.
  std::map<const Module *, std::vector<uint64_t>> byModule;
  for (auto &[pc, entries] : frames_) {
    NativeFrame f;
    f.pc = pc;
    if (const Module *m = moduleFor(pc)) {
      f.module = m->path;
      f.offset = pc - m->bias;
      byModule[m].push_back(pc);
    }
    entries.assign(1, f);
  }
  if (byModule.empty())
    return;
  std::string tool = findSymbolizer();
  if (tool.empty())
    return;
  for (const auto &[m, pcs] : byModule) {
    if (::access(m->path.c_str(), R_OK) != 0)
      continue;
    std::string input;
    for (uint64_t pc : pcs) {
      // A return address just past the call; pc - 1 is inside it. A zero
      // offset is kept as is rather than wrapping.
      uint64_t addr = pc - m->bias;
      input += hexAddr(addr ? addr - 1 : 0) + "\n";
    }
    std::string output = runWithInput({tool, "--obj=" + m->path, "--functions=linkage",
                                       "--demangle", "--inlining=true", "--output-style=JSON"},
                                      input);
    std::istringstream lines(output);
    std::string line;
    for (uint64_t pc : pcs) {
      if (!std::getline(lines, line))
        break;
      // A malformed or unexpected answer leaves this PC unsymbolized.
      try {
        auto j = nlohmann::json::parse(line);
        const auto &symbols = j.at("Symbol");
        std::vector<NativeFrame> entries;
        for (size_t i = 0; i < symbols.size(); ++i) {
          const auto &sym = symbols.at(i);
          NativeFrame f = frames_[pc].front();
          f.function = known(sym.value("FunctionName", ""));
          f.file = known(sym.value("FileName", ""));
          f.line = sym.value("Line", 0u);
          f.column = sym.value("Column", 0u);
          f.inlined = i + 1 < symbols.size();
          entries.push_back(std::move(f));
        }
        if (!entries.empty())
          frames_[pc] = std::move(entries);
      } catch (const nlohmann::json::exception &) {
      }
    }
  }
}

std::vector<NativeFrame> Symbolizer::lookup(uint64_t pc) const {
  auto it = frames_.find(pc);
  if (it != frames_.end() && !it->second.empty())
    return it->second;
  NativeFrame f;
  f.pc = pc;
  return {f};
}

} // namespace coroscope::analyzer
