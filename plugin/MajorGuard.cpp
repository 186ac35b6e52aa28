//===- MajorGuard.cpp - Refuse to load into another LLVM major -------------===//
//
// A plugin built against LLVM N links libLLVM.so.N; loaded into clang or opt
// of another major it brings a second LLVM into the process, and the first
// call across the two crashes the compiler ("PLEASE submit a bug report").
// This constructor runs before the module's own static registrations
// (priority 101 < default), finds the host's LLVM major and, when it is not
// the one this module was built for, says so in one line and exits.
//
//===----------------------------------------------------------------------===//
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#ifndef COROSCOPE_LLVM_MAJOR
#error "COROSCOPE_LLVM_MAJOR: the LLVM major this module is built for"
#endif

namespace {

/// The major in a loaded library's name: libLLVM.so.N[.M], libLLVM-N.so,
/// libclang-cpp.so.N[.M]; 0 for any other name.
unsigned majorOfLibrary(const char *path) {
  const char *base = std::strrchr(path, '/');
  base = base ? base + 1 : path;
  for (const char *prefix : {"libLLVM.so.", "libLLVM-", "libclang-cpp.so."}) {
    size_t n = std::strlen(prefix);
    if (std::strncmp(base, prefix, n) == 0)
      return static_cast<unsigned>(std::strtoul(base + n, nullptr, 10));
  }
  return 0;
}

int otherMajor(struct dl_phdr_info *info, size_t, void *data) {
  unsigned m = info->dlpi_name ? majorOfLibrary(info->dlpi_name) : 0;
  if (m != 0 && m != COROSCOPE_LLVM_MAJOR) {
    *static_cast<unsigned *>(data) = m;
    return 1;
  }
  return 0;
}

/// The host's LLVM major: LLVMGetVersion (LLVM C API, 16+) as the program
/// exports it (looked up from the executable's scope, which precedes ours),
/// else another major's libLLVM among the loaded libraries; 0 if unknown.
unsigned hostMajor() {
  using GetVersion = void (*)(unsigned *, unsigned *, unsigned *);
  if (void *self = ::dlopen(nullptr, RTLD_LAZY | RTLD_NOLOAD)) {
    if (auto *get = reinterpret_cast<GetVersion>(::dlsym(self, "LLVMGetVersion"))) {
      unsigned major = 0, minor = 0, patch = 0;
      get(&major, &minor, &patch);
      if (major != 0)
        return major;
    }
  }
  unsigned other = 0;
  ::dl_iterate_phdr(otherMajor, &other);
  return other ? other : COROSCOPE_LLVM_MAJOR;
}

__attribute__((constructor(101))) void refuseOtherMajor() {
  unsigned host = hostMajor();
  if (host == COROSCOPE_LLVM_MAJOR)
    return;
  char exe[4096] = "this compiler";
  ssize_t n = ::readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0)
    exe[n] = '\0';
  std::fprintf(stderr,
               "coroscope: this plugin is built for LLVM/Clang %d but was loaded into %s "
               "(LLVM %u); use the plugin for it, as `coroscope flags --compile --compiler "
               "<clang++>` prints\n",
               COROSCOPE_LLVM_MAJOR, exe, host);
  // _exit: the two LLVMs' static destructors must not run.
  ::_exit(1);
}

} // namespace
