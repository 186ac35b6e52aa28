//===- ProfileInline.h - Profile mode's counting, inlined at every hook ---===//
//
// In profile mode without run-time checks every hook's work is a few counter
// increments and a little per-thread state (runtime_hooks/src/
// profile_counting.h), yet a call costs more than all of it: the coroutine
// spills its live registers around it, and on a task chain the calls alone
// cost 2-4x. So HookFastPathPass replaces each remaining hook call at a
// known site (frame_begin, ramp_return, await_suspend, await_cancel,
// frame_resume, frame_free, await_ready at a final suspend point, the handle
// hooks) by the inline function that does that work when the thread runs
// in that mode and makes the call otherwise, linked from the bitcode the
// plugin carries, and inlines it. Only frame_unwind, an exception's path,
// stays a call.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_PROFILEINLINE_H
#define COROSCOPE_PLUGIN_PROFILEINLINE_H

namespace llvm {
class Module;
}

namespace coroscope {

/// Inlines the profile counting at the hook calls of M; false if none.
bool inlineProfileCounting(llvm::Module &M);

} // namespace coroscope

#endif
