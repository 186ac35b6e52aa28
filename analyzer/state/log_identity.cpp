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
  std::map<std::tuple<std::string, uint64_t, uint64_t>, std::string> writers;
  std::vector<std::string> kept;
  for (const std::string &log : logs) {
    struct stat st;
    if (stat(log.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
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
        auto [it, fresh] = writers.emplace(std::make_tuple(std::string(h.host), h.pid,
                                                           h.start_unix_ns), log);
        if (!fresh) {
          duplicates.push_back({log, it->second, false});
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
