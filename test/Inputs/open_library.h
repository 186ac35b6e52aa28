// dlopen for the tests' host programs: the library at `path`, or the
// loader's message on stdout and exit 1 (FileCheck then names it).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

inline void *openLibrary(const char *path) {
  void *h = dlopen(path, RTLD_NOW);
  if (!h) {
    std::printf("dlopen: %s\n", dlerror());
    std::exit(1);
  }
  return h;
}

/// The library's function `name`, of type F.
template <class F> F librarySymbol(void *h, const char *name) {
  return reinterpret_cast<F>(dlsym(h, name));
}
