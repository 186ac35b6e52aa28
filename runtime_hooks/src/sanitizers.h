//===- sanitizers.h - Keeping the log whole under ASan, LSan, TSan, UBSan -===//
//
// A sanitizer that reports an error ends the process from its own code:
// Die() runs its death callbacks, then _exit(exitcode) (or abort() with
// abort_on_error). LeakSanitizer does so from the atexit handler it
// registered from .preinit_array, which __cxa_finalize runs at the end of
// the executable's ELF destructors, so before libcoroscope_rt.so's that
// write the log's end (docs/reliability.md, "Sanitizers"); ASan, UBSan
// (halting) and TSan (halt_on_error) mid-run. The runtime's death callback
// writes what the exit or a crash would have written.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_SANITIZERS_H
#define COROSCOPE_RUNTIME_SANITIZERS_H

namespace coroscope {
namespace rt {

/// Sets the runtime's sanitizer death callback, when a sanitizer runtime is
/// linked (its interface is declared weak: a plain build needs nothing).
void installSanitizerHooks();

} // namespace rt
} // namespace coroscope

#endif
