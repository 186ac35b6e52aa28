//===- coroscope/inline_imports.h - What inline code needs of the runtime -===//
//
// Besides the hooks of hooks.def, the code the pass inlines in profile mode
// (runtime_hooks/src/profile_counting.h, profile_inline.cpp, plugin/
// ModuleState.cpp) calls or reads these symbols of the runtime. An executable
// holding the static runtime exports them with the hooks (coroscope flags
// --link-static), so that the inline code of an instrumented shared library
// binds to it.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_INLINE_IMPORTS_H
#define COROSCOPE_INLINE_IMPORTS_H

#define COROSCOPE_INLINE_IMPORTS                                                                   \
  "__coroscope_profile_module", "__coroscope_profile_thread", "__coroscope_profile_module_unload", \
      "__coroscope_profile_sample", "__coroscope_profile_spill", "__coroscope_profile_unspill",    \
      "__coroscope_module_counters_of", "__coroscope_sampled_frames"

#endif
