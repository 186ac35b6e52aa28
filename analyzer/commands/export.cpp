//===- commands/export.cpp - `coroscope export`: rows or a timeline -------===//
//
// Each log's report as rows naming its process (jsonl, csv), the logs'
// timeline in the Trace Event Format (chrome-trace, commands/export_chrome_trace.cpp),
// or their async stacks as flame-graph input (folded, commands/export_folded.cpp).
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"
#include "model/log_jobs.h"
#include "model/model.h"
#include "model/stats.h"
#include "render/chrome_trace.h"
#include "render/render.h"
#include "verdicts/advice.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace coroscope::analyzer {

namespace {

struct ExportOptions {
  std::vector<std::string> logs;
  std::string format;
  std::string table = "functions";
  std::string output;
  AdviceOptions advice;
  unsigned jobs = 0;
  bool strict = false;
  // chrome-trace only
  TimeBound from, to{std::numeric_limits<uint64_t>::max(), false, ""};
  std::string function; ///< "": every function
  // folded only
  std::string view = "busy";
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
  window.from = opt.from.ns;
  window.to = opt.to.ns;
  window.from_relative = opt.from.relative;
  window.to_relative = opt.to.relative;
  if (!opt.function.empty())
    window.function.emplace(opt.function, std::regex::ECMAScript | std::regex::optimize);
  bool repeated = false;
  std::vector<std::string> logs = logsReadOnce(opt.logs, repeated);
  std::vector<LogEnd> ends;
  // A symlink to a file is replaced at its target; FIFOs and devices are
  // written through.
  std::string target = opt.output;
  struct stat st;
  if (!target.empty() && target != "-" && ::lstat(target.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
    if (char *real = ::realpath(target.c_str(), nullptr)) {
      target = real;
      std::free(real);
    }
  bool through =
      target.empty() || target == "-" || (::stat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode));
  if (!opt.output.empty() && opt.output != "-" && outputIsInput(opt.output, opt.logs))
    return kExitInput;
  if (through) {
    std::ofstream file;
    if (!opt.output.empty() && opt.output != "-") {
      file.open(opt.output, std::ios::binary | std::ios::trunc);
      if (!file) {
        std::cerr << "coroscope: error: " << opt.output
                  << ": cannot write: " << std::strerror(errno) << "\n";
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
      std::cerr << "coroscope: error: " << opt.output << ": cannot write: " << std::strerror(errno)
                << "\n";
      std::remove(partial.c_str());
      return kExitInput;
    }
    gPartial[0] = 0;
  }
  bool incomplete = warnIncomplete(logs, ends);
  return (incomplete || repeated) && opt.strict ? kExitInput : kExitOk;
}

/// Every log's stacks, merged into one flame graph.
int runFolded(const ExportOptions &opt) {
  bool repeated = false;
  std::vector<std::string> logs = logsReadOnce(opt.logs, repeated);
  FoldedStacks folded =
      exportFolded(logs, opt.view == "waiting" ? AsyncView::Waiting : AsyncView::Busy, opt.jobs);
  if (!writeOutput(opt.output, folded.text, opt.logs))
    return kExitInput;
  bool incomplete = warnIncomplete(logs, folded.ends);
  return (incomplete || repeated) && opt.strict ? kExitInput : kExitOk;
}

/// Each log is its own report, so every row names the process it came from:
/// rows of many processes load into one table (docs/usage.md).
int runExport(const ExportOptions &opt) {
  if (opt.format == "chrome-trace")
    return runChromeTrace(opt);
  if (opt.format == "folded")
    return runFolded(opt);
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

} // namespace

Command addExportCommand(CLI::App &app) {
  auto opt = std::make_shared<ExportOptions>();
  CLI::App *exp = app.add_subcommand(
      "export", "Each log's report as rows naming its process (jsonl, csv: for DuckDB, "
                "ClickHouse, Spark), the run's timeline (chrome-trace: for Perfetto, "
                "speedscope), or its async stacks (folded: for flamegraph.pl, inferno, "
                "speedscope)");
  exp->add_option("logs", opt->logs, "coroscope log files")->required();
  exp->add_option("--format", opt->format,
                  "jsonl or csv: rows of each log's report; chrome-trace: the timeline "
                  "(Trace Event Format, for Perfetto, chrome://tracing, speedscope); folded: "
                  "busy or suspended time by async stack (collapsed stacks, for flamegraph.pl, "
                  "inferno, speedscope)")
      ->check(CLI::IsMember({"jsonl", "csv", "chrome-trace", "folded"}))
      ->required();
  exp->add_option("--table", opt->table,
                  "jsonl/csv: which rows, one per function, suspend site or finding")
      ->check(CLI::IsMember({"functions", "sites", "findings"}))
      ->capture_default_str();
  auto addTime = [&](const char *name, TimeBound &bound, const char *help) {
    exp->add_option_function<std::string>(
           name,
           [name, &bound](const std::string &text) {
             std::string error = parseTimeBound(text, bound);
             if (!error.empty())
               throw CLI::ValidationError(name, error);
           },
           help)
        ->type_name("TIME");
  };
  addTime("--from", opt->from,
          "chrome-trace: only what happens from this time on: ns on the log's clock, or from "
          "its start with a unit (2ms, 1.5s; ns, us, ms, s)");
  addTime("--to", opt->to, "chrome-trace: only what happens up to this time (as --from)");
  exp->add_option("--function", opt->function,
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
  exp->add_option("--view", opt->view,
                  "folded: busy (time running, by the running frame's async stack) or waiting "
                  "(time suspended, by the suspended frame's stack and suspend site)")
      ->check(CLI::IsMember({"busy", "waiting"}))
      ->capture_default_str();
  exp->add_option("-o,--output", opt->output, "Write the rows to FILE instead of stdout");
  addThresholdOption(exp, opt->advice);
  exp->add_flag("--strict", opt->strict,
                "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  exp->add_option("-j,--jobs", opt->jobs, "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();
  // Options of the other kind of export are an error, not ignored.
  return {exp, [opt, exp] {
            // Which formats each option applies to.
            auto applies = [&](const std::string &name) {
              if (name == "--table" || name == "--threshold")
                return opt->format == "jsonl" || opt->format == "csv";
              if (name == "--view")
                return opt->format == "folded";
              return opt->format == "chrome-trace";
            };
            for (const char *name :
                 {"--from", "--to", "--function", "--table", "--threshold", "--view"})
              if (exp->get_option(name)->count() && !applies(name)) {
                std::cerr << "coroscope: error: " << name << " does not apply to export --format "
                          << opt->format << "\n";
                return int(kExitUsage);
              }
            // An absolute and a relative time compare only per log.
            if (opt->from.relative == opt->to.relative && opt->from.ns > opt->to.ns) {
              std::cerr << "coroscope: error: --from " << opt->from.text << " is after --to "
                        << opt->to.text << "\n";
              return int(kExitUsage);
            }
            return runExport(*opt);
          }};
}

} // namespace coroscope::analyzer
