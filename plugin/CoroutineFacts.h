//===- CoroutineFacts.h - What the AST knows of each coroutine -------------===//
//
// The IR pass sees a coroutine after Clang has lowered it: no variable names
// without -g, no statements, no types of return objects. One AST consumer
// walks the translation unit's coroutine definitions once, records their
// CoroutineFacts (CoroInstrumentPass.h) keyed by mangled name, and the pass,
// later in the same compiler process, writes them into the site table.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_COROUTINEFACTS_H
#define COROSCOPE_PLUGIN_COROUTINEFACTS_H

#include "CoroInstrumentPass.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace coroscope {

/// An AST consumer that fills the table below for the translation unit.
std::unique_ptr<clang::ASTConsumer> createCoroutineFactsConsumer();

/// The facts recorded for the coroutine with this mangled name in the
/// current compile; null for one defined in a system header or not seen.
const CoroutineFacts *coroutineFactsOf(llvm::StringRef MangledName);

} // namespace coroscope

#endif
