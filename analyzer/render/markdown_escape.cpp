//===- render/markdown_escape.cpp - Text safe in GFM and CommonMark -------===//
//
// Backslash escapes rather than HTML entities: CommonMark takes a backslash
// before any ASCII punctuation, but entities are not decoded inside code
// spans, so one rule could not serve both. `<` and `>` need escaping in
// prose only (GitHub would read `<int>` as an HTML tag); in code spans
// everything but the fence and, in a table, `|` is literal.
//
//===----------------------------------------------------------------------===//
#include "render/markdown_escape.h"

#include <algorithm>
#include <cstring>

namespace coroscope::analyzer {

namespace {

/// Punctuation that can start or end markup in the middle of a line:
/// emphasis, code, links, HTML, entities, strikethrough, GitHub's math.
bool isMarkup(char c) { return c != '\0' && std::strchr("\\`*_[]<>#|~&$", c) != nullptr; }

std::string code(const std::string &text, bool cell) {
  if (text.empty())
    return "";
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  // CommonMark strips one space from each end of a span that has both, so
  // a text with its own spaces there is padded too.
  bool pad =
      text.front() == '`' || text.back() == '`' || (text.front() == ' ' && text.back() == ' ');
  std::string out = fence + (pad ? " " : "");
  for (char c : text) {
    if (cell && c == '|')
      out += '\\';
    out += c;
  }
  return out + (pad ? " " : "") + fence;
}

} // namespace

std::string markdown(const std::string &text, Md where) {
  if (where != Md::Text)
    return code(text, where == Md::CodeInCell);
  std::string out;
  for (char c : text) {
    if (isMarkup(c))
      out += '\\';
    out += c;
  }
  return out;
}

} // namespace coroscope::analyzer
