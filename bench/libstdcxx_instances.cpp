//===- libstdcxx_instances.cpp - Link fix for -finstrument-functions ------===//
//
// libstdc++ 12 declares std::allocator<char>'s members always_inline and
// extern-template, so no library provides them out of line. Compiled with
// -finstrument-functions, clang 19 still emits calls to them in C++20 and
// the link fails (llvm-project issue 50742). run_bench.sh links this file,
// compiled without the flag, into the `cyg` variant only.
//
//===----------------------------------------------------------------------===//
#include <memory>

template class std::allocator<char>;
