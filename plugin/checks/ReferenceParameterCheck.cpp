//===- ReferenceParameterCheck.cpp - A temporary bound to a coroutine's ref ===//
//
// Two passes: checkCoroutine records, per coroutine, which parameters are
// read after a suspension; checkFunctionBody then looks at every call of
// those coroutines in the translation unit. Warning about the definition
// alone (as clang-tidy's avoid-reference-coroutine-parameters does) would
// flag every coroutine taking `const T&` from callers that keep the object
// alive; the call site is where the dangling happens.
//
//===----------------------------------------------------------------------===//
#include "ReferenceParameterCheck.h"

#include "CoroAst.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace coroscope {
namespace checks {

static bool isStdView(const CXXRecordDecl *RD) {
  if (!RD || !RD->isInStdNamespace() || !RD->getIdentifier())
    return false;
  StringRef N = RD->getName();
  return N == "basic_string_view" || N == "span";
}

// What kind of borrowed parameter this is, or null when it owns its value.
static const char *borrowKind(QualType T) {
  if (T->isReferenceType())
    return "reference";
  if (T->isPointerType() && !T->isFunctionPointerType())
    return "pointer";
  if (isStdView(classOf(T)))
    return "view";
  return nullptr;
}

namespace {

class UseFinder : public BodyVisitor<UseFinder> {
public:
  llvm::DenseMap<const ParmVarDecl *, std::vector<const DeclRefExpr *>> Uses;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *P = dyn_cast<ParmVarDecl>(E->getDecl()))
      Uses[P].push_back(E);
    return true;
  }
};

// A temporary of class or array type that the borrowed value can point into.
class TemporaryFinder : public BodyVisitor<TemporaryFinder> {
public:
  bool Found = false;
  bool VisitMaterializeTemporaryExpr(MaterializeTemporaryExpr *E) {
    if (E->getStorageDuration() != SD_FullExpression)
      return true;
    QualType T = E->getType();
    if (T->isArrayType() || (classOf(T) && !isStdView(classOf(T))))
      Found = true;
    return true;
  }
};

} // namespace

// The argument a call passes for a parameter it leaves out: the default
// argument, whose temporaries die with the caller's full-expression as a
// written argument's do. Null when Arg is written.
static const Expr *defaultArgument(const Expr *Arg) {
  const auto *D = dyn_cast<CXXDefaultArgExpr>(Arg->IgnoreParens());
  if (!D)
    return nullptr;
  const Expr *E = D->getExpr();
  if (const auto *FE = dyn_cast_or_null<FullExpr>(E))
    E = FE->getSubExpr();
  return E;
}

static bool bindsTemporary(const Expr *Arg, QualType ParamType) {
  if (const Expr *Default = defaultArgument(Arg))
    Arg = Default;
  if (ParamType->isReferenceType()) {
    const Expr *E = Arg;
    while (true) {
      E = E->IgnoreParens();
      if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
          ICE && (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_DerivedToBase ||
                  ICE->getCastKind() == CK_UncheckedDerivedToBase)) {
        E = ICE->getSubExpr();
        continue;
      }
      break;
    }
    const auto *M = dyn_cast<MaterializeTemporaryExpr>(E);
    return M && M->getStorageDuration() == SD_FullExpression;
  }
  TemporaryFinder F;
  F.TraverseStmt(const_cast<Expr *>(Arg));
  return F.Found;
}

void ReferenceParameterCheck::checkCoroutine(const Coroutine &C, Reporter &R) {
  const ASTContext &Ctx = R.context();
  Suspensions S(Ctx, C.Body->getBody());
  CoroutineInfo Info;
  Info.Lazy = isLazyCoroutine(C.Body);
  if (S.empty() && !Info.Lazy)
    return; // runs to completion inside the call
  UseFinder U;
  U.TraverseStmt(C.Body->getBody());
  for (unsigned I = 0; I < C.FD->getNumParams(); ++I) {
    const ParmVarDecl *P = C.FD->getParamDecl(I);
    if (!borrowKind(P->getType()))
      continue;
    auto It = U.Uses.find(P);
    if (It == U.Uses.end())
      continue;
    for (const DeclRefExpr *Use : It->second) {
      const Expr *Before = S.suspendedBefore(Use->getLocation());
      if (Before || Info.Lazy) {
        Info.Params.push_back({I, Use, Before});
        break;
      }
    }
  }
  if (!Info.Params.empty())
    Coroutines[C.FD->getCanonicalDecl()] = std::move(Info);
}

