//===- process_end.cpp - The log's last writes when the process exits ----===//
//
// See process_end.h.
//
//===----------------------------------------------------------------------===//
#include "process_end.h"

#include "crash.h"
#include "findings.h"
#include "log_writer.h"
#include "options.h"
#include "thread_state.h"

namespace coroscope {
namespace rt {

namespace {
// TSan's finalizer runs after the ELF destructors and may still die: once.
bool gFinished = false;
} // namespace

void finishLogAtExit(uint32_t how) {
  if (crashing() || __atomic_exchange_n(&gFinished, true, __ATOMIC_ACQ_REL))
    return;
  // A process that registered no site has not read its options yet: its
  // log must still be of the mode it was asked for.
  initOptions();
  // Events first, so findings follow them; a profile is written once, after
  // the scan (an earlier snapshot could not be written over).
  if (gOptions.mode != Mode::Profile)
    flushAllThreads(/*from_signal=*/false);
  exitScan();
  flushAllThreads(/*from_signal=*/false);
  writerLock();
  writeClockLocked();
  writerUnlock();
  endLog(how, 0, /*from_signal=*/false);
}

} // namespace rt
} // namespace coroscope
