//===- render/folded.cpp - Collapsed stacks for flame graphs --------------===//
//
// `coroscope export --format folded`: one line per async stack, its frames
// joined by ';' from the root, a space and its weight in nanoseconds, the
// format of flamegraph.pl's stackcollapse scripts that flamegraph.pl,
// inferno and speedscope read. A name can hold any byte, so the bytes that
// would break a line or a frame (`;`, control characters, newlines) and `%`
// itself are written as %XX (docs/usage.md).
//
//===----------------------------------------------------------------------===//
#include "render/render.h"

#include "model/async_stacks.h"

#include <cstdio>

namespace coroscope::analyzer {

std::string foldedFrame(const std::string &name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u == '%' || u == ';' || u < 0x20 || u == 0x7f) {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

std::string foldedStack(const AsyncStack &stack) {
  std::string line;
  if (stack.cut)
    line = "[cut: " + std::to_string(stack.cut) + " more]";
  for (const FunctionStats *fn : stack.frames) {
    if (!line.empty())
      line += ';';
    line += foldedFrame(fn->name);
  }
  if (const SiteStats *s = stack.site) {
    const char *kind = log::siteKindName(s->kind);
    std::string leaf = std::string(kind ? kind : "?") + " " + location(s->file, s->line, s->column);
    if (!s->awaiter.empty())
      leaf += " " + s->awaiter;
    if (!line.empty())
      line += ';';
    line += foldedFrame(leaf);
  }
  return line;
}

void writeFolded(const std::map<std::string, uint64_t> &stacks, std::ostream &os) {
  for (const auto &[stack, ns] : stacks)
    os << stack << ' ' << ns << '\n';
}

} // namespace coroscope::analyzer
