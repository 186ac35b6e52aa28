; A suspend point whose await_suspend returns a coroutine_handle (symmetric
; transfer; reduced from clang++-19 -O0 -Xclang -disable-llvm-passes of
; `co_await child` on kit.h's lazy<int>): await_suspend before
; llvm.coro.await.suspend.handle and no await_return after it (CoroSplit
; puts the tail call into the returned frame right after the wrapper), but
; await_transfer inside the wrapper, before its ret, naming the frame it
; transfers to. The resumed and ready edges get their hooks as for void.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --implicit-check-not=llvm.var.annotation < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %t.src.ll 2> /dev/null

; CHECK-LABEL: define ptr @coro(
; CHECK: %ready = call i1 @_ZN4lazyIiE11await_readyEv(ptr %child)
; CHECK-NEXT: br i1 %ready, label %[[READY:[a-z._]+]], label %suspend
; CHECK: [[READY]]:
; CHECK-NEXT: call void @__coroscope_await_ready(ptr [[SITE:getelementptr inbounds \(\[2 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 1\)]], ptr %hdl)
; CHECK: {{^}}suspend:
; CHECK-NEXT: %save = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[SITE]], ptr %hdl, ptr null)
; CHECK-NEXT: call void @llvm.coro.await.suspend.handle(ptr %child, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
; CHECK-NEXT: %s = call i8 @llvm.coro.suspend(token %save, i1 false)
; CHECK-NEXT: switch i8 %s, label %end [
; CHECK-NEXT: i8 0, label %[[RESUMED:[a-z._]+]]
; CHECK: [[RESUMED]]:
; CHECK-NEXT: call void @__coroscope_frame_resume(ptr [[SITE]], ptr %hdl)
; CHECK-NOT: @__coroscope_await_return
; CHECK-LABEL: define internal ptr @coro.__await_suspend_wrapper__await(ptr %awaiter, ptr %frame)
; CHECK-NEXT: %next = call ptr @_ZN4lazyIiE13await_suspendENSt7__n486116coroutine_handleIvEE(ptr %awaiter, ptr %frame)
; CHECK-NEXT: call void @__coroscope_await_transfer(ptr [[SITE]], ptr %frame, ptr %next)
; CHECK-NEXT: ret ptr %next

define ptr @coro(ptr %child) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ready = call i1 @_ZN4lazyIiE11await_readyEv(ptr %child)
  br i1 %ready, label %resumed, label %suspend
suspend:
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr %child, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %end [i8 0, label %resumed
                            i8 1, label %end]
resumed:
  %v = call i32 @_ZN4lazyIiE12await_resumeEv(ptr %child)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

; Returns the frame to transfer to: the awaited task's.
define internal ptr @coro.__await_suspend_wrapper__await(ptr %awaiter, ptr %frame) {
  %next = call ptr @_ZN4lazyIiE13await_suspendENSt7__n486116coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret ptr %next
}

declare i1 @_ZN4lazyIiE11await_readyEv(ptr)
declare ptr @_ZN4lazyIiE13await_suspendENSt7__n486116coroutine_handleIvEE(ptr, ptr)
declare i32 @_ZN4lazyIiE12await_resumeEv(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.end(ptr, i1, token)
