//===- HandleEscape.h - Who else gets a new coroutine's handle ------------===//
//
// A lazy task's body runs only when someone resumes its frame. Whether only
// the returned task can do that is read from the promise: a promise that
// hands its coroutine_handle (or itself) to a run queue, a registry or a
// scheduler before the ramp function returns makes a scheduled start, not a
// lazy one, and dropping the task is then correct.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_PLUGIN_CHECKS_HANDLEESCAPE_H
#define COROSCOPE_PLUGIN_CHECKS_HANDLEESCAPE_H

#include "clang/AST/DeclCXX.h"

namespace coroscope {
namespace checks {

/// Whether the body of a promise member (get_return_object(),
/// initial_suspend(), a constructor with its member initializers) may pass
/// the coroutine handle or the promise itself (`this`) to anything but the
/// object it returns: an argument of a call other than from_promise/
/// std::move/std::forward, a store into anything but a local or the
/// promise's own members, a resume(). Constructing the returned task, a
/// factory call whose result is returned, a variadic log call (`printf`) or
/// `<<` are not escapes; a user function or constructor that receives the
/// handle is read in turn (a few levels deep), a std one or one whose body
/// is not seen keeps it. Template members are read as written, so the
/// answer is the same in every translation unit. Null or bodiless FD: false.
bool handleEscapes(const clang::FunctionDecl *FD);

/// The same for building the promise: its constructors, its members'
/// default initializers and its bases' constructors.
bool promiseInitEscapes(const clang::CXXRecordDecl *Promise);

/// Whether an initial awaiter's await_suspend(h) leaves the new coroutine
/// parked for its task: it returns void and never reads h (std::suspend_
/// always's shape). One that stores, posts or returns h starts the body
/// from elsewhere.
bool parksHandle(const clang::FunctionDecl *AwaitSuspend);

/// Whether a task object of class Task can destroy its frame: it keeps a
/// std::coroutine_handle or a pointer to its promise in a field or base
/// (also inside a member such as a unique_ptr).
bool taskKeepsHandle(const clang::CXXRecordDecl *Task);

} // namespace checks
} // namespace coroscope

#endif
