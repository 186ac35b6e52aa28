//===- render/findings_text.cpp - Findings as compiler diagnostics --------===//
//
// Each finding reads like a clang diagnostic: `file:line:col: error: [check]
// message`, then indented notes for the related sites, so editors and CI
// log parsers that understand compiler output jump to the right line. The
// async backtrace follows (the frame, then who awaits it), then the native
// stack when the runtime captured one.
//
//===----------------------------------------------------------------------===//
#include "render/findings.h"

#include "render/render.h"

#include <cstdio>

namespace coroscope::analyzer {

using namespace coroscope::log;

const char *stateAt(uint8_t state) {
  switch (state) {
  case kFrameRunning:
    return "running at";
  case kFrameSuspending:
    return "suspending at";
  case kFrameSuspended:
    return "suspended at";
  case kFrameFinal:
    return "completed at";
  case kFrameDestroyed:
    return "destroyed, last at";
  }
  return "at";
}

std::string hexString(uint64_t value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(value));
  return buf;
}

namespace {

std::string where(const SourceRef &r) {
  if (r.column)
    return location(r.file, r.line, r.column);
  return location(r.file, r.line);
}

bool samePlace(const SourceRef &a, const SourceRef &b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

std::string name(const std::string &function) {
  return function.empty() ? std::string("?") : shortName(function);
}

std::string plural(uint64_t n, const char *one, const char *many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

void nativeFrame(size_t i, const NativeFrame &f, std::ostream &os) {
  os << "    #" << i << " " << hexString(f.pc);
  if (!f.function.empty())
    os << " in " << f.function;
  if (!f.file.empty()) {
    os << " " << f.file << ":" << f.line;
    if (f.column)
      os << ":" << f.column;
  }
  if (f.function.empty() && f.file.empty() && !f.module.empty())
    os << " (" << f.module << "+" << hexString(f.offset) << ")";
  if (f.inlined)
    os << " (inlined)";
  os << "\n";
}

} // namespace

std::string figureText(double v) {
  char buf[64];
  if (wholeUint64(v))
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  if (s.find('.') != std::string::npos && s.back() == '0')
    s.pop_back(); // 95.0 -> "95.0", 95.25 -> "95.25", 0.50 -> "0.5"
  return s;
}

std::string figuresText(const std::vector<Figure> &figures) {
  std::string s;
  for (size_t i = 0; i < figures.size(); ++i)
    s += (i ? ", " : " ") + figures[i].key + " " + figureText(figures[i].value);
  return s;
}

void renderFindingsText(const std::vector<Finding> &findings, std::ostream &os) {
  for (size_t n = 0; n < findings.size(); ++n) {
    const Finding &f = findings[n];
    if (n)
      os << "\n";
    os << where(f.where) << ": " << severityName(f.severity) << ": [" << checkName(f.check) << "] "
       << f.message << "\n";
    for (const RelatedRef &r : f.related) {
      if (r.role == "creation" && samePlace(r.where, f.where) && f.check == kCheckLeakedFrame)
        continue; // the message already says where it was created
      os << "  " << where(r.where) << ": note: " << r.note;
      if (!r.where.function.empty())
        os << " (in " << shortName(r.where.function) << ")";
      os << "\n";
    }
    for (size_t i = 0; i < f.backtrace.size(); ++i) {
      const AsyncFrame &a = f.backtrace[i];
      os << "  #" << i << " ";
      if (i == 0)
        os << name(a.where.function) << " " << stateAt(f.state);
      else
        os << "awaited by " << name(a.where.function) << " at";
      os << " " << where(a.where) << " (frame " << hexString(a.frame) << ")\n";
    }
    if (!f.stack.empty()) {
      os << "  native stack:\n";
      for (size_t i = 0; i < f.stack.size(); ++i)
        nativeFrame(i, f.stack[i], os);
    }
    // Only leaks are about memory; other records may carry the frame size.
    std::string tally;
    if (f.check == kCheckLeakedFrame)
      tally = plural(f.count, "frame", "frames") + ", " + plural(f.bytes, "byte", "bytes");
    else if (f.count > 1 && f.figures.empty())
      tally = plural(f.count, "occurrence", "occurrences");
    if (!tally.empty())
      os << "  " << tally << "\n";
    if (!f.figures.empty()) {
      os << "  figures:" << figuresText(f.figures) << "\n  thresholds:" << figuresText(f.thresholds)
         << "\n";
    }
    if (!f.suggestion.empty())
      os << "  suggestion: " << f.suggestion << "\n";
  }
}

std::string findingsTally(const std::vector<Finding> &findings) {
  uint64_t by[3] = {0, 0, 0};
  for (const Finding &f : findings)
    if (f.severity < 3)
      ++by[f.severity];
  return plural(by[kSeverityError], "error", "errors") + ", " +
         plural(by[kSeverityWarning], "warning", "warnings") + ", " +
         std::to_string(by[kSeverityAdvice]) + " advice";
}

void renderLiveFramesText(const std::vector<LiveFrames> &live, bool name_logs, std::ostream &os) {
  for (const LiveFrames &l : live) {
    if (l.frames.empty())
      continue;
    os << "\nLive frames at end of log" << (name_logs ? " " + l.log : "") << ": " << l.frames.size()
       << "\n";
    for (const ChainGroup &g : l.chains) {
      const LiveFrameView &h = l.frames[g.head];
      for (size_t k = 0; k < h.chain.size(); ++k) {
        const LiveFrameView &f = l.frames[h.chain[k]];
        os << (k ? "    awaited by " : "  ") << name(f.where.function) << " " << stateAt(f.state)
           << " " << where(f.where) << "  (frame " << hexString(f.frame) << ", "
           << (f.heap ? plural(f.bytes, "byte", "bytes") + " on the heap"
               : f.bytes
                   ? "elided, " + plural(f.bytes, "byte", "bytes") + " in its caller's stack frame"
                   : std::string("elided"));
        if (f.creation) {
          os << "; created";
          if (!f.creation->function.empty())
            os << " in " << shortName(f.creation->function);
          os << " at " << where(*f.creation);
        }
        os << ")\n";
      }
      const LiveFrameView &last = l.frames[h.chain.back()];
      if (last.awaiter && !last.awaiter_live)
        os << "    awaited by frame " << hexString(last.awaiter) << " (not live)\n";
      if (g.count > 1)
        os << "    and " << g.count - 1 << " more like this\n";
    }
  }
}

} // namespace coroscope::analyzer
