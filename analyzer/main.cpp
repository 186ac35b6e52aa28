//===- main.cpp - The coroscope command line -------------------------------===//
//
// Parses the command line with CLI11 and dispatches to the subcommands:
//   report LOG...   per-function coroutine cost (text, markdown, JSON or HTML),
//                   run-time check findings, frames alive at the end;
//                   --baseline OLD.json adds ratios against an earlier report
//   check LOG...    only the findings; exit 1 if one reaches --fail-on or a
//                   function exceeds its --budget
//   export LOG...   the report's functions, sites or findings as rows
//                   (JSON lines or CSV), one report per log, or the logs'
//                   timeline in the Trace Event Format (chrome-trace)
//   dump LOG        the raw records of one log
//   flags           compiler/linker flags for instrumented builds
//   lint -p DIR     the compile-time checks over compile_commands.json;
//                   exit 1 if one reaches --fail-on, 2 on unusable input
// Error handling is centralised here so every failure on any input becomes a
// single `coroscope: error: FILE: offset N: what` line and exit status 2.
//
//===----------------------------------------------------------------------===//
#include "commands.h"
#include "lint_loader.h"
#include "log/log_identity.h"
#include "log/log_reader.h"
#include "model/log_jobs.h"
#include "model/model.h"
#include "model/stats.h"
#include "render/chrome_trace.h"
#include "render/render.h"
#include "verdicts/advice.h"
#include "verdicts/baseline.h"
#include "verdicts/budget.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <cstdio>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace coroscope::analyzer;

