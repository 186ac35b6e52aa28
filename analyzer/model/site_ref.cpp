//===- model/site_ref.cpp - Site ids resolved to source locations ---------===//
//
// shortName() works on the text of a demangled name, not on a parse tree, so
// it only has to be good enough for messages: it finds the parameter list at
// template depth 0 and drops everything outside the qualified name before it.
// When in doubt it returns the name unchanged.
//
//===----------------------------------------------------------------------===//
#include "model/site_ref.h"

#include <cstring>

namespace coroscope::analyzer {

using namespace coroscope::log;

SourceRef SiteResolver::at(uint32_t id) const {
  SourceRef r;
  if (id == 0)
    return r;
  auto it = sites_.find(id);
  if (it == sites_.end()) {
    r.function = "<unknown site " + std::to_string(id) + ">";
    return r;
  }
  const Site &s = it->second;
  r.file = s.file;
  r.line = s.line;
  r.column = s.column;
  switch (s.kind) {
  case kSiteInitial:
  case kSiteAwait:
  case kSiteYield:
  case kSiteFinal: {
    auto fn = sites_.find(s.function_id);
    r.function = fn != sites_.end() ? fn->second.name
                                    : "<unknown site " + std::to_string(s.function_id) + ">";
    break;
  }
  default: // the function itself, or a call site naming its caller
    r.function = s.name;
    break;
  }
  return r;
}

uint8_t SiteResolver::kind(uint32_t id) const {
  auto it = sites_.find(id);
  return it == sites_.end() ? 0xff : it->second.kind;
}

namespace {

/// Where the qualified name of a demangled function name starts and where
/// its parameter list opens; `open` is npos when there is none.
struct NameSpan {
  size_t start = 0;
  size_t open = std::string::npos;
};

// At `at`, cv/ref qualifiers of an enclosing function and then "::": a
// lambda's call operator between two local entities
// ("f()::$_0::operator()() const::'lambda'()::operator()() const").
bool qualifiesEnclosing(const std::string &name, size_t at) {
  size_t after = at;
  for (const char *q : {" const", " volatile", " &&", " &"})
    if (name.compare(after, std::strlen(q), q) == 0)
      after += std::strlen(q);
  return after > at && name.compare(after, 2, "::") == 0;
}

NameSpan nameSpan(const std::string &name) {
  // Find the '(' opening the parameter list: the first one at template
  // depth 0 that is not part of "operator()".
  int depth = 0;
  size_t open = std::string::npos;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '<') {
      // "operator<" and "operator<<" are names, not template brackets.
      if (i >= 8 && name.compare(i - 8, 8, "operator") == 0) {
        if (i + 1 < name.size() && name[i + 1] == '<')
          ++i;
        continue;
      }
      ++depth;
    } else if (c == '>') {
      if (i >= 8 && name.compare(i - 8, 8, "operator") == 0)
        continue;
      if (depth > 0)
        --depth;
    } else if (c == '(' && depth == 0) {
      if (i >= 8 && name.compare(i - 8, 8, "operator") == 0 && i + 1 < name.size() &&
          name[i + 1] == ')') {
        ++i;
        continue;
      }
      // "ns::load(int)::Foo::operator()()": a local entity names its
      // enclosing function with parameters; skip that group.
      size_t close = i, parens = 0;
      for (; close < name.size(); ++close) {
        if (name[close] == '(')
          ++parens;
        else if (name[close] == ')' && --parens == 0)
          break;
      }
      if (close + 1 < name.size() &&
          (name.compare(close + 1, 2, "::") == 0 || qualifiesEnclosing(name, close + 1))) {
        i = close;
        continue;
      }
      open = i;
      break;
    }
  }
  if (open == std::string::npos || open == 0)
    return {};
  // The qualified name starts after the last space at depth 0 before it
  // (the return type ends there); scan backwards balancing brackets.
  size_t start = 0;
  depth = 0;
  for (size_t i = open; i-- > 0;) {
    char c = name[i];
    if (c == '>' || c == ')')
      ++depth;
    else if ((c == '<' || c == '(') && depth > 0)
      --depth;
    else if (c == ' ' && depth == 0 && !qualifiesEnclosing(name, i)) {
      start = i + 1;
      break;
    }
  }
  return {start, open};
}

} // namespace

std::string shortName(const std::string &name) {
  NameSpan n = nameSpan(name);
  if (n.open == std::string::npos)
    return name;
  return name.substr(n.start, n.open - n.start) + "()";
}

std::string withoutReturnType(const std::string &name) { return name.substr(nameSpan(name).start); }

std::string unqualifiedName(const std::string &name) {
  NameSpan n = nameSpan(name);
  if (n.open == std::string::npos)
    return name;
  // The last "::" outside template arguments ends the qualifier
  // ("ns::cache<a::b>::get" -> "get").
  size_t begin = n.start;
  int depth = 0;
  for (size_t i = n.start; i + 1 < n.open; ++i) {
    if (name[i] == '<')
      ++depth;
    else if (name[i] == '>' && depth > 0)
      --depth;
    else if (depth == 0 && name[i] == ':' && name[i + 1] == ':')
      begin = i + 2;
  }
  return name.substr(begin, n.open - begin);
}

} // namespace coroscope::analyzer
