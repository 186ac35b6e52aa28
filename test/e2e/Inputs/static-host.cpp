// A host without coroutines that dlopens an instrumented library: with
// `coroscope flags --link-static` the runtime must be linked in whole and
// its hooks exported, although nothing in the host calls them.
#include <cstdio>
#include <dlfcn.h>

int main(int argc, char **argv) {
  void *lib = dlopen(argv[1], RTLD_NOW);
  if (!lib) {
    std::printf("dlopen: %s\n", dlerror());
    return 1;
  }
  auto run = reinterpret_cast<int (*)(int)>(dlsym(lib, "run_plugin"));
  std::printf("sum %d\n", run(100));
  dlclose(lib);
}
