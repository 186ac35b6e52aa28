//===- SiteNames.h - Human-readable names for coroutine sites --------------===//
//
// Turns what Clang's coroutine lowering leaves in the IR (mangled ramp names,
// the `<coro>.__await_suspend_wrapper__<kind><N>` helpers it emits for every
// suspend point since Clang 19) into the function names, suspend kinds and
// awaiter types that site descriptors carry.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_SITENAMES_H
#define COROSCOPE_PLUGIN_SITENAMES_H

#include "coroscope/log_format.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace coroscope {

/// The demangled name of a function, or its raw name when it is not mangled.
std::string demangledName(llvm::StringRef Mangled);

/// The suspend kind encoded in a Clang await_suspend wrapper name
/// (`...__await_suspend_wrapper__init|await<N>|yield<N>|final`). `IsFinal` is
/// the llvm.coro.suspend flag, used when the wrapper cannot be read.
log::SiteKind suspendKind(const llvm::Function *Wrapper, bool IsFinal);

/// The awaiter type of a suspend point: the class of the await_suspend the
/// wrapper calls, else the IR struct type of the awaiter object.
std::string awaiterType(const llvm::Function *Wrapper, const llvm::Value *Awaiter);

/// For a member of std::coroutine_handle<...> that resumes (resume(),
/// operator()), destroys or queries (done()) the frame: the matching call
/// site kind. Calls of these are hooked at the caller.
std::optional<log::SiteKind> stdHandleOp(const llvm::Function &F);

/// F is a member of std::coroutine_handle<...> (any of them).
bool stdHandleMember(const llvm::Function &F);

/// The promise type of a coroutine, from the promise object passed to
/// llvm.coro.id (its IR struct name), or "".
std::string promiseTypeName(const llvm::Value *Promise);

/// P for a member of std::coroutine_handle<P>; "" for coroutine_handle<void>.
std::string handlePromiseType(const llvm::Function &Member);

/// Drops the standard library's inline namespaces (`std::__n4861::`,
/// `std::__1::`) so names read as users write them.
std::string tidyStdNamespaces(std::string Name);

} // namespace coroscope

#endif
