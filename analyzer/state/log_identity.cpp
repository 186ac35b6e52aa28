//===- state/log_identity.cpp - One process's log read once ---------------===//
#include "state/log_identity.h"

#include "state/log_reader.h"

#include <map>
#include <optional>
#include <sys/stat.h>
#include <tuple>

namespace coroscope::analyzer {

namespace {
/// The bytes of `log` that a report reads (the file less its unreadable
/// chunks): what decides between two copies of one writer's log. Reads the
/// whole log, so only a duplicate pays for it.
uint64_t intactBytes(const std::string &log, uint64_t file_bytes) {
  try {
    LogIndex index(log);
    uint64_t lost = index.end().unreadable_bytes;
    return file_bytes > lost ? file_bytes - lost : 0;
  } catch (const LogError &) {
    return 0;
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
    std::optional<uint64_t> intact; ///< intactBytes(), once needed
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
        auto [it, fresh] = writers.emplace(
            std::make_tuple(std::string(h.host), h.pid, h.start_unix_ns),
            Copy{kept.size(), bytes, regular, std::nullopt});
        if (!fresh) {
          // One process writes its log by appending, so a copy taken while
          // it ran, or cut short, is a prefix of the whole; but either copy
          // may be the damaged one. The copy with more readable bytes is
          // read (an equal one: the first named).
          Copy &earlier = it->second;
          if (!earlier.intact)
            earlier.intact = earlier.regular ? intactBytes(kept[earlier.index], earlier.bytes) : 0;
          uint64_t intact = regular ? intactBytes(log, bytes) : 0;
          if (intact > *earlier.intact) {
            duplicates.push_back({kept[earlier.index], log, false});
            kept[earlier.index] = log;
            earlier.bytes = bytes;
            earlier.regular = regular;
            earlier.intact = intact;
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
