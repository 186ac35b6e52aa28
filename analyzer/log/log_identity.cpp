//===- log/log_identity.cpp - One process's log read once -----------------===//
#include "log/log_identity.h"

#include "log/log_reader.h"

#include <map>
#include <optional>
#include <sys/stat.h>
#include <tuple>

namespace coroscope::analyzer {

namespace {
/// What decides between two copies of one writer's log, best first: a
/// copy that ends with its End record and whose chunks and event count are
/// the ones it lists (not one with a chunk doubled); then the more bytes a
/// report reads (the file less its unreadable chunks; a copy taken while
/// the program ran is a prefix); then the later profile snapshot (profile
/// copies of one size differ only in it). Reads the whole log, so only a
/// duplicate pays for it.
using CopyScore = std::tuple<bool, uint64_t, uint64_t>;

CopyScore copyScore(const std::string &log, uint64_t file_bytes) {
  try {
    LogIndex index(log);
    const LogEnd &e = index.end();
    uint64_t lost = e.unreadable_bytes;
    uint64_t snapshot = index.profile() ? index.profile()->header.written_ns : 0;
    return {!e.incomplete(), file_bytes > lost ? file_bytes - lost : 0, snapshot};
  } catch (const LogError &) {
    return {false, 0, 0};
  }
}
} // namespace

std::vector<std::string> distinctLogs(const std::vector<std::string> &logs,
                                      std::vector<DuplicateLog> &duplicates) {
  std::map<std::pair<dev_t, ino_t>, std::string> files;
  // A writer's log as kept so far: its place in `kept` and its size.
  struct Copy {
    size_t index;
    uint64_t bytes;
    bool regular;                   ///< a stream (FIFO) can be read only once
    std::optional<CopyScore> score; ///< copyScore(), once needed
  };
  std::map<std::tuple<std::string, uint64_t, uint64_t>, Copy> writers;
  std::vector<std::string> kept;
  for (const std::string &log : logs) {
    struct stat st;
    bool regular = stat(log.c_str(), &st) == 0 && S_ISREG(st.st_mode);
    if (regular) {
      auto [it, fresh] = files.emplace(std::make_pair(st.st_dev, st.st_ino), log);
      if (!fresh) {
        duplicates.push_back({log, it->second, true});
        continue;
      }
    }
    try {
      LogReader reader(log);
      log::FileHeader h = reader.readHeader();
      if (h.start_unix_ns != 0) { // an older header names no writer
        uint64_t bytes = regular ? uint64_t(st.st_size) : 0;
        auto [it, fresh] =
            writers.emplace(std::make_tuple(std::string(h.host), h.pid, h.start_unix_ns),
                            Copy{kept.size(), bytes, regular, std::nullopt});
        if (!fresh) {
          // Either copy may be the damaged or the older one: the better
          // copyScore() is read (an equal one: the first named).
          Copy &earlier = it->second;
          if (!earlier.score)
            earlier.score =
                earlier.regular ? copyScore(kept[earlier.index], earlier.bytes) : CopyScore{};
          CopyScore score = regular ? copyScore(log, bytes) : CopyScore{};
          if (score > *earlier.score) {
            duplicates.push_back({kept[earlier.index], log, false});
            kept[earlier.index] = log;
            earlier.bytes = bytes;
            earlier.regular = regular;
            earlier.score = score;
          } else {
            duplicates.push_back({log, kept[earlier.index], false});
          }
          continue;
        }
      }
    } catch (const LogError &) {
    }
    kept.push_back(log);
  }
  return kept;
}

} // namespace coroscope::analyzer
