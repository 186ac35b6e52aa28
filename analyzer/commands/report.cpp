//===- commands/report.cpp - `coroscope report`: per-function cost --------===//
//
// Replays every log into one report: per-function coroutine cost (text,
// markdown, JSON or HTML), the run-time check findings and advice, the
// frames alive at the end; --baseline OLD.json adds ratios against an
// earlier report.
//
//===----------------------------------------------------------------------===//
#include "commands/cli.h"
#include "commands/commands.h"
#include "model/log_jobs.h"
#include "model/stats.h"
#include "render/render.h"
#include "verdicts/advice.h"
#include "verdicts/baseline.h"

#include <memory>
#include <optional>
#include <sstream>

namespace coroscope::analyzer {

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
    summary.baseline =
        std::make_shared<BaselineComparison>(compareWithBaseline(std::move(*baseline), report));
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

} // namespace

Command addReportCommand(CLI::App &app) {
  auto opt = std::make_shared<ReportOptions>();
  CLI::App *report = app.add_subcommand("report", "Per-function coroutine cost of logs");
  report->add_option("logs", opt->logs, "coroscope log files")->required();
  report->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"text", "markdown", "json", "html"}))
      ->capture_default_str();
  report->add_option("-o,--output", opt->output, "Write the report to FILE instead of stdout");
  report->add_option("--sort", opt->sort, "Sort functions by this, descending")
      ->check(CLI::IsMember(sortKeys()))
      ->capture_default_str();
  report->add_option("--top", opt->top, "Show only the first N functions (0: all)")
      ->transform(wholeNumber<size_t>())
      ->capture_default_str();
  addThresholdOption(report, opt->advice);
  // Not CLI::ExistingFile: an unusable baseline is bad input (exit 2), not a
  // bad command line.
  report
      ->add_option("--baseline", opt->baseline,
                   "Add ratio columns new/old against an earlier "
                   "`report --format json` output")
      ->type_name("OLD.json");
  report->add_flag("--strict", opt->strict,
                   "Exit 2 when a log is incomplete (no closing record, or a chunk cut short)");
  report
      ->add_option("-j,--jobs", opt->jobs, "Logs analyzed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();
  return {report, [opt] { return runReport(*opt); }};
}

} // namespace coroscope::analyzer