namespace {
class CallFinder : public BodyVisitor<CallFinder> {
public:
  std::vector<const CallExpr *> Calls;
  bool VisitCallExpr(CallExpr *C) {
    Calls.push_back(C);
    return true;
  }
};

// Whether Call is an argument of another call or constructor in the same
// full-expression (`sync_wait(f(tmp))`, `when_all(f(tmp), ...)`).
bool isArgumentOfCall(ASTContext &Ctx, const Expr *Call) {
  DynTypedNode N = DynTypedNode::create(*Call);
  for (int Depth = 0; Depth < 16; ++Depth) {
    auto Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    N = Parents[0];
    const auto *P = N.get<Expr>();
    if (!P)
      return false;
    if (isa<ImplicitCastExpr>(P) || isa<MaterializeTemporaryExpr>(P) ||
        isa<CXXBindTemporaryExpr>(P) || isa<ParenExpr>(P) || isa<ExprWithCleanups>(P))
      continue;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(P))
      return !CE->getConstructor()->isCopyOrMoveConstructor();
    return isa<CallExpr>(P) && !movedOperand(P);
  }
  return false;
}
// `const T &p` -> `T p`, the text of T as written. Only where that is the
// whole change: one declaration to edit, and T can be copied.
std::optional<FixItHint> byValue(const FunctionDecl *Callee, const ParmVarDecl *P,
                                 const ASTContext &Ctx) {
  QualType T = P->getType();
  if (!T->isLValueReferenceType() || !T->getPointeeType().isConstQualified() ||
      T->getPointeeType().isVolatileQualified() || std::next(Callee->redecls_begin()) !=
                                                       Callee->redecls_end())
    return std::nullopt;
  if (const CXXRecordDecl *RD = T->getPointeeType()->getAsCXXRecordDecl()) {
    if (!RD->hasDefinition() || RD->isAbstract())
      return std::nullopt;
    if (RD->needsImplicitCopyConstructor() ? RD->defaultedCopyConstructorIsDeleted()
                                           : llvm::none_of(RD->ctors(), [](const auto *C) {
                                               return C->isCopyConstructor() && !C->isDeleted();
                                             }))
      return std::nullopt;
  }
  const TypeSourceInfo *TSI = P->getTypeSourceInfo();
  if (!TSI)
    return std::nullopt;
  auto Ref = TSI->getTypeLoc().getAs<LValueReferenceTypeLoc>();
  if (!Ref)
    return std::nullopt;
  SourceRange Pointee = Ref.getPointeeLoc().getUnqualifiedLoc().getSourceRange();
  SourceRange Whole(P->getBeginLoc(), Ref.getEndLoc()); // from `const` to `&`
  if (!Pointee.getBegin().isFileID() || !Pointee.getEnd().isFileID() ||
      !Whole.getBegin().isFileID() || !Whole.getEnd().isFileID())
    return std::nullopt;
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Pointee),
                                        Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Text.empty())
    return std::nullopt;
  // `const T &p` and `const T& p` both become `T p`.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation After = Lexer::getLocForEndOfToken(Whole.getEnd(), 0, SM, Ctx.getLangOpts());
  bool Space = !P->getName().empty() && After.isValid() && !isWhitespace(*SM.getCharacterData(After));
  return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Whole),
                                      Space ? Text.str() + " " : Text.str());
}
} // namespace

void ReferenceParameterCheck::checkFunctionBody(const FunctionDecl *, const Stmt *Body,
                                                Reporter &R) {
  if (Coroutines.empty())
    return;
  ASTContext &Ctx = R.context();
  CallFinder F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  for (const CallExpr *Call : F.Calls) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      continue;
    auto It = Coroutines.find(Callee->getCanonicalDecl());
    if (It == Coroutines.end())
      continue;
    const CoroutineInfo &Info = It->second;
    // In an operator call on an object (a lambda's operator()), argument 0
    // is the object.
    unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(Callee) &&
                             !cast<CXXMethodDecl>(Callee)->isStatic()
                         ? 1
                         : 0;
    for (const RiskyParam &RP : Info.Params) {
      if (RP.Index + Shift >= Call->getNumArgs())
        continue;
      const ParmVarDecl *P = Callee->getParamDecl(RP.Index);
      const Expr *Arg = Call->getArg(RP.Index + Shift);
      if (!bindsTemporary(Arg, P->getType()))
        continue;
      if (isUnderCoAwait(Ctx, Call))
        continue; // the temporary lives until the co_await resumes
      if (Info.Lazy && isArgumentOfCall(Ctx, Call))
        continue; // handed to sync_wait()/when_all(): may run within the full-expression
      std::string CalleeName = functionName(Callee);
      // A default argument is written nowhere in the call: warn at the call.
      bool Defaulted = defaultArgument(Arg) != nullptr;
      Finding W = R.warn(name(), Defaulted ? Call->getExprLoc() : Arg->getBeginLoc(),
                         "coroutine '" + CalleeName + "' gets a temporary " +
                             (Defaulted ? "from the default argument of" : "for") + " its " +
                             borrowKind(P->getType()) + " parameter '" + P->getNameAsString() +
                             "', which dies at the end of this full-expression, but reads '" +
                             P->getNameAsString() + "' after it has suspended");
      if (!W)
        continue;
      std::optional<FixItHint> Fix = byValue(Callee, P, Ctx);
      W.note(P->getLocation(),
             "parameter '" + P->getNameAsString() + "' of '" + CalleeName +
                 "' declared here; take it by value to keep a copy in the coroutine frame",
             Fix ? llvm::ArrayRef(*Fix) : llvm::ArrayRef<FixItHint>());
      if (RP.Suspension)
        W.note(RP.Use->getBeginLoc(),
               "'" + P->getNameAsString() + "' is read here, after the coroutine has suspended");
      else
        W.note(RP.Use->getBeginLoc(), "'" + P->getNameAsString() +
                                          "' is read here; '" + CalleeName +
                                          "' starts suspended, so this runs after the call "
                                          "has returned");
    }
  }
}

} // namespace checks
} // namespace coroscope
