//===- model/site_ref.h - Site ids resolved to source locations -*- C++ -*-===//
//
// Findings and live frames name sites by per-log ids. Before they can be
// merged across logs or printed, every id is turned into a SourceRef (the
// enclosing function's name plus a file position), which stays meaningful
// once the log is gone. The resolution rule differs by site kind: suspend
// sites name their function through function_id, call sites carry the
// calling function's name themselves.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_ANALYZER_MODEL_SITE_REF_H
#define COROSCOPE_ANALYZER_MODEL_SITE_REF_H

#include "log/log_reader.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

namespace coroscope::analyzer {

/// A place in the source: the function it lies in and its position. All
/// fields are empty/0 when unknown.
struct SourceRef {
  std::string function;
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;

  bool empty() const { return function.empty() && file.empty() && line == 0; }
  auto key() const { return std::tie(function, file, line, column); }
};

class SiteResolver {
public:
  explicit SiteResolver(const std::map<uint32_t, Site> &sites) : sites_(sites) {}

  /// The site `id`. Site 0 yields an empty ref; an undefined id yields the
  /// function `<unknown site N>` so the finding is still printed.
  SourceRef at(uint32_t id) const;
  /// `id`, or `fallback` when `id` is 0 (an operation whose exact site the
  /// runtime did not know is placed at the function).
  SourceRef atOr(uint32_t id, uint32_t fallback) const { return at(id ? id : fallback); }
  /// The site kind of `id`, or 0xff when unknown.
  uint8_t kind(uint32_t id) const;

private:
  const std::map<uint32_t, Site> &sites_;
};

/// The name without return type and parameters, plus "()": "task<int>
/// ns::load(int) const" -> "ns::load()". Keeps messages short; the full name
/// stays in the `function` fields.
std::string shortName(const std::string &demangled);
/// The name with its parameters but without the return type: "task<int>
/// ns::load(int) const" -> "ns::load(int) const".
std::string withoutReturnType(const std::string &demangled);
/// The last component of the name, without parameters: "task<int>
/// ns::cache<a::b>::load(int)" -> "load". The name unchanged when it has no
/// parameter list.
std::string unqualifiedName(const std::string &demangled);

} // namespace coroscope::analyzer

#endif // COROSCOPE_ANALYZER_MODEL_SITE_REF_H
