//===- model/log_jobs.h - Several logs analyzed in parallel -----*- C++ -*-===//
//
// Logs of different processes share nothing until their results are merged,
// so `report` and `check` analyze each log on its own thread into a result
// of its own and merge the results in command-line order. Merging in that
// order, whatever order the logs finish in, keeps the output byte for byte
// the same for any number of jobs; the error reported is that of the first
// bad log on the command line, as in a sequential run.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_LOG_JOBS_H
#define COROSCOPE_ANALYZER_MODEL_LOG_JOBS_H

#include "model/findings.h"
#include "model/model.h"
#include "model/stats.h"

#include <functional>
#include <string>
#include <vector>

namespace coroscope::analyzer {

/// The number of threads `jobs` means: 0 is one per hardware thread.
unsigned jobThreads(unsigned jobs);

/// Calls `analyze(i, stop)` for every log index on up to `jobs` threads (0:
/// one per hardware thread) and `merge(i)` on the calling thread for each
/// index in order, once that log is done. At most a few logs beyond the
/// next one to merge are analyzed ahead, so finished results do not pile
/// up. When analyze throws, merging stops there and, after the other
/// threads have ended, the exception of the first failed log is rethrown.
void forEachLog(size_t logs, unsigned jobs,
                const std::function<void(size_t, const StopQuery &)> &analyze,
                const std::function<void(size_t)> &merge);

/// Every log replayed into one report, as analyzeLog on each in turn.
Report analyzeLogs(const std::vector<std::string> &logs, unsigned jobs);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_LOG_JOBS_H
