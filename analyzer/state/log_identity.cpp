//===- state/log_identity.cpp - One process's log read once ---------------===//
#include "state/log_identity.h"

#include "state/log_reader.h"

#include <map>
#include <sys/stat.h>
#include <tuple>

namespace coroscope::analyzer {

std::vector<std::string> distinctLogs(const std::vector<std::string> &logs,
                                      std::vector<DuplicateLog> &duplicates) {
  std::map<std::pair<dev_t, ino_t>, std::string> files;
  // A writer's log as kept so far: its place in `kept` and its size.
  struct Copy {
    size_t index;
    uint64_t bytes;
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
            Copy{kept.size(), bytes});
        if (!fresh) {
          // One process writes its log by appending: of two copies the
          // longer holds all the shorter does (a copy taken while it ran,
          // one cut short), so it is the one read.
          Copy &earlier = it->second;
          if (bytes > earlier.bytes) {
            duplicates.push_back({kept[earlier.index], log, false});
            kept[earlier.index] = log;
            earlier.bytes = bytes;
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
