//===- process_end.h - The log's last writes when the process exits ------===//
//
// At exit (hooks.cpp's ELF destructor, after the program's static
// destructors) and when a sanitizer ends the process during exit
// (sanitizers.h): the exit scan for leaked frames, the last flush, and the
// End record.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_PROCESS_END_H
#define COROSCOPE_RUNTIME_PROCESS_END_H

#include <stdint.h>

namespace coroscope {
namespace rt {

/// Writes everything still buffered, the exit findings and the End record
/// (log::EndHow `how`: kEndExit or kEndSanitizer). Not from a signal handler.
void finishLogAtExit(uint32_t how);

} // namespace rt
} // namespace coroscope

#endif
