//===- render/rows.cpp - Report tables as rows for query engines ----------===//
//
// `coroscope export --format jsonl|csv --table functions|sites|findings`:
// the rows are cut from the JSON report (reportJson), so their columns are
// the report's keys and cannot drift from it (docs/usage.md, "Rows for
// query engines").
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace coroscope::analyzer {

namespace {

using Json = nlohmann::ordered_json;

Json origin(uint64_t pid, const std::string &host, const std::string &log) {
  Json row;
  row["pid"] = pid;
  row["host"] = host;
  row["log_file"] = log;
  return row;
}

/// Copies `value`'s keys into `row`, objects flattened as PREFIX_KEY.
void flatten(Json &row, const std::string &prefix, const Json &value) {
  for (auto it = value.begin(); it != value.end(); ++it) {
    std::string key = prefix.empty() ? it.key() : prefix + "_" + it.key();
    if (it->is_object())
      flatten(row, key, *it);
    else
      row[key] = *it;
  }
}

std::string dumpSafe(const Json &v) {
  // Names and paths are arbitrary bytes, as in renderJson.
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string csvCell(const Json &v) {
  if (v.is_null())
    return "";
  // A string's invalid UTF-8 replaced as in the JSON output; other values
  // (numbers, arrays) as their JSON text.
  std::string text = v.is_string() ? Json::parse(dumpSafe(v)).get<std::string>() : dumpSafe(v);
  if (text.find_first_of(",\"\r\n") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"')
      quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

} // namespace

std::vector<Json> exportRows(const Json &report, const std::string &table, uint64_t pid,
                             const std::string &host, const std::string &log) {
  std::vector<Json> rows;
  if (table == "findings") {
    for (const Json &f : report.at("findings")) {
      Json row = origin(pid, host, log);
      flatten(row, "", f);
      rows.push_back(std::move(row));
    }
    return rows;
  }
  for (const Json &fn : report.at("functions")) {
    if (table == "functions") {
      Json row = origin(pid, host, log);
      Json figures = fn;
      figures.erase("sites");
      figures.erase("baseline");
      flatten(row, "", figures);
      rows.push_back(std::move(row));
      continue;
    }
    for (const Json &site : fn.at("sites")) {
      Json row = origin(pid, host, log);
      row["function"] = fn.at("function");
      row["function_file"] = fn.at("file");
      row["function_line"] = fn.at("line");
      flatten(row, "", site);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

void writeJsonl(const std::vector<Json> &rows, std::ostream &os) {
  for (const Json &row : rows)
    os << dumpSafe(row) << "\n";
}

std::vector<std::string> exportColumns(const std::string &table) {
  // One function with one site and one run-time finding, rendered as every
  // report is: the columns come from reportJson itself.
  FunctionStats fn;
  SiteStats site;
  FunctionSummary f;
  f.fn = &fn;
  f.sites = {&site};
  Summary s;
  s.functions = {f};
  s.findings = {Finding{}};
  std::vector<Json> rows = exportRows(reportJson(s), table, 0, "", "");
  std::vector<std::string> columns;
  for (auto it = rows.at(0).begin(); it != rows.at(0).end(); ++it)
    columns.push_back(it.key());
  return columns;
}

void writeCsv(const std::vector<Json> &rows, const std::string &table, std::ostream &os) {
  // The table's own columns first, so an empty table still has its header,
  // then any a row adds (advice's figures_*).
  std::vector<std::string> columns = exportColumns(table);
  std::set<std::string> seen(columns.begin(), columns.end());
  for (const Json &row : rows)
    for (auto it = row.begin(); it != row.end(); ++it)
      if (seen.insert(it.key()).second)
        columns.push_back(it.key());
  for (size_t i = 0; i < columns.size(); ++i)
    os << (i ? "," : "") << csvCell(Json(columns[i]));
  os << "\r\n";
  for (const Json &row : rows) {
    for (size_t i = 0; i < columns.size(); ++i) {
      auto it = row.find(columns[i]);
      os << (i ? "," : "") << (it == row.end() ? std::string() : csvCell(*it));
    }
    os << "\r\n";
  }
}

} // namespace coroscope::analyzer
