//===- render/markdown_escape.h - Text safe in GFM and CommonMark *- C++ -*-===//
//
// Every piece of data (names, paths, messages) that goes into Markdown output
// passes through markdown(), so `task<std::vector<int>>`, `operator|` or a
// path with a backtick render as themselves on GitHub and in any CommonMark
// renderer. The rules are in docs/report-format.md, "Markdown Layout".
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_RENDER_MARKDOWN_ESCAPE_H
#define COROSCOPE_ANALYZER_RENDER_MARKDOWN_ESCAPE_H

#include <string>

namespace coroscope::analyzer {

/// How the text is shown: as prose (in a table cell or not) or as a code
/// span, which in a table cell must escape `|`: GFM splits cells on it even
/// inside code spans (and removes the backslash there).
enum class Md { Text, Code, CodeInCell };

/// `text` escaped for its place. Text: a backslash before each ASCII
/// punctuation character Markdown could read as markup, `|` included. Code:
/// a code span whose backtick fence is longer than any run of backticks
/// inside, padded with a space when the text starts or ends with a backtick;
/// "" for "".
std::string markdown(const std::string &text, Md where);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_RENDER_MARKDOWN_ESCAPE_H
