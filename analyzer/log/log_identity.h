//===- log/log_identity.h - One process's log read once ---------*- C++ -*-===//
//
// `coroscope report coroscope.*.log run.log` may name one log twice (a glob
// and a name, a copy, a hard link); merging it twice would double every
// figure. A log is the same as another when it is the same file (device and
// inode) or its header names the same writer: host, pid and start time
// (docs/log-format.md, FileHeader).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LOG_LOG_IDENTITY_H
#define COROSCOPE_ANALYZER_LOG_LOG_IDENTITY_H

#include <string>
#include <vector>

namespace coroscope::analyzer {

/// A log left out because it repeats an earlier one.
struct DuplicateLog {
  std::string log;        ///< the copy left out
  std::string same_as;    ///< the copy read
  bool same_file = false; ///< the same file; else the same writer in another file
};

/// `logs` in order without those that repeat an earlier one, which go to
/// `duplicates`. Of two files of one writer the better is kept, in the
/// place of the first named (an equal one: the first named): one that is
/// whole (its End last, its chunks those the End lists), then the one with
/// more readable bytes, then the later profile snapshot. A log whose
/// header cannot be read is kept, so the error comes from reading it.
std::vector<std::string> distinctLogs(const std::vector<std::string> &logs,
                                      std::vector<DuplicateLog> &duplicates);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_LOG_LOG_IDENTITY_H
