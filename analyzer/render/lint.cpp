//===- render/lint.cpp - `coroscope lint` findings as JSON and SARIF ------===//
//
// The JSON of `coroscope check` (same objects, so one reader takes run-time
// and compile-time findings), or SARIF 2.1.0 for code-scanning services.
//
//===----------------------------------------------------------------------===//
#include "render/lint.h"

#include "log/json_file.h"
#include "render/findings.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>
#include <map>

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

Finding asFinding(const LintFinding &l) {
  Finding f;
  f.where = {l.function, l.where.file, l.where.line, l.where.column};
  f.message = l.message;
  for (const lint::Note &n : l.notes)
    f.related.push_back({"note", {"", n.where.file, n.where.line, n.where.column}, n.message});
  return f;
}

} // namespace

std::string renderLintJson(const std::vector<LintFinding> &findings) {
  Json j;
  j["schema"] = kFindingsSchema;
  j["findings"] = Json::array();
  for (const LintFinding &l : findings)
    j["findings"].push_back(lintFindingJson(asFinding(l), l.check, l.severity));
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

namespace {

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
  if (!root.empty() && file.size() > root.size() + 1 && file.compare(0, root.size(), root) == 0 &&
      file[root.size()] == '/') {
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

} // namespace

std::string renderLintSarif(const std::vector<lint::RuleInfo> &lint_rules,
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
      loc["logicalLocations"] =
          Json::array({{{"fullyQualifiedName", l.function}, {"kind", "function"}}});
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

} // namespace coroscope::analyzer
