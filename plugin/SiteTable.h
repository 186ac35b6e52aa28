//===- SiteTable.h - The site descriptors of one instrumented module ------===//
//
// Every hook names a site: a coroutine function, a suspend point, a call of
// a coroutine or of a coroutine_handle member. The pass collects them as
// SiteInfo while it reads the module, then emits them as one writable array
// of struct __coroscope_site (coroscope/hooks.h) in section coroscope_sites,
// which a COMDAT constructor hands to the runtime. Hooks refer to a site by
// its address in that array.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_SITETABLE_H
#define COROSCOPE_PLUGIN_SITETABLE_H

#include "coroscope/log_format.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace llvm {
class Constant;
class DILocation;
class Function;
class GlobalVariable;
class LLVMContext;
class Module;
class StructType;
} // namespace llvm

namespace coroscope {

/// What one site descriptor will say.
struct SiteInfo {
  explicit SiteInfo(log::SiteKind K) : Kind(K) {}
  log::SiteKind Kind;
  int FunctionIndex = -1; ///< for suspend sites, index of their function site
  /// For coroutine call sites: the callee, whose function site becomes
  /// FunctionIndex once every coroutine of the module has one.
  const llvm::Function *Callee = nullptr;
  unsigned Line = 0, Column = 0;
  uint8_t Flags = 0; ///< __coroscope_site_flags known at compile time
  std::string Name, File, Awaiter;
};

class SiteTable {
public:
  explicit SiteTable(llvm::Module &M);

  /// A site of kind K in F: F's name, and the file and line of its
  /// definition (the module's source file without debug info).
  SiteInfo in(const llvm::Function &F, log::SiteKind K) const;
  /// Sets S's line, column and file from Loc, the outermost location when
  /// code was inlined (the line in the coroutine body); none without Loc.
  static void setLocation(const llvm::DILocation *Loc, SiteInfo &S);

  /// Appends S; returns its index.
  int add(SiteInfo S) {
    Sites.push_back(std::move(S));
    return int(Sites.size()) - 1;
  }
  SiteInfo &operator[](int Index) { return Sites[Index]; }
  bool empty() const { return Sites.empty(); }
  std::vector<SiteInfo>::iterator begin() { return Sites.begin(); }
  std::vector<SiteInfo>::iterator end() { return Sites.end(); }

  /// Emits the array, once every site is added; Build: log::BuildFlags.
  void emit(uint8_t Build);
  /// The address of site Index in the array (after emit()).
  llvm::Constant *ptr(int Index) const;
  /// Registers the array with the runtime from a constructor, once per
  /// module (after emit()).
  void emitCtor();

private:
  llvm::Constant *stringPtr(llvm::StringRef S);

  llvm::Module &M;
  llvm::LLVMContext &Ctx;
  std::vector<SiteInfo> Sites;
  llvm::GlobalVariable *Table = nullptr;
  llvm::StructType *SiteTy = nullptr;
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace coroscope

#endif
