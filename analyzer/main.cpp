//===- main.cpp - The coroscope command line -------------------------------===//
//
// Parses the command line with CLI11 and dispatches to the subcommands:
//   report LOG...   per-function coroutine cost (text, markdown or JSON)
//   dump LOG        the raw records of one log
//   flags           compiler/linker flags for instrumented builds
// Error handling is centralised here so every failure on any input becomes a
// single `coroscope: error: FILE: offset N: what` line and exit status 2.
//
//===----------------------------------------------------------------------===//
#include "commands.h"
#include "render/render.h"
#include "state/log_reader.h"
#include "state/model.h"
#include "state/stats.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace coroscope::analyzer;

namespace {

struct ReportOptions {
  std::vector<std::string> logs;
  std::string format = "text";
  std::string output;
  std::string sort = "heap_bytes";
  size_t top = 0;
};

int runReport(const ReportOptions &opt) {
  Report report;
  for (const std::string &path : opt.logs)
    analyzeLog(path, report);
  Summary summary = summarize(report, opt.sort, opt.top);
  // Render fully before touching -o so a failed run never leaves a truncated
  // report behind.
  std::ostringstream out;
  if (opt.format == "json")
    renderJson(summary, out);
  else if (opt.format == "markdown")
    renderMarkdown(summary, out);
  else
    renderText(summary, out);
  if (opt.output.empty() || opt.output == "-") {
    std::cout << out.str();
    std::cout.flush();
    return kExitOk;
  }
  std::ofstream file(opt.output, std::ios::binary | std::ios::trunc);
  if (file)
    file << out.str();
  if (!file) {
    std::cerr << "coroscope: error: " << opt.output
              << ": cannot write: " << std::strerror(errno) << "\n";
    return kExitInput;
  }
  return kExitOk;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"coroscope: measure the cost of C++20 coroutines", "coroscope"};
  app.require_subcommand(1);

  ReportOptions ropt;
  CLI::App *report =
      app.add_subcommand("report", "Per-function coroutine cost of logs");
  report->add_option("logs", ropt.logs, "coroscope log files")->required();
  report->add_option("--format", ropt.format, "Output format")
      ->check(CLI::IsMember({"text", "markdown", "json"}))
      ->capture_default_str();
  report->add_option("-o,--output", ropt.output,
                     "Write the report to FILE instead of stdout");
  report->add_option("--sort", ropt.sort, "Sort functions by this, descending")
      ->check(CLI::IsMember(sortKeys()))
      ->capture_default_str();
  report->add_option("--top", ropt.top, "Show only the first N functions (0: all)")
      ->capture_default_str();

  std::string dump_path;
  CLI::App *dump = app.add_subcommand("dump", "Print the raw records of a log");
  dump->add_option("log", dump_path, "coroscope log file")->required();

  bool compile = false, link = false;
  CLI::App *flags = app.add_subcommand(
      "flags", "Print compiler/linker flags for instrumented builds");
  flags->add_flag("--compile", compile, "The -fplugin flag for the compiler");
  flags->add_flag("--link", link, "The linker flags for the runtime");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  try {
    if (report->parsed())
      return runReport(ropt);
    if (dump->parsed()) {
      dumpLog(dump_path, std::cout);
      return kExitOk;
    }
    if (flags->parsed()) {
      if (!compile && !link) {
        std::cerr << "coroscope: error: flags needs --compile and/or --link\n";
        return kExitUsage;
      }
      std::cout << flagsLine(compile, link) << "\n";
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
