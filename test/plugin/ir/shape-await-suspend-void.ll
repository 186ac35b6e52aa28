; A suspend point whose await_suspend returns void (reduced from clang++-19
; -O0 -Xclang -disable-llvm-passes of `co_await void_awaiter{}`, kit.h):
; await_suspend before llvm.coro.await.suspend.void and await_return right
; after it (the frame may be resumed elsewhere from then on); the two edges
; into the await_resume block are one marker after `coroscope` (a phi naming
; the hook per edge: createEdgeHookMarker says why) and one hook each after
; `coroscope-lower`: await_ready on await_ready()'s true edge, frame_resume
; on llvm.coro.suspend's case 0. The site is an await (kind 2) naming the
; awaiter's class from the member the wrapper calls.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope -S %t.src.ll -o %t.mark.ll
; RUN: FileCheck %s --check-prefixes=SITES,MARKER < %t.mark.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --check-prefixes=SITES,CHECK --implicit-check-not=llvm.var.annotation < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s --check-prefixes=SITES,CHECK < %t.src.ll 2> /dev/null

; SITES: @coroscope.sites = private global [2 x %coroscope.site]
; SITES-SAME: %coroscope.site { i32 0, i8 0, {{.*}} }, %coroscope.site { i32 0, i8 2, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr @coroscope.sites, ptr [[NAME:@coroscope.str[.0-9]*]], ptr {{@coroscope.str[.0-9]*}}, ptr [[AWAITER:@coroscope.str[.0-9]*]] }]
; SITES-DAG: [[NAME]] = {{.*}} c"coro\00"
; SITES-DAG: [[AWAITER]] = {{.*}} c"void_awaiter\00"

; MARKER-LABEL: define ptr @coro(
; MARKER: {{^}}resumed:
; MARKER-NEXT: %coroscope.hook = phi ptr [ @coroscope.marker.__coroscope_frame_resume, %suspend ], [ @coroscope.marker.__coroscope_await_ready, %entry ]
; MARKER-NEXT: call void @llvm.var.annotation.p0.p0(ptr {{(nocapture readnone|readnone captures\(none\))}} %hdl, ptr {{(nocapture readonly|readonly captures\(none\))}} getelementptr inbounds ([2 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr %coroscope.hook, i32 2, ptr null)
; MARKER-NEXT: call void @_ZN12void_awaiter12await_resumeEv(ptr %awaiter)

; CHECK-LABEL: define ptr @coro(
; CHECK: %ready = call i1 @_ZN12void_awaiter11await_readyEv(ptr %awaiter)
; CHECK-NEXT: br i1 %ready, label %[[READY:[a-z._]+]], label %suspend
; CHECK: [[READY]]:
; CHECK-NEXT: call void @__coroscope_await_ready(ptr [[SITE:getelementptr inbounds \(\[2 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 1\)]], ptr %hdl)
; CHECK-NEXT: br label %resumed
; CHECK: {{^}}suspend:
; CHECK-NEXT: %save = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[SITE]], ptr %hdl, ptr null)
; CHECK-NEXT: call void @llvm.coro.await.suspend.void(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
; CHECK-NEXT: call void @__coroscope_await_return(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: %s = call i8 @llvm.coro.suspend(token %save, i1 false)
; CHECK-NEXT: switch i8 %s, label %end [
; CHECK-NEXT: i8 0, label %[[RESUMED:[a-z._]+]]
; CHECK: [[RESUMED]]:
; CHECK-NEXT: call void @__coroscope_frame_resume(ptr [[SITE]], ptr %hdl)
; CHECK-NEXT: br label %resumed
; CHECK: {{^}}resumed:
; CHECK-NEXT: call void @_ZN12void_awaiter12await_resumeEv(ptr %awaiter)
; The wrapper gets no hook (await_transfer is for handle-returning ones).
; CHECK-LABEL: define internal void @coro.__await_suspend_wrapper__await(
; CHECK-NOT: @__coroscope_
; CHECK: ret void

define ptr @coro() presplitcoroutine {
entry:
  %awaiter = alloca %struct.void_awaiter, align 1
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %ready = call i1 @_ZN12void_awaiter11await_readyEv(ptr %awaiter)
  br i1 %ready, label %resumed, label %suspend
suspend:
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %awaiter, ptr %hdl, ptr @coro.__await_suspend_wrapper__await)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %end [i8 0, label %resumed
                            i8 1, label %end]
resumed:
  call void @_ZN12void_awaiter12await_resumeEv(ptr %awaiter)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define internal void @coro.__await_suspend_wrapper__await(ptr %awaiter, ptr %frame) {
  call void @_ZN12void_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret void
}

%struct.void_awaiter = type { i8 }
declare i1 @_ZN12void_awaiter11await_readyEv(ptr)
declare void @_ZN12void_awaiter13await_suspendENSt7__n486116coroutine_handleIvEE(ptr, ptr)
declare void @_ZN12void_awaiter12await_resumeEv(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.end(ptr, i1, token)
