//===- FrameLocals.h - Locals that make a coroutine frame large ------------===//
//
// The frame layout is decided by CoroSplit, long after the AST is gone, and
// without -g the IR has no variable names. So the AST action finds, per
// coroutine, the large locals and by-value parameters that live across a
// suspend point (and so must be in the frame); CoroutineFacts.h hands them
// to the IR pass, which writes them into the site table as frame-local
// sites, and the analyzer's large-frame advice names them.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_FRAMELOCALS_H
#define COROSCOPE_PLUGIN_FRAMELOCALS_H

#include "CoroInstrumentPass.h"

#include "clang/AST/ASTContext.h"

namespace coroscope {

/// Locals smaller than this are not recorded: they cannot make a frame large.
inline constexpr uint64_t kFrameLocalMinBytes = 64;
/// At most this many per coroutine, the largest first.
inline constexpr size_t kFrameLocalMax = 8;

/// The locals and by-value parameters of the coroutine FD (body Body) that
/// live across a suspend point and are at least kFrameLocalMinBytes, largest
/// first, at most kFrameLocalMax.
std::vector<FrameLocal> frameLocalsOf(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                                      const clang::Stmt *Body);

} // namespace coroscope

#endif
