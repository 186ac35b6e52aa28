//===- lint.cpp - `coroscope lint`: compile-time checks as a CI step ------===//
//
// lint/lint_tool.cpp, in libcoroscope_lint-<major>.so (lint_loader.h), parses
// the files; this file renders what it found:
// Clang's diagnostic text, the JSON of `coroscope check` (same objects, so
// one reader takes run-time and compile-time findings), or SARIF 2.1.0 for
// code-scanning services. The default --fail-on is `warning`, unlike
// `check`'s `error`: lint reports every finding as a warning, whatever the
// compile command's -Werror, so a lint step failing on errors only would
// never fail.
//
//===----------------------------------------------------------------------===//
#include "commands.h"

#include "lint_loader.h"
#include "render/findings.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>
#include <map>
#include <sstream>

#ifndef COROSCOPE_VERSION
#define COROSCOPE_VERSION "unknown"
#endif
#ifndef COROSCOPE_CHECKS_DOC_URL
#define COROSCOPE_CHECKS_DOC_URL ""
#endif

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;
using lint::LintFinding;

int severityRank(const std::string &s) {
  return s == "error" ? 2 : s == "warning" ? 1 : 0;
}

Finding asFinding(const LintFinding &l) {
  Finding f;
  f.where = {l.function, l.where.file, l.where.line, l.where.column};
  f.message = l.message;
  for (const lint::Note &n : l.notes)
    f.related.push_back({"note", {"", n.where.file, n.where.line, n.where.column}, n.message});
  return f;
}

std::string renderJson(const std::vector<LintFinding> &findings) {
  Json j;
  j["schema"] = "coroscope-findings/1";
  j["findings"] = Json::array();
  for (const LintFinding &l : findings)
    j["findings"].push_back(lintFindingJson(asFinding(l), l.check, l.severity));
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

/// "%20" and friends for what a URI path may not hold as is.
std::string uriEscape(const std::string &path) {
  static const char *hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::strchr("/-._~", c)) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

/// Relative to the source root (uriBaseId SRCROOT) when the file is inside
/// it, so the results match the repository a scanning service knows; an
/// absolute file URI otherwise.
Json artifactLocation(const std::string &file, const std::string &root) {
  Json j;
  if (!root.empty() && file.size() > root.size() + 1 &&
      file.compare(0, root.size(), root) == 0 && file[root.size()] == '/') {
    j["uri"] = uriEscape(file.substr(root.size() + 1));
    j["uriBaseId"] = "SRCROOT";
  } else {
    j["uri"] = "file://" + uriEscape(file);
  }
  return j;
}

Json physicalLocation(const lint::Position &p, const std::string &root) {
  Json j;
  j["artifactLocation"] = artifactLocation(p.file, root);
  j["region"] = {{"startLine", p.line}, {"startColumn", p.column}};
  return j;
}

std::string renderSarif(const std::vector<lint::RuleInfo> &lint_rules,
                        const std::vector<LintFinding> &findings, const std::string &root) {
  std::string doc = COROSCOPE_CHECKS_DOC_URL;
  Json rules = Json::array();
  std::map<std::string, size_t> rule_index;
  for (const lint::RuleInfo &r : lint_rules) {
    Json rule;
    rule["id"] = "coroscope-" + r.name;
    rule["name"] = r.name;
    rule["shortDescription"] = {{"text", r.summary}};
    rule["fullDescription"] = {{"text", r.description}};
    rule["help"] = {{"text", r.description + " See docs/checks.md#" + r.anchor + "."}};
    if (!doc.empty())
      rule["helpUri"] = doc + "#" + r.anchor;
    rule["defaultConfiguration"] = {{"level", "warning"}};
    rule_index[r.name] = rules.size();
    rules.push_back(std::move(rule));
  }
  Json driver;
  driver["name"] = "coroscope";
  if (!doc.empty())
    driver["informationUri"] = doc;
  driver["version"] = COROSCOPE_VERSION;
  driver["rules"] = std::move(rules);

  Json results = Json::array();
  for (const LintFinding &l : findings) {
    Json r;
    r["ruleId"] = "coroscope-" + l.check;
    if (auto it = rule_index.find(l.check); it != rule_index.end())
      r["ruleIndex"] = it->second;
    r["level"] = l.severity == "error" ? "error" : "warning";
    r["message"] = {{"text", l.message}};
    Json loc;
    loc["physicalLocation"] = physicalLocation(l.where, root);
    if (!l.function.empty())
      loc["logicalLocations"] = Json::array({{{"fullyQualifiedName", l.function},
                                               {"kind", "function"}}});
    r["locations"] = Json::array({std::move(loc)});
    if (!l.notes.empty()) {
      Json related = Json::array();
      for (size_t i = 0; i < l.notes.size(); ++i) {
        Json n;
        n["id"] = i + 1;
        n["message"] = {{"text", l.notes[i].message}};
        n["physicalLocation"] = physicalLocation(l.notes[i].where, root);
        related.push_back(std::move(n));
      }
      r["relatedLocations"] = std::move(related);
    }
    results.push_back(std::move(r));
  }

  Json run;
  run["tool"] = {{"driver", std::move(driver)}};
  if (!root.empty())
    run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", "file://" + uriEscape(root) + "/"}}}};
  run["results"] = std::move(results);
  Json sarif;
  sarif["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  sarif["version"] = "2.1.0";
  sarif["runs"] = Json::array({std::move(run)});
  return sarif.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

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
  int threshold = severityRank(cmd.fail_on);
  for (const LintFinding &f : res.findings)
    if (severityRank(f.severity) >= threshold)
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
    out.output = renderJson(res.findings);
  } else if (cmd.format == "sarif") {
    out.output = renderSarif(module.rules(), res.findings, module.cmake_source_dir(cmd.build_dir));
  } else {
    for (const LintFinding &f : res.findings)
      out.output += f.text;
  }
  return out;
}

} // namespace coroscope::analyzer
