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

// What a method of a temporary returns points into that temporary: a std
// class that owns its elements (a string, a container, an optional, an
// owning pointer), or a method whose body returns a member of `this` (or a
// pointer into one). Iterators, views and handles point elsewhere, and a
// body not seen is not assumed to point inside.
static bool returnsIntoThis(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 16)
    return false;
  E = E->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() ? returnsIntoThis(M->getBase(), Depth + 1)
                         : isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
                               !M->getType()->isPointerType();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return returnsIntoThis(U->getSubExpr(), Depth + 1);
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return returnsIntoThis(A->getBase(), Depth + 1);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) // `return name_.c_str();`
    return returnsIntoThis(MC->getImplicitObjectArgument(), Depth + 1);
  return false;
}
static bool pointsIntoObject(const CXXMethodDecl *M) {
  if (!M)
    return false;
  const CXXRecordDecl *RD = M->getParent();
  if (RD->isInStdNamespace() && RD->getIdentifier()) {
    static const StringRef Owners[] = {"basic_string",
                                       "vector",
                                       "array",
                                       "deque",
                                       "list",
                                       "forward_list",
                                       "map",
                                       "multimap",
                                       "set",
                                       "multiset",
                                       "unordered_map",
                                       "unordered_multimap",
                                       "unordered_set",
                                       "unordered_multiset",
                                       "optional",
                                       "unique_ptr",
                                       "shared_ptr",
                                       "expected",
                                       "variant",
                                       "pair",
                                       "tuple",
                                       "valarray",
                                       "basic_stringstream",
                                       "basic_ostringstream"};
    return llvm::is_contained(Owners, RD->getName());
  }
  const FunctionDecl *Def = writtenDefinition(M);
  if (!Def)
    return false;
  return anyStmt(Def->getBody(), [&](const Stmt *S) {
    const auto *R = dyn_cast<ReturnStmt>(S);
    return R && returnsIntoThis(R->getRetValue());
  });
}

// Whether the borrowed value E yields (a pointer, a view) can point into a
// temporary of class or array type: the walk follows only what passes the
// pointer on (conversions, the object of a member call or operator that
// returns a reference, pointer or view, the arms of ?:), not a lookup key
// (`map.at(std::string(k))`) or a condition (`std::string(k).empty() ? a : b`).
static bool borrowsTemporary(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
    if (M->getStorageDuration() != SD_FullExpression)
      return false;
    QualType T = M->getType();
    if (T->isArrayType() || (classOf(T) && !isStdView(classOf(T))))
      return true;
    return borrowsTemporary(M->getSubExpr(), Depth + 1);
  }
  if (isa<ImplicitCastExpr, CXXBindTemporaryExpr, FullExpr, ExplicitCastExpr>(E))
    return borrowsTemporary(cast<Expr>(*E->child_begin()), Depth + 1);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return borrowsTemporary(C->getTrueExpr(), Depth + 1) ||
           borrowsTemporary(C->getFalseExpr(), Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma)
      return borrowsTemporary(B->getRHS(), Depth + 1);
    if (B->isAdditiveOp()) // pointer arithmetic
      return borrowsTemporary(B->getLHS(), Depth + 1) || borrowsTemporary(B->getRHS(), Depth + 1);
    return false;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return borrowsTemporary(U->getSubExpr(), Depth + 1);
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return borrowsTemporary(M->getBase(), Depth + 1);
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return borrowsTemporary(A->getBase(), Depth + 1);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) // a view built from parts
    return llvm::any_of(C->arguments(),
                        [&](const Expr *A) { return borrowsTemporary(A, Depth + 1); });
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A result that owns its value is a temporary of its own (above) or a
    // scalar: only a borrowed result can point into what the call was given.
    QualType R = Call->getType(); // a reference result makes the call a glvalue
    bool Borrowed = Call->isGLValue() || R->isPointerType() || isStdView(classOf(R));
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call)) {
      // A conversion (`std::string` -> `std::string_view`) or an accessor
      // (`s.data()`, `s.c_str()`) borrows from its object, if the object
      // holds what it points to.
      if ((Borrowed || isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) &&
          pointsIntoObject(MC->getMethodDecl()))
        return borrowsTemporary(MC->getImplicitObjectArgument(), Depth + 1);
      return false;
    }
    if (!Borrowed)
      return false;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
        Op && Op->getNumArgs() > 0 && isa<CXXMethodDecl>(Op->getCalleeDecl())) {
      if (!pointsIntoObject(cast<CXXMethodDecl>(Op->getCalleeDecl())))
        return false; // `it->second`, `*it`: an iterator points elsewhere
      return borrowsTemporary(Op->getArg(0), Depth + 1); // `tmp[0]`, `*opt`
    }
    return llvm::any_of(Call->arguments(),
                        [&](const Expr *A) { return borrowsTemporary(A, Depth + 1); });
  }
  return false;
}

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
      if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
        E = ME->getBase(); // `config().name`: a member of the temporary
        continue;
      }
      break;
    }
    const auto *M = dyn_cast<MaterializeTemporaryExpr>(E);
    return M && M->getStorageDuration() == SD_FullExpression;
  }
  return borrowsTemporary(Arg);
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

// Whether Call is an argument of another call or constructor in the same
// full-expression (`sync_wait(f(tmp))`, `when_all(f(tmp), ...)`).
bool isArgumentOfCall(ASTContext &Ctx, const Expr *Call) {
  for (const Expr *P : enclosingExprs(Ctx, Call, 16)) {
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
      T->getPointeeType().isVolatileQualified() ||
      std::next(Callee->redecls_begin()) != Callee->redecls_end())
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
  bool Space =
      !P->getName().empty() && After.isValid() && !isWhitespace(*SM.getCharacterData(After));
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
      ReportedWarning W =
          R.warn(name(), Defaulted ? Call->getExprLoc() : Arg->getBeginLoc(),
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
        W.note(RP.Use->getBeginLoc(), "'" + P->getNameAsString() + "' is read here; '" +
                                          CalleeName +
                                          "' starts suspended, so this runs after the call "
                                          "has returned");
    }
  }
}

} // namespace checks
} // namespace coroscope
