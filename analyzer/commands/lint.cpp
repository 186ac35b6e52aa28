//===- commands/lint.cpp - `coroscope lint`: compile-time checks in CI ----===//
//
// lint/lint_tool.cpp, in libcoroscope_lint-<major>.so (lint_loader.h), parses
// the files; this file judges what it found and prints it as Clang's
// diagnostic text, or as JSON or SARIF (render/lint.h). The default
// --fail-on is `warning`, unlike `check`'s `error`: lint reports every
// finding as a warning, whatever the compile command's -Werror, so a lint
// step failing on errors only would never fail.
//
//===----------------------------------------------------------------------===//
#include "render/lint.h"
#include "commands/cli.h"
#include "commands/commands.h"
#include "commands/lint_loader.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

namespace coroscope::analyzer {

namespace {

using lint::LintFinding;

} // namespace

LintOutcome lintFiles(const LintCommand &cmd) {
  lint::LintOptions opts;
  opts.build_dir = cmd.build_dir;
  opts.files = cmd.files;
  opts.jobs = cmd.jobs;
  opts.config = cmd.config;
  for (const std::string &c : cmd.enable)
    opts.toggles.push_back({true, c});
  for (const std::string &c : cmd.disable)
    opts.toggles.push_back({false, c});
  const lint::LintModule &module = lintModule(); // throws when it is missing
  lint::LintResult res;
  std::string unusable_db;
  if (!module.run(opts, res, unusable_db))
    throw lint::LintInputError(unusable_db);

  LintOutcome out;
  uint8_t threshold = severityNamed(cmd.fail_on);
  for (const LintFinding &f : res.findings)
    if (severityNamed(f.severity) >= threshold)
      out.failed = true;
  out.unusable = !res.failures.empty();
  out.errors = res.error_text;
  for (const std::string &f : res.failures)
    out.errors += "coroscope: error: " + f + "\n";
  for (const std::string &f : res.skipped)
    out.errors += "coroscope: note: " + f + "\n";

  size_t warnings = 0, errors = 0;
  for (const LintFinding &f : res.findings)
    (f.severity == "error" ? errors : warnings)++;
  std::ostringstream summary;
  summary << "coroscope lint: " << res.findings.size()
          << (res.findings.size() == 1 ? " finding" : " findings") << " (" << errors
          << (errors == 1 ? " error, " : " errors, ") << warnings
          << (warnings == 1 ? " warning" : " warnings") << ") in " << res.files
          << (res.files == 1 ? " file" : " files");
  if (!res.skipped.empty())
    summary << ", " << res.skipped.size() << " skipped (not C or C++)";
  summary << "\n";
  out.summary = summary.str();

  if (cmd.format == "json") {
    out.output = renderLintJson(res.findings);
  } else if (cmd.format == "sarif") {
    out.output =
        renderLintSarif(module.rules(), res.findings, module.cmake_source_dir(cmd.build_dir));
  } else {
    for (const LintFinding &f : res.findings)
      out.output += f.text;
  }
  return out;
}

namespace {

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

/// Every file lint reads, for -o to be checked against: the database, each
/// source file in it (or given), the --config file or each source's nearest
/// .coroscope.json (as findConfigFile() in plugin/checks/CheckOptions.cpp
/// searches). A database that does not parse adds no sources: lint itself
/// then refuses it.
std::vector<std::string> lintInputs(const LintCommand &cmd) {
  namespace fs = std::filesystem;
  std::string db = (fs::path(cmd.build_dir) / "compile_commands.json").string();
  std::vector<std::string> inputs = {db};
  std::vector<fs::path> sources(cmd.files.begin(), cmd.files.end());
  std::ifstream in(db);
  nlohmann::json entries = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (entries.is_array())
    for (const nlohmann::json &e : entries)
      if (e.is_object() && e.contains("file") && e["file"].is_string()) {
        fs::path file = e["file"].get<std::string>();
        if (file.is_relative() && e.contains("directory") && e["directory"].is_string())
          file = fs::path(e["directory"].get<std::string>()) / file;
        sources.push_back(file);
      }
  std::set<fs::path> dirs;
  for (const fs::path &src : sources) {
    inputs.push_back(src.string());
    std::error_code ec;
    fs::path abs = fs::absolute(src, ec);
    // A directory seen before had its ancestors added with it.
    for (fs::path d = abs.parent_path(); !ec && dirs.insert(d).second; d = d.parent_path()) {
      inputs.push_back((d / ".coroscope.json").string());
      if (d == d.parent_path())
        break;
    }
  }
  if (!cmd.config.empty())
    inputs.push_back(cmd.config);
  return inputs;
}

int runLint(const LintCommand &cmd) {
  // Refused before anything is parsed: a source or the database replaced by
  // the findings is data lost.
  std::vector<std::string> inputs;
  if (!cmd.output_path.empty() && cmd.output_path != "-") {
    inputs = lintInputs(cmd);
    if (outputIsInput(cmd.output_path, inputs))
      return kExitInput;
  }
  LintOutcome out = lintFiles(cmd);
  bool written = writeOutput(cmd.output_path, out.output, inputs);
  std::cerr << out.errors << out.summary;
  if (!written || out.unusable)
    return kExitInput;
  return out.failed ? kExitFindings : kExitOk;
}

} // namespace

Command addLintCommand(CLI::App &app) {
  auto opt = std::make_shared<LintCommand>();
  CLI::App *lint =
      app.add_subcommand("lint", "Run the compile-time checks over the files of a compilation "
                                 "database (parse only); exit 1 if a finding reaches --fail-on, "
                                 "2 on unusable input");
  lint->add_option("-p,--build-dir", opt->build_dir, "Directory holding compile_commands.json")
      ->required();
  lint->add_option("files", opt->files,
                   "Source files to check (default: every file of the database)");
  lint->add_option("--format", opt->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif"}))
      ->capture_default_str();
  lint->add_option("-o,--output", opt->output_path, "Write the findings to FILE instead of stdout");
  addFailOnOption(lint, opt->fail_on, "Fail on findings of this severity or higher");
  lint->add_option("--config", opt->config,
                   "Config file for every file (default: the nearest .coroscope.json)")
      ->check(CLI::ExistingFile);
  lint->add_option("--enable", opt->enable, "Switch checks on (opt-in ones too)")
      ->delimiter(',')
      ->check(LintCheckName());
  lint->add_option("--disable", opt->disable, "Switch checks off (wins over --enable)")
      ->delimiter(',')
      ->check(LintCheckName());
  // On parse: --enable and --disable ask the module for the check names.
  lint->add_option_function<std::string>(
          "--compiler", setLintCompiler,
          "Load the module of this compiler's Clang major (default: $CXX's when "
          "there is one for it, else the newest)")
      ->check(compilerName())
      ->trigger_on_parse();
  lint->add_option("-j,--jobs", opt->jobs, "Files parsed in parallel (0: one per hardware thread)")
      ->transform(wholeNumber<unsigned>())
      ->capture_default_str();
  return {lint, [opt] { return runLint(*opt); }};
}

} // namespace coroscope::analyzer
