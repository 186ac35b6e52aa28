//===- ForwardingBodies.h - Coroutines whose body only forwards a task -----===//
//
// The run cannot see work done after an await, nor what an argument refers
// to, so the pass-through advice needs the body's shape from the AST
// (checks/ForwardingBody.h). The AST action records, per coroutine, keyed by
// its mangled name, where the forwarding co_await is; the IR pass, later in
// the same compiler process, writes it into the site table as a
// forwarding-body site.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_FORWARDINGBODIES_H
#define COROSCOPE_PLUGIN_FORWARDINGBODIES_H

#include "CoroInstrumentPass.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>

namespace coroscope {

/// An AST consumer that fills the table below for the translation unit.
std::unique_ptr<clang::ASTConsumer> createForwardingBodiesConsumer();

/// The forwarding body recorded for the coroutine with this mangled name in
/// the current compile, or null when its body does more than forward.
const ForwardingBody *forwardingBodyOf(llvm::StringRef MangledName);

} // namespace coroscope

#endif
