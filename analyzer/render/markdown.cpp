//===- render/markdown.cpp - GitHub-flavoured markdown report --------------===//
//
// Meant for pasting into pull requests and CI summaries: one overview table
// of functions, then one small site table per function. Names are code spans
// so templated names (`task<int>`) read as code; every piece of data goes
// through markdown() (render/markdown_escape.h).
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "log/log_reader.h"
#include "render/findings.h"
#include "render/markdown_escape.h"
#include "verdicts/baseline.h"

namespace coroscope::analyzer {

namespace {

/// The function table, then one site table per function.
void renderFunctions(const Summary &s, std::ostream &os) {
  os << "| function | location | calls | heap | elided | frame B | heap B "
        "| heap B/call | elided B | elided B/call | completed | sync "
        "| awaits/call | suspends/call "
        "| waits/call | "
     << (s.sampled ? "timed | " : "")
     << "busy mean | busy p50 | busy p99 | suspended mean "
        "| suspended p50 | suspended p99 |";
  int numeric = s.sampled ? 20 : 19;
  if (s.baseline) {
    os << " calls ratio | bytes/call ratio | elided B/call ratio | sync ratio | busy ratio |";
    numeric += 5;
  }
  os << "\n|---|---|";
  for (int i = 0; i < numeric; ++i)
    os << "--:|";
  os << "\n";
  for (const FunctionSummary &f : s.functions) {
    const FunctionStats &fn = *f.fn;
    std::string where = location(fn.file, fn.line);
    if (s.baseline) {
      std::string moved = baselineMoved(*s.baseline, fn);
      if (!moved.empty())
        where += " (" + moved + ")";
    }
    os << "| " << markdown(fn.name, Md::CodeInCell) << " | " << markdown(where, Md::Text) << " | "
       << fn.calls << " | " << fn.heap_frames << " | " << fn.elided_frames << " | " << f.frame_bytes
       << " | " << fn.heap_bytes << " | " << fixed(f.heap_bytes_per_call, 2) << " | "
       << fn.elided_bytes << " | " << fixed(f.elided_bytes_per_call, 2) << " |";
    // From "completed" on: the cells a damaged Sites chunk withholds.
    std::vector<std::string> kinded = {
        std::to_string(fn.completed),
        std::to_string(fn.sync_completions) + " (" +
            fixed(percent(fn.sync_completions, fn.completed), 1) + "%)",
        fixed(perCall(f.awaits, fn.calls), 2), fixed(perCall(f.suspends, fn.calls), 2),
        fixed(perCall(f.waits, fn.calls), 2)};
    if (s.sampled)
      kinded.push_back(std::to_string(f.busy.samples));
    for (uint64_t v :
         {f.busy.mean, f.busy.p50, f.busy.p99, f.suspended.mean, f.suspended.p50, f.suspended.p99})
      kinded.push_back(std::to_string(v));
    bool withheld = figuresWithheld(fn);
    for (const std::string &cell : kinded)
      os << " " << (withheld ? std::string("?") : cell) << " |";
    if (s.baseline)
      for (const std::string &r : baselineCells(*s.baseline, fn))
        os << " " << r << " |";
    os << "\n";
  }

  os << "\n## Suspend sites\n";
  for (const FunctionSummary &f : s.functions) {
    if (f.sites.empty())
      continue;
    os << "\n### " << markdown(f.fn->name, Md::Code) << " ("
       << markdown(location(f.fn->file, f.fn->line), Md::Text) << ")\n\n";
    os << "| site | location | reached | suspended | waits | awaiter |\n";
    os << "|---|---|--:|--:|--:|---|\n";
    for (const SiteStats *st : f.sites)
      os << "| " << log::siteKindName(st->kind) << " | "
         << markdown(location(st->file, st->line, st->column), Md::Text) << " | " << st->reached()
         << " | " << st->suspended() << " | " << st->waits << " | "
         << markdown(st->awaiter, Md::CodeInCell) << " |\n";
  }
}

void renderGone(const BaselineComparison &c, std::ostream &os) {
  if (c.gone.empty())
    return;
  os << "\n## Gone since baseline\n\n";
  for (size_t i : c.gone) {
    const BaselineFunction &old = c.baseline.functions[i];
    os << "- " << markdown(old.function, Md::Code) << " ("
       << markdown(location(old.file, old.line), Md::Text) << "): " << baselineGoneFigures(old)
       << "\n";
  }
}

} // namespace

void renderMarkdown(const Summary &s, std::ostream &os) {
  const Totals &t = s.totals;
  os << "# coroscope report\n\n";
  os << "Logs:";
  for (size_t i = 0; i < s.logs.size(); ++i) {
    os << (i ? ", " : " ") << markdown(s.logs[i], Md::Code);
    if (i < s.log_ends.size())
      os << " (" << logStatusText(s.log_ends[i]) << "; "
         << markdown(logOriginText(s.log_ends[i]), Md::Text) << ")";
  }
  os << ". Events: " << t.events << ", threads: " << t.threads << ".\n\n";
  os << "Functions: " << t.functions << ", calls: " << t.calls << ", heap frames: " << t.heap_frames
     << " (" << t.heap_bytes << " bytes), elided frames: " << t.elided_frames << " ("
     << t.elided_bytes << " bytes), frames not destroyed: " << t.frames_not_destroyed
     << ". Sorted by " << s.sort_key << "; "
     << (s.sampled ? "times in ns per frame of the *timed* frames (profile mode: a sample)."
                   : "times in ns per frame.")
     << "\n\n";
  if (s.baseline)
    os << "Ratios new/old against " << markdown(s.baseline->baseline.path, Md::Code)
       << " (new: not in it; -: its value is 0).\n\n";
  if (std::string why = emptyReason(s); !why.empty())
    os << "No coroutine calls recorded: " << markdown(why, Md::Text) << ".\n";
  else if (s.functions.empty())
    os << "No coroutine calls recorded.\n";
  else
    renderFunctions(s, os);
  if (t.withheld)
    os << "\n" << markdown(withheldNote(t.withheld), Md::Text) << "\n";
  if (s.baseline)
    renderGone(*s.baseline, os);
  renderFindingsMarkdown(s.findings, os);
  renderLiveFramesMarkdown(s.live, s.logs.size() > 1, os);
}

} // namespace coroscope::analyzer
