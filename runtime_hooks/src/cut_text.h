//===- cut_text.h - Text shortened to a limit, visibly ----------*- C++ -*-===//
//
// Two places bound the runtime's text: a string of a log's site entry holds
// at most 65535 bytes (docs/log-format.md), a message on stderr at most the
// formatter's buffer. A name cut there ends with U+2026 "…", so neither a
// reader nor the analyzer takes the part for the whole; "..." could not
// mark it, demangled names contain it (`f(int, ...)`, pack expansions).
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_RUNTIME_CUT_TEXT_H
#define COROSCOPE_RUNTIME_CUT_TEXT_H

#include <stddef.h>

namespace coroscope {
namespace rt {

inline constexpr char kCutMarker[] = "\xe2\x80\xa6"; // U+2026 in UTF-8
inline constexpr size_t kCutMarkerBytes = sizeof kCutMarker - 1;

/// How many leading bytes of `s` (longer than `limit`) to keep so that they
/// and kCutMarker fit in `limit` bytes, without splitting a UTF-8 sequence.
inline size_t cutKeep(const char *s, size_t limit) {
  size_t keep = limit - kCutMarkerBytes;
  while (keep > 0 && (static_cast<unsigned char>(s[keep]) & 0xC0) == 0x80)
    --keep;
  return keep;
}

} // namespace rt
} // namespace coroscope

#endif // COROSCOPE_RUNTIME_CUT_TEXT_H