namespace {

struct ReportOptions {
  std::vector<std::string> logs;
  std::string format = "text";
  std::string output;
  std::string sort = "heap_bytes";
  size_t top = 0;
  AdviceOptions advice;
  std::string baseline; ///< "": no ratio columns
  unsigned jobs = 0;    ///< logs analyzed in parallel; 0: one per hardware thread
  bool strict = false;  ///< an incomplete log fails the run (exit 2)
};

/// --threshold KEY=VALUE, repeatable, for report and check.
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

/// A count option (--top, --jobs): a whole number >= 0 that fits T, passed
/// on in decimal (a transform: check() may not rewrite the value). CLI11's
/// NonNegativeNumber answers -1 with "Value -1 not in range 0.000000 to
/// 1797693134862315708..." and its conversion reads "010" as octal 8.
template <typename T> CLI::Validator wholeNumber() {
  return CLI::Validator(
      [](std::string &in) -> std::string {
        if (in.empty() || in.find_first_not_of("0123456789") != std::string::npos)
          return "expected a whole number >= 0, got " + in;
        errno = 0;
        unsigned long long value = std::strtoull(in.c_str(), nullptr, 10);
        if (errno == ERANGE || value > std::numeric_limits<T>::max())
          return "expected a whole number from 0 to " +
                 std::to_string(std::numeric_limits<T>::max()) + ", got " + in;
        in = std::to_string(value); // CLI11 would read "010" as octal
        return "";
      },
      "NONNEGATIVE");
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

/// A check name for lint's --enable/--disable, as CLI::IsMember would check
/// it, but asking the lint module for the names only when one is given (or
/// --help shows them): other commands must not load it. Without the module
/// any name passes, and `lint` says the module is missing.
class LintCheckName : public CLI::Validator {
public:
  LintCheckName() {
    desc_function_ = [] { return CLI::IsMember(lintCheckNamesIfLoadable()).get_description(); };
    func_ = [](std::string &name) {
      std::vector<std::string> names = lintCheckNamesIfLoadable();
      return names.empty() ? std::string() : CLI::IsMember(names)(name);
    };
  }
};

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
    std::cerr << "coroscope: error: " << output
              << ": cannot write: " << std::strerror(errno) << "\n";
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
              << (extra ? "; its figures include records its process did not count (chunks appended or spliced in)"
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

int runReport(const ReportOptions &opt) {
  // The baseline first: a bad one fails before the logs are replayed.
  std::optional<Baseline> baseline;
  if (!opt.baseline.empty())
    baseline = readBaseline(opt.baseline);
  bool repeated = false;
  Report report = analyzeLogs(logsReadOnce(opt.logs, repeated), opt.jobs);
  for (Finding &f : advise(report, opt.advice))
    report.findings.add(std::move(f));
  Summary summary = summarize(report, opt.sort, opt.top);
  if (baseline)
    summary.baseline = std::make_shared<BaselineComparison>(
        compareWithBaseline(std::move(*baseline), report));
  std::ostringstream out;
  if (opt.format == "json")
    renderJson(summary, out);
  else if (opt.format == "html")
    renderHtml(summary, out);
  else if (opt.format == "markdown")
    renderMarkdown(summary, out);
  else
    renderText(summary, out);
  std::vector<std::string> inputs = opt.logs;
  if (!opt.baseline.empty())
    inputs.push_back(opt.baseline);
  if (!writeOutput(opt.output, out.str(), inputs))
    return kExitInput;
  bool incomplete = warnIncomplete(report.logs, report.log_ends);
  return (incomplete || repeated) && opt.strict ? kExitInput : kExitOk;
}

struct ExportOptions {
  std::vector<std::string> logs;
  std::string format;
  std::string table = "functions";
  std::string output;
  AdviceOptions advice;
  unsigned jobs = 0;
  bool strict = false;
  // chrome-trace only
  uint64_t from = 0, to = std::numeric_limits<uint64_t>::max();
  std::string function; ///< "": every function
};

// The partial trace file being written, removed if a signal ends the run.
char gPartial[4096];
void removePartialAndDie(int sig) {
  if (gPartial[0])
    ::unlink(gPartial);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

/// A trace can be larger than memory: streamed to stdout, or to a file next
/// to `-o` that replaces it only when complete. An `-o` that is a symlink,
/// FIFO or device is written through, as the other outputs are.
int runChromeTrace(const ExportOptions &opt) {
  TraceWindow window;
  window.from = opt.from;
  window.to = opt.to;
  if (!opt.function.empty())
    window.function.emplace(opt.function, std::regex::ECMAScript | std::regex::optimize);
  bool repeated = false;
  std::vector<std::string> logs = logsReadOnce(opt.logs, repeated);
  std::vector<LogEnd> ends;
  // A symlink to a file is replaced at its target; FIFOs and devices are
  // written through.
  std::string target = opt.output;
  struct stat st;
  if (!target.empty() && target != "-" && ::lstat(target.c_str(), &st) == 0 &&
      S_ISLNK(st.st_mode))
    if (char *real = ::realpath(target.c_str(), nullptr)) {
      target = real;
      std::free(real);
    }
  bool through = target.empty() || target == "-" ||
                 (::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode));
  if (!opt.output.empty() && opt.output != "-" && outputIsInput(opt.output, opt.logs))
    return kExitInput;
  if (through) {
    std::ofstream file;
    if (!opt.output.empty() && opt.output != "-") {
      file.open(opt.output, std::ios::binary | std::ios::trunc);
      if (!file) {
        std::cerr << "coroscope: error: " << opt.output << ": cannot write: "
                  << std::strerror(errno) << "\n";
        return kExitInput;
      }
    }
    std::ostream &os = file.is_open() ? static_cast<std::ostream &>(file) : std::cout;
    ends = exportChromeTrace(logs, window, os);
    os.flush();
  } else {
    std::string partial = target + ".partial." + std::to_string(::getpid());
    std::snprintf(gPartial, sizeof gPartial, "%s", partial.c_str());
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
      std::signal(sig, removePartialAndDie);
    std::ofstream file(partial, std::ios::binary | std::ios::trunc);
    try {
      ends = exportChromeTrace(logs, window, file);
      file.close();
    } catch (...) {
      file.close();
      std::remove(partial.c_str());
      throw;
    }
    if (!file || std::rename(partial.c_str(), target.c_str()) != 0) {
      std::cerr << "coroscope: error: " << opt.output << ": cannot write: "
                << std::strerror(errno) << "\n";
      std::remove(partial.c_str());
      return kExitInput;
    }
    gPartial[0] = 0;
  }
  bool incomplete = warnIncomplete(logs, ends);
  return (incomplete || repeated) && opt.strict ? kExitInput : kExitOk;
}

/// Each log is its own report, so every row names the process it came from:
/// rows of many processes load into one table (docs/usage.md).
int runExport(const ExportOptions &opt) {
  if (opt.format == "chrome-trace")
    return runChromeTrace(opt);
  bool repeated = false;
  std::vector<std::string> logs = logsReadOnce(opt.logs, repeated);
  std::vector<nlohmann::ordered_json> rows;
  std::vector<LogEnd> ends;
  std::vector<std::optional<Report>> parts(logs.size());
  forEachLog(
      logs.size(), opt.jobs,
      [&](size_t i, const StopQuery &stop) {
        Report r;
        analyzeLog(logs[i], r, stop);
        parts[i] = std::move(r);
      },
      [&](size_t i) {
        Report report; // merged into an empty one, as analyzeLogs does
        report.merge(std::move(*parts[i]));
        parts[i].reset();
        for (Finding &f : advise(report, opt.advice))
          report.findings.add(std::move(f));
        LogEnd end = report.log_ends.empty() ? LogEnd{} : report.log_ends.front();
        Summary summary = summarize(report, "heap_bytes", 0);
        for (nlohmann::ordered_json &row :
             exportRows(reportJson(summary), opt.table, end.pid, end.host, logs[i]))
          rows.push_back(std::move(row));
        ends.push_back(std::move(end));
      });
  std::ostringstream out;
  if (opt.format == "csv")
    writeCsv(rows, opt.table, out);
  else
    writeJsonl(rows, out);
  if (!writeOutput(opt.output, out.str(), opt.logs))
    return kExitInput;
  bool incomplete = warnIncomplete(logs, ends);
  return (incomplete || repeated) && opt.strict ? kExitInput : kExitOk;
}

struct CheckOptions {
  std::vector<std::string> logs;
  std::string format = "text";
  std::string output;
  std::string fail_on = "error";
  AdviceOptions advice;
  std::string budget; ///< "": no budget
  unsigned jobs = 0;  ///< logs analyzed in parallel; 0: one per hardware thread
  bool strict = false; ///< an incomplete log fails the run (exit 2)
};

int runCheck(const CheckOptions &opt) {
  using namespace coroscope::log;
  uint8_t threshold = opt.fail_on == "advice"    ? kSeverityAdvice
                      : opt.fail_on == "warning" ? kSeverityWarning
                                                 : kSeverityError;
  std::optional<Budget> budget;
  if (!opt.budget.empty())
    budget = readBudget(opt.budget);
  bool repeated = false;
  CheckResult result = checkLogs(logsReadOnce(opt.logs, repeated), opt.format, threshold, opt.advice,
                                 budget ? &*budget : nullptr, opt.jobs);
  std::vector<std::string> inputs = opt.logs;
  if (!opt.budget.empty())
    inputs.push_back(opt.budget);
  if (!writeOutput(opt.output, result.output, inputs))
    return kExitInput;
  bool incomplete = warnIncomplete(result.logs, result.log_ends);
  if ((incomplete || repeated) && opt.strict)
    return kExitInput;
  return result.failed ? kExitFindings : kExitOk;
}

int runLint(const LintCommand &cmd) {
  LintOutcome out = lintFiles(cmd);
  bool written = writeOutput(cmd.output_path, out.output, cmd.files);
  std::cerr << out.errors << out.summary;
  if (!written || out.unusable)
    return kExitInput;
  return out.failed ? kExitFindings : kExitOk;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"coroscope: measure the cost of C++20 coroutines", "coroscope"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("coroscope ") + COROSCOPE_VERSION +
                                        " (plugin for LLVM/Clang " + COROSCOPE_LLVM_MAJORS + ")");

  ReportOptions ropt;
  CLI::App *report =
      app.add_subcommand("report", "Per-function coroutine cost of logs");
  report->add_option("logs", ropt.logs, "coroscope log files")->required();
  report->add_option("--format", ropt.format, "Output format")
      ->check(CLI::IsMember({"text", "markdown", "json", "html"}))
      ->capture_default_str();
  report->add_option("-o,--output", ropt.output,
                     "Write the report to FILE instead of stdout");
  report->add_option("--sort", ropt.sort, "Sort functions by this, descending")
      ->check(CLI::IsMember(sortKeys()))
      ->capture_default_str();
  report->add_option("--top", ropt.top, "Show only the first N functions (0: all)")
      ->transform(wholeNumber<size_t>())
      ->capture_default_str();
  addThresholdOption(report, ropt.advice);
  // Not CLI::ExistingFile: an unusable baseline is bad input (exit 2), not a
  // bad command line.
  report->add_option("--baseline", ropt.baseline,
                     "Add ratio columns new/old against an earlier "
                     "`report --format json` output")
      ->type_name("OLD.json");
  report->add_flag("--strict", ropt.strict,
                   "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  report->add_option("-j,--jobs", ropt.jobs,
                     "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();

  CheckOptions copt;
  CLI::App *check = app.add_subcommand(
      "check", "Print the run-time check findings of logs; exit 1 if any "
               "reaches --fail-on");
  check->add_option("logs", copt.logs, "coroscope log files")->required();
  check->add_option("--fail-on", copt.fail_on,
                    "Fail on findings of this severity or higher (advice: also "
                    "replay the events to derive the advice)")
      ->check(CLI::IsMember({"advice", "warning", "error"}))
      ->capture_default_str();
  addThresholdOption(check, copt.advice);
  check->add_option("--budget", copt.budget,
                    "Fail (exit 1) when a function exceeds its budget "
                    "(docs/checks.md#budgets); replays the events")
      ->type_name("BUDGET.json");
  check->add_option("--format", copt.format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  check->add_option("-o,--output", copt.output,
                    "Write the findings to FILE instead of stdout");
  check->add_flag("--strict", copt.strict,
                  "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  check->add_option("-j,--jobs", copt.jobs,
                    "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();

  ExportOptions eopt;
  CLI::App *exp = app.add_subcommand(
      "export", "Each log's report as rows naming its process (jsonl, csv: for DuckDB, "
                "ClickHouse, Spark), or the run's timeline (chrome-trace: for Perfetto, "
                "speedscope)");
  exp->add_option("logs", eopt.logs, "coroscope log files")->required();
  exp->add_option("--format", eopt.format,
                  "jsonl or csv: rows of each log's report; chrome-trace: the timeline "
                  "(Trace Event Format, for Perfetto, chrome://tracing, speedscope)")
      ->check(CLI::IsMember({"jsonl", "csv", "chrome-trace"}))
      ->required();
  exp->add_option("--table", eopt.table,
                  "jsonl/csv: which rows, one per function, suspend site or finding")
      ->check(CLI::IsMember({"functions", "sites", "findings"}))
      ->capture_default_str();
  exp->add_option("--from", eopt.from, "chrome-trace: only what happens from this time on (ns, the log's clock)")
      ->transform(wholeNumber<uint64_t>());
  exp->add_option("--to", eopt.to, "chrome-trace: only what happens up to this time (ns)")
      ->transform(wholeNumber<uint64_t>());
  exp->add_option("--function", eopt.function,
                  "chrome-trace: only the slices and flows of functions matching this "
                  "regular expression (ECMAScript, searched in the name)")
      ->type_name("REGEX")
      ->check(CLI::Validator(
          [](std::string &re) -> std::string {
            try {
              std::regex(re, std::regex::ECMAScript);
              return "";
            } catch (const std::regex_error &e) {
              return "not a valid regular expression (ECMAScript): " + re + ": " + e.what();
            }
          },
          "REGEX"));
  exp->add_option("-o,--output", eopt.output, "Write the rows to FILE instead of stdout");
  addThresholdOption(exp, eopt.advice);
  exp->add_flag("--strict", eopt.strict,
                "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  exp->add_option("-j,--jobs", eopt.jobs,
                  "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();

  std::string dump_path;
  CLI::App *dump = app.add_subcommand("dump", "Print the raw records of a log");
  dump->add_option("log", dump_path, "coroscope log file")->required();

  bool compile = false, link = false, link_static = false;
  std::string flags_compiler;
  CLI::App *flags = app.add_subcommand(
      "flags", "Print compiler/linker flags for instrumented builds");
  flags->add_flag("--compile", compile,
                  "The -fplugin flag for the compiler: its Clang major's plugin; exit 2 "
                  "when there is none");
  flags->add_option("--compiler", flags_compiler,
                    "The compiler --compile is for (default: $CXX, else clang++); its "
                    "--version tells the major")
      ->check(compilerName());
  CLI::Option *link_opt =
      flags->add_flag("--link", link, "The linker flags for the runtime");
  flags
      ->add_flag("--link-static", link_static,
                 "The linker flags for the static runtime (libcoroscope_rt.a)")
      ->excludes(link_opt);

  LintCommand lopt;
  CLI::App *lint = app.add_subcommand(
      "lint", "Run the compile-time checks over the files of a compilation "
              "database (parse only); exit 1 if a finding reaches --fail-on, "
              "2 on unusable input");
  lint->add_option("-p,--build-dir", lopt.build_dir,
                   "Directory holding compile_commands.json")
      ->required();
  lint->add_option("files", lopt.files,
                   "Source files to check (default: every file of the database)");
  lint->add_option("--format", lopt.format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->capture_default_str();
  lint->add_option("-o,--output", lopt.output_path,
                   "Write the findings to FILE instead of stdout");
  lint->add_option("--fail-on", lopt.fail_on,
                   "Fail on findings of this severity or higher")
      ->check(CLI::IsMember({"advice", "warning", "error"}))
      ->capture_default_str();
  lint->add_option("--config", lopt.config,
                   "Config file for every file (default: the nearest .coroscope.json)")
      ->check(CLI::ExistingFile);
  lint->add_option("--enable", lopt.enable, "Switch checks on (opt-in ones too)")
      ->delimiter(',')
      ->check(LintCheckName());
  lint->add_option("--disable", lopt.disable, "Switch checks off (wins over --enable)")
      ->delimiter(',')
      ->check(LintCheckName());
  // On parse: --enable and --disable ask the module for the check names.
  lint->add_option_function<std::string>(
          "--compiler", setLintCompiler,
          "Load the module of this compiler's Clang major (default: $CXX's when "
          "there is one for it, else the newest)")
      ->check(compilerName())
      ->trigger_on_parse();
  lint->add_option("-j,--jobs", lopt.jobs,
                   "Files parsed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  try {
    if (report->parsed())
      return runReport(ropt);
    if (check->parsed())
      return runCheck(copt);
    if (exp->parsed()) {
      // Options of the other kind of export are an error, not ignored.
      bool trace = eopt.format == "chrome-trace";
      for (const char *name : {"--from", "--to", "--function", "--table", "--threshold"})
        if (exp->get_option(name)->count() &&
            trace == (std::string(name) == "--table" || std::string(name) == "--threshold")) {
          std::cerr << "coroscope: error: " << name << " does not apply to export --format "
                    << eopt.format << "\n";
          return kExitUsage;
        }
      if (eopt.from > eopt.to) {
        std::cerr << "coroscope: error: --from " << eopt.from << " is after --to " << eopt.to
                  << "\n";
        return kExitUsage;
      }
      return runExport(eopt);
    }
    if (lint->parsed())
      return runLint(lopt);
    if (dump->parsed()) {
      dumpLog(dump_path, std::cout);
      return kExitOk;
    }
    if (flags->parsed()) {
      if (!compile && !link && !link_static) {
        std::cerr << "coroscope: error: flags needs --compile and/or --link\n";
        return kExitUsage;
      }
      std::cout << flagsLine(compile, link, link_static, flags_compiler) << "\n";
      return kExitOk;
    }
  } catch (const LogError &e) {
    std::cout.flush();
    std::cerr << "coroscope: error: " << e.file() << ": offset " << e.offset()
              << ": " << e.what() << "\n";
    return kExitInput;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "coroscope: error: " << e.what() << "\n";
    return kExitInput;
  }
  return kExitUsage;
}
