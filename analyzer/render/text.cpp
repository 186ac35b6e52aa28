//===- render/text.cpp - Plain-text report table ---------------------------===//
//
// Modelled on `llvm-xray account`: one right-aligned numeric row per function
// with the (long, templated) function name last so it never breaks the
// columns, then that function's suspend sites in a small indented table.
// Column widths adapt to the data so large counts stay aligned.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "log/log_reader.h"
#include "render/findings.h"
#include "verdicts/baseline.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

namespace coroscope::analyzer {

std::string location(const std::string &file, uint32_t line) {
  return (file.empty() ? std::string("?") : file) + ":" + std::to_string(line);
}

std::string location(const std::string &file, uint32_t line, uint32_t column) {
  return location(file, line) + ":" + std::to_string(column);
}

std::string fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

namespace {

/// Rows of cells with per-column alignment. Rows may be interleaved with
/// preformatted blocks (the site tables), which do not affect column widths.
class Table {
public:
  explicit Table(std::vector<bool> left) : left_(std::move(left)) {}
  void add(std::vector<std::string> row) { rows_.push_back({std::move(row), {}}); }
  void addBlock(std::string text) { rows_.push_back({{}, std::move(text)}); }

  void print(std::ostream &os, const std::string &indent) const {
    std::vector<size_t> width;
    for (const auto &row : rows_)
      for (size_t i = 0; i < row.cells.size(); ++i) {
        if (width.size() <= i)
          width.push_back(0);
        width[i] = std::max(width[i], row.cells[i].size());
      }
    for (const auto &row : rows_) {
      if (row.cells.empty()) {
        os << row.block;
        continue;
      }
      std::string line = indent;
      for (size_t i = 0; i < row.cells.size(); ++i) {
        const std::string &cell = row.cells[i];
        std::string pad(width[i] - cell.size(), ' ');
        if (i)
          line += "  ";
        if (i < left_.size() && left_[i])
          line += cell + (i + 1 == row.cells.size() ? "" : pad);
        else
          line += pad + cell;
      }
      os << line << "\n";
    }
  }

private:
  struct Row {
    std::vector<std::string> cells;
    std::string block;
  };
  std::vector<bool> left_;
  std::vector<Row> rows_;
};

std::string num(uint64_t v) { return std::to_string(v); }

std::string plural(uint64_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/// The function table with each function's site table under it.
void renderFunctions(const Summary &s, std::ostream &os) {
  std::vector<std::string> header = {"calls",      "heap",        "elided",      "frame_B",
                                     "heap_B",     "heap_B/call", "elided_B",    "elided_B/call",
                                     "completed",  "sync",        "awaits/call", "suspends/call",
                                     "waits/call", "busy_mean",   "busy_p50",    "busy_p99",
                                     "susp_mean",  "susp_p50",    "susp_p99"};
  // Profile-mode times come from a sample: say how many frames each has.
  auto busy_at = std::find(header.begin(), header.end(), "busy_mean") - header.begin();
  if (s.sampled)
    header.insert(header.begin() + busy_at, "timed");
  auto completed_at = std::find(header.begin(), header.end(), "completed") - header.begin();
  // The ratio columns go before the function, which stays last so its long
  // name never breaks the alignment.
  if (s.baseline)
    header.insert(header.end(), baselineColumns().begin(), baselineColumns().end());
  header.push_back("function");
  std::vector<bool> left(header.size(), false);
  left.back() = true;
  Table table(left);
  table.add(header);
  for (const FunctionSummary &f : s.functions) {
    const FunctionStats &fn = *f.fn;
    std::string sync = num(fn.sync_completions) + " (" +
                       fixed(percent(fn.sync_completions, fn.completed), 1) + "%)";
    std::vector<std::string> row = {num(fn.calls),
                                    num(fn.heap_frames),
                                    num(fn.elided_frames),
                                    num(f.frame_bytes),
                                    num(fn.heap_bytes),
                                    fixed(f.heap_bytes_per_call, 2),
                                    num(fn.elided_bytes),
                                    fixed(f.elided_bytes_per_call, 2),
                                    num(fn.completed),
                                    sync,
                                    fixed(perCall(f.awaits, fn.calls), 2),
                                    fixed(perCall(f.suspends, fn.calls), 2),
                                    fixed(perCall(f.waits, fn.calls), 2),
                                    num(f.busy.mean),
                                    num(f.busy.p50),
                                    num(f.busy.p99),
                                    num(f.suspended.mean),
                                    num(f.suspended.p50),
                                    num(f.suspended.p99)};
    if (s.sampled)
      row.insert(row.begin() + busy_at, num(f.busy.samples));
    if (figuresWithheld(fn)) // from "completed" on, up to the function
      std::fill(row.begin() + completed_at, row.end(), "?");
    std::string name = fn.name + "  [" + location(fn.file, fn.line) + "]";
    if (s.baseline) {
      std::vector<std::string> ratios = baselineCells(*s.baseline, fn);
      row.insert(row.end(), ratios.begin(), ratios.end());
      std::string moved = baselineMoved(*s.baseline, fn);
      if (!moved.empty())
        name += "  (" + moved + ")";
    }
    row.push_back(name);
    table.add(std::move(row));
    if (f.sites.empty())
      continue;
    Table sites({true, false, false, false, true, true});
    sites.add({"site", "reached", "suspended", "waits", "location", "awaiter"});
    for (const SiteStats *st : f.sites)
      sites.add({log::siteKindName(st->kind), num(st->reached()), num(st->suspended()),
                 num(st->waits), location(st->file, st->line, st->column),
                 st->awaiter.empty() ? "-" : st->awaiter});
    std::ostringstream block;
    sites.print(block, "      ");
    table.addBlock(block.str());
  }
  table.print(os, "");
}

void renderGone(const BaselineComparison &c, std::ostream &os) {
  if (c.gone.empty())
    return;
  os << "\ngone since baseline: " << c.gone.size() << "\n";
  for (size_t i : c.gone) {
    const BaselineFunction &old = c.baseline.functions[i];
    os << "  " << old.function << "  [" << location(old.file, old.line) << "]  "
       << baselineGoneFigures(old) << "\n";
  }
}

} // namespace

void renderText(const Summary &s, std::ostream &os) {
  const Totals &t = s.totals;
  os << "coroscope report: " << plural(s.logs.size(), "log") << ", " << plural(t.events, "event")
     << ", " << plural(t.threads, "thread") << "\n";
  os << "functions: " << t.functions << ", calls: " << t.calls << ", heap frames: " << t.heap_frames
     << " (" << t.heap_bytes << " bytes), elided frames: " << t.elided_frames << " ("
     << t.elided_bytes << " bytes), frames not destroyed: " << t.frames_not_destroyed << "\n";
  os << "sorted by " << s.sort_key
     << (s.sampled ? "; times in ns per frame of the `timed` frames (profile mode: a sample)"
                   : "; times in ns per frame")
     << "; per-call columns divide by calls\n";
  if (s.baseline)
    os << "ratios new/old against " << s.baseline->baseline.path
       << " (new: not in it; -: its value is 0)\n";
  os << "\n";

  if (std::string why = emptyReason(s); !why.empty())
    os << "no coroutine calls recorded: " << why << "\n";
  else if (s.functions.empty())
    os << "no coroutine calls recorded\n";
  else
    renderFunctions(s, os);
  if (s.baseline)
    renderGone(*s.baseline, os);
  if (!s.findings.empty()) {
    os << "\nFindings: " << s.findings.size() << " (" << findingsTally(s.findings) << ")\n\n";
    renderFindingsText(s.findings, os);
  }
  renderLiveFramesText(s.live, s.logs.size() > 1, os);
  if (s.totals.withheld)
    os << "\n" << withheldNote(s.totals.withheld) << "\n";
  os << "\nLogs:\n";
  for (size_t i = 0; i < s.logs.size() && i < s.log_ends.size(); ++i)
    os << "  " << s.logs[i] << ": " << logStatusText(s.log_ends[i]) << "; "
       << logOriginText(s.log_ends[i]) << "\n";
}

} // namespace coroscope::analyzer
