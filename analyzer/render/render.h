//===- render/render.h - Report output formats -------------------*- C++ -*-===//
//
// The three faces of `coroscope report`. Each takes the same Summary, which
// already holds every derived number, so the renderers only lay out text and
// cannot disagree with each other.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_RENDER_RENDER_H
#define COROSCOPE_ANALYZER_RENDER_RENDER_H

#include "state/stats.h"

#include <ostream>
#include <string>

namespace coroscope::analyzer {

void renderText(const Summary &summary, std::ostream &os);
void renderMarkdown(const Summary &summary, std::ostream &os);
void renderJson(const Summary &summary, std::ostream &os);

/// "file:line" or "file:line:column"; "?" stands in for an unknown file.
std::string location(const std::string &file, uint32_t line);
std::string location(const std::string &file, uint32_t line, uint32_t column);
/// Fixed-point with `decimals` digits, e.g. 42.67.
std::string fixed(double value, int decimals);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_RENDER_H
