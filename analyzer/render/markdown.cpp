//===- render/markdown.cpp - GitHub-flavoured markdown report --------------===//
//
// Meant for pasting into pull requests and CI summaries: one overview table
// of functions, then one small site table per function. Function names are
// code spans because templated names (`task<int>`) would otherwise be eaten
// as HTML tags, and `|` is escaped because GFM splits table cells on it even
// inside code spans.
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "render/findings.h"
#include "state/log_reader.h"

namespace coroscope::analyzer {

namespace {

std::string cell(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += '\\';
    out += c;
  }
  return out;
}

/// A code span; `in_table` escapes `|` (GFM splits cells on it even inside
/// code spans), which outside a table would show the backslash.
std::string code(const std::string &text, bool in_table = true) {
  if (text.empty())
    return "";
  // A backtick inside the text needs a longer fence and padding spaces.
  bool tick = text.find('`') != std::string::npos;
  std::string fence = tick ? "``" : "`";
  std::string pad = tick ? " " : "";
  return fence + pad + (in_table ? cell(text) : text) + pad + fence;
}

/// The function table, then one site table per function.
void renderFunctions(const Summary &s, std::ostream &os) {
  os << "| function | location | calls | heap | elided | frame B | heap B "
        "| heap B/call | completed | sync | awaits/call | suspends/call "
        "| waits/call | busy mean | busy p50 | busy p99 | suspended mean "
        "| suspended p50 | suspended p99 |\n";
  os << "|---|---|";
  for (int i = 0; i < 17; ++i)
    os << "--:|";
  os << "\n";
  for (const FunctionSummary &f : s.functions) {
    const FunctionStats &fn = *f.fn;
    os << "| " << code(fn.name) << " | " << cell(location(fn.file, fn.line))
       << " | " << fn.calls << " | " << fn.heap_frames << " | "
       << fn.elided_frames << " | " << f.frame_bytes << " | " << fn.heap_bytes
       << " | " << fixed(f.heap_bytes_per_call, 2) << " | " << fn.completed
       << " | " << fn.sync_completions << " ("
       << fixed(percent(fn.sync_completions, fn.completed), 1) << "%) | "
       << fixed(perCall(f.awaits, fn.calls), 2) << " | "
       << fixed(perCall(f.suspends, fn.calls), 2) << " | "
       << fixed(perCall(f.waits, fn.calls), 2) << " | " << f.busy.mean
       << " | " << f.busy.p50 << " | " << f.busy.p99 << " | "
       << f.suspended.mean << " | " << f.suspended.p50 << " | "
       << f.suspended.p99 << " |\n";
  }

  os << "\n## Suspend sites\n";
  for (const FunctionSummary &f : s.functions) {
    if (f.sites.empty())
      continue;
    os << "\n### " << code(f.fn->name, /*in_table=*/false) << " ("
       << location(f.fn->file, f.fn->line) << ")\n\n";
    os << "| site | location | reached | suspended | waits | awaiter |\n";
    os << "|---|---|--:|--:|--:|---|\n";
    for (const SiteStats *st : f.sites)
      os << "| " << siteKindName(st->kind) << " | "
         << cell(location(st->file, st->line, st->column)) << " | "
         << st->reached() << " | " << st->suspended() << " | " << st->waits
         << " | " << code(st->awaiter) << " |\n";
  }
}

} // namespace

void renderMarkdown(const Summary &s, std::ostream &os) {
  const Totals &t = s.totals;
  os << "# coroscope report\n\n";
  os << "Logs:";
  for (size_t i = 0; i < s.logs.size(); ++i)
    os << (i ? ", " : " ") << code(s.logs[i]);
  os << ". Events: " << t.events << ", threads: " << t.threads << ".\n\n";
  os << "Functions: " << t.functions << ", calls: " << t.calls
     << ", heap frames: " << t.heap_frames << " (" << t.heap_bytes
     << " bytes), elided frames: " << t.elided_frames
     << ", frames not destroyed: " << t.frames_not_destroyed
     << ". Sorted by " << s.sort_key << "; times in ns per frame.\n\n";
  if (s.functions.empty())
    os << "No coroutine calls recorded.\n";
  else
    renderFunctions(s, os);
  renderFindingsMarkdown(s.findings, os);
  renderLiveFramesMarkdown(s.live, s.logs.size() > 1, os);
}

} // namespace coroscope::analyzer
