//===- ClangCompat.h - Clang API differences between majors --*- C++ -*-===//
//
// The one place where the AST side (the checks, the plugin action, lint's
// libTooling driver) spells something differently per Clang major.
// Supported majors: cmake/CoroscopeLLVM.cmake. Each function names the
// major that changed it (from the release notes); only 19 and 22 are built
// and tested.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_COMPAT_CLANGCOMPAT_H
#define COROSCOPE_PLUGIN_COMPAT_CLANGCOMPAT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/OptTable.h"

#if LLVM_VERSION_MAJOR >= 22
#include "clang/Options/Options.h" // moved from clang/Driver/ in 22
#else
#include "clang/Driver/Options.h"
#endif

#include <memory>

namespace coroscope::compat {

/// The driver's option IDs (OPT_x, OPT_W_Joined, ...) and table. Clang 22
/// moved them from clang::driver::options to clang::options.
#if LLVM_VERSION_MAJOR >= 22
namespace driver_options = clang::options;
inline const llvm::opt::OptTable &driverOptTable() { return clang::getDriverOptTable(); }
#else
namespace driver_options = clang::driver::options;
inline const llvm::opt::OptTable &driverOptTable() { return clang::driver::getDriverOptTable(); }
#endif

/// Whether D is declared to try to acquire a capability (thread-safety
/// attributes). Clang 21 folded exclusive_trylock_function and
/// shared_trylock_function into try_acquire_capability.
inline bool isTryAcquire(const clang::Decl &D) {
#if LLVM_VERSION_MAJOR >= 21
  return D.hasAttr<clang::TryAcquireCapabilityAttr>();
#else
  return D.hasAttr<clang::TryAcquireCapabilityAttr>() ||
         D.hasAttr<clang::ExclusiveTrylockFunctionAttr>() ||
         D.hasAttr<clang::SharedTrylockFunctionAttr>();
#endif
}

/// The type a record declares. Clang 22 dropped TagDecl::getTypeForDecl.
inline clang::QualType recordType(const clang::CXXRecordDecl &R) {
#if LLVM_VERSION_MAJOR >= 22
  return R.getASTContext().getCanonicalTagType(&R);
#else
  return clang::QualType(R.getTypeForDecl(), 0);
#endif
}

/// Whether a diagnostic is a warning or an extension (perhaps promoted to
/// an error). Clang 22 made the lookup a member of the engine's IDs.
inline bool isWarningOrExtension(const clang::Diagnostic &Info) {
#if LLVM_VERSION_MAJOR >= 22
  return Info.getDiags()->getDiagnosticIDs()->isWarningOrExtension(Info.getID());
#else
  return clang::DiagnosticIDs::isBuiltinWarningOrExtension(Info.getID());
#endif
}

/// Owner of the DiagnosticOptions a TextDiagnosticPrinter reads: Clang 21
/// made them a plain object passed by reference (ref-counted before).
#if LLVM_VERSION_MAJOR >= 21
using DiagnosticOptionsOwner = std::unique_ptr<clang::DiagnosticOptions>;
inline clang::DiagnosticOptions &forPrinter(const DiagnosticOptionsOwner &O) { return *O; }
#else
using DiagnosticOptionsOwner = llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions>;
inline clang::DiagnosticOptions *forPrinter(const DiagnosticOptionsOwner &O) { return O.get(); }
#endif

} // namespace coroscope::compat

#endif // COROSCOPE_PLUGIN_COMPAT_CLANGCOMPAT_H
