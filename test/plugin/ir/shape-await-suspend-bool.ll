; A suspend point whose await_suspend returns bool (reduced from clang++-19
; -O0 -Xclang -disable-llvm-passes of `co_await bool_awaiter{}`, kit.h):
; await_suspend before llvm.coro.await.suspend.bool, await_return after it,
; and three edges into the await_resume block, each with its own hook after
; `coroscope-lower`: await_ready (await_ready() was true), await_cancel
; (await_suspend returned false: the suspension is undone) and frame_resume
; (llvm.coro.suspend's case 0). After `coroscope` alone they are one marker
; whose phi names the hook per edge.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope -S %t.src.ll -o %t.mark.ll
; RUN: FileCheck %s --check-prefix=MARKER < %t.mark.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --implicit-check-not=llvm.var.annotation < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %t.src.ll 2> /dev/null

; MARKER-LABEL: define ptr @coro(
; MARKER: {{^}}resumed:
; MARKER-NEXT: %coroscope.hook = phi ptr [ @coroscope.marker.__coroscope_frame_resume, %park ], [ @coroscope.marker.__coroscope_await_cancel, %suspend ], [ @coroscope.marker.__coroscope_await_ready, %entry ]
; MARKER-NEXT: call void @llvm.var.annotation.p0.p0(ptr {{(nocapture readnone|readnone captures\(none\))}} %hdl, ptr {{(nocapture readonly|readonly captures\(none\))}} getelementptr inbounds ([2 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr %coroscope.hook, i32 2, ptr null)

; CHECK-LABEL: define ptr @coro(
; CHECK: %ready = call i1 @_ZN12bool_awaiter11await_readyEv(ptr %awaiter)
; CHECK-NEXT: br i1 %ready, label %[[READY:[a-z._]+]], label %suspend
; CHECK: [[READY]]:
; CHECK-NEXT: call void @__coroscope_await_ready(ptr [[SITE:getelementptr inbounds \(\[2 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 1\)]], ptr %hdl)
; CHECK-NEXT: br label %resumed
; CHECK: {{^}}suspend:
; CHECK-NEXT: %save = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[SITE]], ptr %hdl, ptr null)
; CHECK-NEXT: %suspends = call i1 @llvm.coro.await.suspend.bool(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
; CHECK-NEXT: call void @__coroscope_await_return(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: br i1 %suspends, label %park, label %[[CANCEL:[a-z._]+]]
; CHECK: [[CANCEL]]:
; CHECK-NEXT: call void @__coroscope_await_cancel(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: br label %resumed
; CHECK: {{^}}park:
; CHECK-NEXT: %s = call i8 @llvm.coro.suspend(token %save, i1 false)
; CHECK-NEXT: switch i8 %s, label %end [
; CHECK-NEXT: i8 0, label %[[RESUMED:[a-z._]+]]
; CHECK: [[RESUMED]]:
; CHECK-NEXT: call void @__coroscope_frame_resume(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: br label %resumed
; CHECK: {{^}}resumed:
; CHECK-NEXT: call void @_ZN12bool_awaiter12await_resumeEv(ptr %awaiter)
; CHECK-LABEL: define internal i1 @coro.__await_suspend_wrapper__await(
; CHECK-NOT: @__coroscope_
; CHECK: ret i1 %suspends

define ptr @coro() presplitcoroutine {
entry:
  %awaiter = alloca %struct.bool_awaiter, align 1
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ready = call i1 @_ZN12bool_awaiter11await_readyEv(ptr %awaiter)
  br i1 %ready, label %resumed, label %suspend
suspend:
  %save = call token @llvm.coro.save(ptr null)
  %suspends = call i1 @llvm.coro.await.suspend.bool(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
  br i1 %suspends, label %park, label %resumed
park:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %end [i8 0, label %resumed
                            i8 1, label %end]
resumed:
  call void @_ZN12bool_awaiter12await_resumeEv(ptr %awaiter)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define internal i1 @coro.__await_suspend_wrapper__await(ptr %awaiter, ptr %frame) {
  %suspends = call i1 @_ZN12bool_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret i1 %suspends
}

%struct.bool_awaiter = type { i8 }
declare i1 @_ZN12bool_awaiter11await_readyEv(ptr)
declare i1 @_ZN12bool_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr, ptr)
declare void @_ZN12bool_awaiter12await_resumeEv(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare i1 @llvm.coro.await.suspend.bool(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.end(ptr, i1, token)
