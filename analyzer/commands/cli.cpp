//===- commands/cli.cpp - What the subcommands' command lines share -------===//
//
// Option types and output handling used by several subcommands
// (commands/cli.h).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"

#include "log/log_identity.h"
#include "render/render.h"

#include <cstring>
#include <fstream>
#include <iostream>
#include <sys/stat.h>

namespace coroscope::analyzer {

namespace {
// The severities by name, lowest first (COROSCOPE_SEVERITIES' order).
struct NamedSeverity {
  const char *name;
  uint8_t severity;
};
const NamedSeverity kSeverities[] = {
#define COROSCOPE_NAMED_SEVERITY(kind, value, name) {name, log::kind},
    COROSCOPE_SEVERITIES(COROSCOPE_NAMED_SEVERITY)
#undef COROSCOPE_NAMED_SEVERITY
};
} // namespace

uint8_t severityNamed(const std::string &name) {
  for (const NamedSeverity &s : kSeverities)
    if (name == s.name)
      return s.severity;
  return log::kSeverityAdvice;
}

void addFailOnOption(CLI::App *cmd, std::string &fail_on, const std::string &help) {
  std::vector<std::string> names;
  for (const NamedSeverity &s : kSeverities)
    names.push_back(s.name);
  cmd->add_option("--fail-on", fail_on, help)->check(CLI::IsMember(names))->capture_default_str();
}

/// --threshold KEY=VALUE, repeatable, for report, check and export.
void addThresholdOption(CLI::App *cmd, AdviceOptions &advice) {
  cmd->add_option_function<std::vector<std::string>>(
         "--threshold",
         [&advice](const std::vector<std::string> &values) {
           for (const std::string &v : values) {
             try {
               setThreshold(advice, v);
             } catch (const std::invalid_argument &e) {
               throw CLI::ValidationError("--threshold", e.what());
             }
           }
         },
         "Set an advice threshold, KEY=VALUE (docs/checks.md#advice)")
      ->type_name("KEY=VALUE");
}

std::string parseTimeBound(const std::string &text, TimeBound &out) {
  static const std::pair<const char *, uint64_t> kUnits[] = {
      {"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};
  std::string expected = "expected ns on the log's clock (a whole number) or a time from the "
                         "log's start with a unit, e.g. 2ms or 1.5s (ns, us, ms, s), got " +
                         text;
  size_t digits = text.find_first_not_of("0123456789");
  std::string whole = text.substr(0, digits), fraction, unit;
  if (digits != std::string::npos && text[digits] == '.') {
    size_t end = text.find_first_not_of("0123456789", digits + 1);
    fraction = text.substr(digits + 1, end - digits - 1);
    if (fraction.empty() || end == std::string::npos)
      return expected;
    unit = text.substr(end);
  } else if (digits != std::string::npos) {
    unit = text.substr(digits);
  }
  uint64_t scale = 0;
  for (const auto &[name, ns] : kUnits)
    if (unit == name)
      scale = ns;
  if (whole.empty() || (!unit.empty() && !scale) || (unit.empty() && digits != std::string::npos))
    return expected;
  if (unit.empty())
    scale = 1; // a bare number: ns on the log's clock
  while (!fraction.empty() && fraction.back() == '0')
    fraction.pop_back();
  uint64_t per_digit = scale;
  for (size_t i = 0; i < fraction.size(); ++i) {
    if (per_digit % 10)
      return "a time finer than 1 ns: " + text;
    per_digit /= 10;
  }
  errno = 0;
  unsigned long long value = std::strtoull(whole.c_str(), nullptr, 10);
  uint64_t ns = 0;
  bool overflow = errno == ERANGE || __builtin_mul_overflow(uint64_t(value), scale, &ns);
  if (!fraction.empty())
    overflow = overflow ||
               __builtin_add_overflow(
                   ns, uint64_t(std::strtoull(fraction.c_str(), nullptr, 10)) * per_digit, &ns);
  if (overflow)
    return "a time beyond 2^64 ns: " + text;
  out.ns = ns;
  out.relative = !unit.empty();
  out.text = text;
  return "";
}

/// --compiler's value: a compiler, never empty (`--compiler "$CC"` with CC
/// unset must not quietly fall back to $CXX or clang++).
CLI::Validator compilerName() {
  return CLI::Validator(
      [](std::string &in) -> std::string {
        return in.find_first_not_of(" \t") == std::string::npos
                   ? "expected a compiler (a path or a name on $PATH), got an empty value"
                   : "";
      },
      "PATH");
}

/// Whether `output` is one of `inputs` (the same file by any name); says so.
bool outputIsInput(const std::string &output, const std::vector<std::string> &inputs) {
  struct stat out_st;
  if (::stat(output.c_str(), &out_st) != 0 || !S_ISREG(out_st.st_mode))
    return false;
  for (const std::string &in : inputs) {
    struct stat in_st;
    if (::stat(in.c_str(), &in_st) == 0 && in_st.st_dev == out_st.st_dev &&
        in_st.st_ino == out_st.st_ino) {
      std::cerr << "coroscope: error: " << output << ": is an input (" << in
                << "); not overwritten\n";
      return true;
    }
  }
  return false;
}

/// Writes `text` to stdout or to `output`. The text is complete before the
/// file is opened so a failed run never leaves a truncated report behind;
/// an `output` that is one of the `inputs` (the same file, by any name) is
/// refused, not replaced by the report of itself.
bool writeOutput(const std::string &output, const std::string &text,
                 const std::vector<std::string> &inputs) {
  if (output.empty() || output == "-") {
    std::cout << text;
    std::cout.flush();
    return true;
  }
  if (outputIsInput(output, inputs))
    return false;
  std::ofstream file(output, std::ios::binary | std::ios::trunc);
  if (file)
    file << text;
  if (!file) {
    std::cerr << "coroscope: error: " << output << ": cannot write: " << std::strerror(errno)
              << "\n";
    return false;
  }
  return true;
}

/// One warning line on stderr per log that LogEnd::incomplete() says
/// lacks something of its run; true if any.
bool warnIncomplete(const std::vector<std::string> &logs, const std::vector<LogEnd> &ends) {
  bool any = false;
  for (size_t i = 0; i < logs.size() && i < ends.size(); ++i) {
    if (!ends[i].incomplete())
      continue;
    // More records than the End counts: chunks not of this run are in it.
    bool extra = ends[i].countMismatch() && ends[i].events_read > ends[i].events_written;
    std::cerr << "coroscope: warning: " << logs[i] << ": " << logStatusText(ends[i])
              << (extra ? "; its figures include records its process did not count (chunks "
                          "appended or spliced in)"
                        : "; figures from its complete chunks only")
              << "\n";
    any = true;
  }
  return any;
}

/// The logs to read: each process's log once, with a warning line for every
/// log left out (log/log_identity.h). `repeated`: some log was left out.
std::vector<std::string> logsReadOnce(const std::vector<std::string> &logs, bool &repeated) {
  std::vector<DuplicateLog> duplicates;
  std::vector<std::string> kept = distinctLogs(logs, duplicates);
  for (const DuplicateLog &d : duplicates)
    std::cerr << "coroscope: warning: " << d.log << ": "
              << (d.same_file ? "the same file as " : "the same process's log as ") << d.same_as
              << "; read once\n";
  repeated = !duplicates.empty();
  return kept;
}
} // namespace coroscope::analyzer
