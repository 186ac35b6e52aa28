//===- flusher.h - The periodic writer thread -----------------------------===//
//
// A process killed without warning (SIGKILL, the OOM killer, a CI timeout)
// runs none of the runtime's handlers, so what is still in the threads'
// buffers is lost. One background thread bounds that loss: in trace mode it
// writes every thread's published events every COROSCOPE_FLUSH_MS (default
// 1000 ms); in profile mode it writes a snapshot every COROSCOPE_INTERVAL
// seconds (default never). Cost: docs/performance.md.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_FLUSHER_H
#define COROSCOPE_RUNTIME_FLUSHER_H

namespace coroscope {
namespace rt {

/// Starts the thread if the options ask for one and it is not running.
/// Called on a thread's first event, not before: a process that runs no
/// coroutine gets no thread.
void startFlusher();

/// In a forked child: the parent's thread does not exist there; the next
/// startFlusher() starts one of the child's own.
void forgetFlusherAfterFork();

} // namespace rt
} // namespace coroscope

#endif
