//===- render/findings_markdown.cpp - Findings and live frames in GFM -----===//
//
// Nested lists rather than tables: a finding carries a variable number of
// notes and backtrace steps, which tables cannot hold without HTML. Names
// in the list structure are code spans; messages and paths are prose. Both
// go through markdown() (render/markdown_escape.h).
//
//===----------------------------------------------------------------------===//
#include "render/findings.h"

#include "render/markdown_escape.h"
#include "render/render.h"

namespace coroscope::analyzer {

namespace {

/// A name as a code span; `?` for an unknown one.
std::string code(const std::string &text) { return markdown(text.empty() ? "?" : text, Md::Code); }

std::string where(const SourceRef &r) {
  return markdown(r.column ? location(r.file, r.line, r.column) : location(r.file, r.line),
                  Md::Text);
}

} // namespace

void renderFindingsMarkdown(const std::vector<Finding> &findings, std::ostream &os) {
  if (findings.empty())
    return;
  os << "\n## Findings\n\n" << findings.size() << " (" << findingsTally(findings) << ").\n\n";
  for (const Finding &f : findings) {
    os << "- **" << log::severityName(f.severity) << "** `" << checkName(f.check) << "` at "
       << where(f.where) << " in " << code(f.where.function) << ": "
       << markdown(f.message, Md::Text) << "\n";
    for (const RelatedRef &r : f.related) {
      os << "  - " << r.note << ": " << where(r.where);
      if (!r.where.function.empty())
        os << " (in " << code(shortName(r.where.function)) << ")";
      os << "\n";
    }
    if (!f.backtrace.empty()) {
      os << "  - async backtrace:";
      for (size_t i = 0; i < f.backtrace.size(); ++i) {
        const AsyncFrame &a = f.backtrace[i];
        os << (i ? " ← awaited by " : " ") << code(shortName(a.where.function)) << " "
           << (i ? "at" : stateAt(f.state)) << " " << where(a.where);
      }
      os << "\n";
    }
    if (!f.stack.empty()) {
      os << "  - native stack:";
      for (size_t i = 0; i < f.stack.size(); ++i) {
        const NativeFrame &n = f.stack[i];
        os << (i ? " ← " : " ") << code(hexString(n.pc));
        if (!n.function.empty())
          os << " " << code(n.function);
        if (!n.file.empty())
          os << " " << markdown(location(n.file, n.line), Md::Text);
        if (n.inlined)
          os << " (inlined)";
      }
      os << "\n";
    }
    if (f.check == log::kCheckLeakedFrame)
      os << "  - " << f.count << " frame" << (f.count == 1 ? "" : "s") << ", " << f.bytes
         << " bytes\n";
    else if (f.count > 1 && f.figures.empty())
      os << "  - " << f.count << " occurrences\n";
    if (!f.figures.empty()) {
      os << "  - figures:" << figuresText(f.figures) << "; thresholds:" << figuresText(f.thresholds)
         << "\n";
    }
    if (!f.suggestion.empty())
      os << "  - suggestion: " << markdown(f.suggestion, Md::Text) << "\n";
  }
}

void renderLiveFramesMarkdown(const std::vector<LiveFrames> &live, bool name_logs,
                              std::ostream &os) {
  for (const LiveFrames &l : live) {
    if (l.frames.empty())
      continue;
    os << "\n## Live frames at end of log" << (name_logs ? " " + code(l.log) : "") << "\n\n";
    for (const ChainGroup &g : l.chains) {
      const LiveFrameView &h = l.frames[g.head];
      for (size_t k = 0; k < h.chain.size(); ++k) {
        const LiveFrameView &f = l.frames[h.chain[k]];
        os << (k ? "  - awaited by " : "- ") << code(shortName(f.where.function)) << " "
           << stateAt(f.state) << " " << where(f.where) << " (frame " << code(hexString(f.frame))
           << ", "
           << (f.heap ? std::to_string(f.bytes) + " bytes on the heap"
               : f.bytes
                   ? "elided, " + std::to_string(f.bytes) + " bytes in its caller's stack frame"
                   : std::string("elided"))
           << ")\n";
      }
      const LiveFrameView &last = l.frames[h.chain.back()];
      if (last.awaiter && !last.awaiter_live)
        os << "  - awaited by frame " << code(hexString(last.awaiter)) << " (not live)\n";
      if (g.count > 1)
        os << "  - and " << g.count - 1 << " more like this\n";
    }
  }
}

} // namespace coroscope::analyzer
