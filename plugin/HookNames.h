//===- HookNames.h - The names the plugin's passes share with the runtime ---===//
//
// kName for every hook of include/coroscope/hooks.def (the one
// list, shared with the runtime), the prefix they all have, the runtime's
// thread-local the fast path reads, and the section of the site tables,
// which the instrumentation pass writes and the fast-path pass reads.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_HOOKNAMES_H
#define COROSCOPE_PLUGIN_HOOKNAMES_H

namespace coroscope::hook_names {

#define COROSCOPE_HOOK(Name, symbol, params) inline constexpr const char *k##Name = #symbol;
#include "coroscope/hooks.def"
inline constexpr const char *kHookPrefix = "__coroscope_";
inline constexpr const char *kSitesSection = "coroscope_sites";
/// On a hook call HookFastPath already put a fast path in front of.
inline constexpr const char *kSlowPathMD = "coroscope.slow";

} // namespace coroscope::hook_names

#endif
