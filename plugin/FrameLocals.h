//===- FrameLocals.h - Locals that make a coroutine frame large ------------===//
//
// The frame layout is decided by CoroSplit, long after the AST is gone, and
// without -g the IR has no variable names. So the AST action records, per
// coroutine, the large locals and by-value parameters that live across a
// suspend point (and so must be in the frame), keyed by the coroutine's
// mangled name; the IR pass, which runs later in the same compiler process,
// writes them into the site table as frame-local sites, and the analyzer's
// large-frame advice names them.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_FRAMELOCALS_H
#define COROSCOPE_PLUGIN_FRAMELOCALS_H

#include "CoroInstrumentPass.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace coroscope {

/// Locals smaller than this are not recorded: they cannot make a frame large.
inline constexpr uint64_t kFrameLocalMinBytes = 64;
/// At most this many per coroutine, the largest first.
inline constexpr size_t kFrameLocalMax = 8;

/// An AST consumer that fills the table below for the translation unit.
std::unique_ptr<clang::ASTConsumer> createFrameLocalsConsumer();

/// The frame locals recorded for the coroutine with this mangled name in the
/// current compile, largest first; empty when none.
const std::vector<FrameLocal> &frameLocalsOf(llvm::StringRef MangledName);

} // namespace coroscope

#endif
