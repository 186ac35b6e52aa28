//===- empty_cyg_hooks.cpp - Empty -finstrument-functions hooks -----------===//
//
// The cheapest possible -finstrument-functions tool: entry and exit hooks
// that do nothing. run_bench.sh links this file, compiled WITHOUT
// -finstrument-functions, into its `cyg` variant, so what that variant
// measures is the bare cost of the two out-of-line calls the compiler adds
// to every function (inlined ones included), the floor under any tool built
// on this flag.
//
//===----------------------------------------------------------------------===//

extern "C" {

__attribute__((no_instrument_function, noinline)) void __cyg_profile_func_enter(void *, void *) {}

__attribute__((no_instrument_function, noinline)) void __cyg_profile_func_exit(void *, void *) {}

} // extern "C"
