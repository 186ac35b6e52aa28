; A suspend point whose await_suspend may throw (reduced from clang++-19 -O0
; -Xclang -disable-llvm-passes of a co_await in a try block): Clang invokes
; llvm.coro.await.suspend.*, and an exception from it resumes the coroutine
; at once, so the landing pad gets await_cancel (the suspension is undone).
; The pad is also reached from await_resume, which undoes nothing: the pass
; splits it, and only await_suspend's own pad gets the hook. await_return
; goes at the top of the invoke's normal destination.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --implicit-check-not=llvm.var.annotation < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %t.src.ll 2> /dev/null

; CHECK-LABEL: define ptr @coro(
; CHECK: {{^}}suspend:
; CHECK-NEXT: %save = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[SITE:getelementptr inbounds \(\[2 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 1\)]], ptr %hdl, ptr null)
; CHECK-NEXT: invoke void @llvm.coro.await.suspend.void(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
; CHECK-NEXT: to label %park unwind label %[[CANCEL:[a-z._]+]]
; CHECK: {{^}}park:
; CHECK-NEXT: call void @__coroscope_await_return(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: %s = call i8 @llvm.coro.suspend(token %save, i1 false)
; CHECK: {{^}}resumed:
; CHECK-NEXT: invoke void @_ZN16throwing_awaiter12await_resumeEv(ptr %awaiter)
; CHECK-NEXT: to label %end unwind label %[[REST:[a-z._]+]]
; CHECK: [[CANCEL]]:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: call void @__coroscope_await_cancel(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: br label %lpad
; CHECK: [[REST]]:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: br label %lpad
; CHECK: {{^}}lpad:
; CHECK-NEXT: call void @handle_exception(ptr %hdl)

define ptr @coro() presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %awaiter = alloca %struct.throwing_awaiter, align 1
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ready = call i1 @_ZN16throwing_awaiter11await_readyEv(ptr %awaiter)
  br i1 %ready, label %resumed, label %suspend
suspend:
  %save = call token @llvm.coro.save(ptr null)
  invoke void @llvm.coro.await.suspend.void(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
          to label %park unwind label %lpad
park:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %end [i8 0, label %resumed
                            i8 1, label %end]
resumed:
  invoke void @_ZN16throwing_awaiter12await_resumeEv(ptr %awaiter)
          to label %end unwind label %lpad
; Reached from await_suspend and from await_resume: only the first undoes a
; suspension.
lpad:
  %exn = landingpad { ptr, i32 }
          catch ptr null
  call void @handle_exception(ptr %hdl)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define internal void @coro.__await_suspend_wrapper__await(ptr %awaiter, ptr %frame) {
  call void @_ZN16throwing_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret void
}

%struct.throwing_awaiter = type { i8 }
declare i1 @_ZN16throwing_awaiter11await_readyEv(ptr)
declare void @_ZN16throwing_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr, ptr)
declare void @_ZN16throwing_awaiter12await_resumeEv(ptr)
declare void @handle_exception(ptr)
declare i32 @__gxx_personality_v0(...)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.end(ptr, i1, token)
