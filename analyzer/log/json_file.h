//===- log/json_file.h - JSON inputs other than logs ------------*- C++ -*-===//
//
// `report --baseline` and `check --budget` read a JSON file each. Both must
// fail like a bad log does (one `coroscope: error: FILE: what` line, exit 2),
// so reading and the first level of validation live here once, beside the
// schema strings a baseline is checked against.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_LOG_JSON_FILE_H
#define COROSCOPE_ANALYZER_LOG_JSON_FILE_H

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace coroscope::analyzer {

/// The schema strings of coroscope's JSON outputs (docs/report-format.md):
/// render/ writes them, and `report --baseline` reads a report back.
inline constexpr const char *kReportSchema = "coroscope-report/1";
inline constexpr const char *kFindingsSchema = "coroscope-findings/1";

/// A problem with a JSON input; what() is "FILE: what", the form main.cpp
/// prints after "coroscope: error: ".
class JsonInputError : public std::runtime_error {
public:
  JsonInputError(const std::string &file, const std::string &what)
      : std::runtime_error(file + ": " + what) {}
};

/// The contents of `path`, parsed, keys in file order. Throws JsonInputError
/// when it cannot be read, is not JSON or is not a JSON object.
nlohmann::ordered_json readJsonObject(const std::string &path);

/// "string", "number", "array", ... for messages.
std::string jsonTypeName(const nlohmann::ordered_json &j);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_LOG_JSON_FILE_H
