//===- ModuleState.h - An instrumented module's thread-local state byte ---===//
//
// Each instrumented module tests one thread-local byte of its own before an
// inline fast path (coroscope/hooks.h, "module
// state"): __coroscope_module_attached | the thread's `fast` flags once the
// thread's first event in the module has registered it, else 0. The test is
// one compare against an %fs-relative byte, where loading the runtime's
// thread pointer, testing it and loading its flags took six instructions;
// and the counters need no "registered yet?" test of their own.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_MODULESTATE_H
#define COROSCOPE_PLUGIN_MODULESTATE_H

#include "llvm/IR/IRBuilder.h"

#include <cstdint>

namespace llvm {
class BasicBlock;
class CallInst;
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace coroscope {

/// Code for a shared library (PIC, not PIE), which dlclose may unload
/// before the process ends, its thread-locals and site tables with it.
bool forSharedLibrary(const llvm::Module &M);

/// The module's state byte (internal, thread-local), created on first use.
llvm::GlobalVariable *moduleState(llvm::Module &M);
/// A load of the module's thread pointer (internal, thread-local: the
/// thread's __coroscope_thread, kept by the registration), at B.
llvm::Value *loadModuleThread(llvm::IRBuilder<> &B, llvm::Module &M);

/// The module's registration: an internal, cold function that calls
/// __coroscope_profile_module for each site table with counters
/// (tagCounters), keeps __coroscope_profile_thread() in the thread pointer
/// and stores the result in the state byte. Its body is
/// finishModuleAttach's; in code for a shared library that also writes a
/// destructor that unregisters the tables (__coroscope_profile_module_unload).
llvm::Function *moduleAttach(llvm::Module &M);

/// Marks Counters as the thread-local counters of the site table Table.
void tagCounters(llvm::GlobalVariable *Counters, llvm::GlobalVariable *Table);
/// The counters tagCounters marked for Table, if any.
llvm::GlobalVariable *taggedCounters(llvm::Module &M, llvm::GlobalVariable *Table);

/// (Re)writes moduleAttach's body for every table that has counters now;
/// nothing when the module has no registration function.
void finishModuleAttach(llvm::Module &M);

/// Replaces Call with its fast path, run when the state byte has all of
/// `Needs` (hooks.h's __coroscope_module_attached and __coroscope_fast_*
/// bits): returns that block, ending in a branch to the code after Call;
/// Call stays on the other branch, after the registration of a thread's
/// first event.
llvm::BasicBlock *guardWithModuleState(llvm::CallInst *Call, uint8_t Needs);

/// Puts a load of the state byte and a call of moduleAttach in place of the
/// inline counting's placeholders (COROSCOPE_MODULE_STATE_MARKER,
/// COROSCOPE_MODULE_ATTACH_MARKER).
bool expandModuleStateMarkers(llvm::Module &M);

} // namespace coroscope

#endif
