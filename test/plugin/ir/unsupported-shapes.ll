; Coroutines the pass cannot instrument in Clang's shape are skipped whole,
; with a missed remark naming the reason, and left byte for byte unchanged;
; calls of them get no coroutine_call site (it would be handed to the next
; frame the thread begins). A well-formed coroutine next to them is still
; instrumented, with a positive remark. opt verifies the output module.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope,coroscope-lower -pass-remarks=coroscope -pass-remarks-missed=coroscope -S %t.src.ll -o %t.out.ll 2> %t.remarks
; RUN: FileCheck %s --check-prefix=REMARK --implicit-check-not=remark < %t.remarks
; RUN: FileCheck %s < %t.out.ll
; RUN: opt -passes=verify -S %t.src.ll -o %t.in.ll
; RUN: llvm-extract -S --rfunc='^(no_save|final_flag|not_a_switch|ready_twice|no_id|two_begins|end_flag|handle_decl|funclet|begin_late)$' %t.in.ll -o - | grep -v '^; ModuleID' > %t.in.skipped.ll
; RUN: llvm-extract -S --rfunc='^(no_save|final_flag|not_a_switch|ready_twice|no_id|two_begins|end_flag|handle_decl|funclet|begin_late)$' %t.out.ll -o - | grep -v '^; ModuleID' > %t.out.skipped.ll
; RUN: diff %t.in.skipped.ll %t.out.skipped.ll

; REMARK-DAG: remark: <unknown>:0:0: coroscope: instrumented 'ok': 1 suspend point{{$}}
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'no_save': suspend point has no llvm.coro.save or no constant 'final' flag
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'final_flag': suspend point has no llvm.coro.save or no constant 'final' flag
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'not_a_switch': the result of llvm.coro.suspend does not select its resume path through one switch case
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'ready_twice': the result of llvm.coro.suspend does not select its resume path through one switch case
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'no_id': llvm.coro.begin does not take its token from llvm.coro.id (not a C++ coroutine)
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'two_begins': more than one llvm.coro.begin
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'hooked': it is instrumented already (it calls __coroscope_ hooks)
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'end_flag': llvm.coro.end has no constant 'unwind' flag
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'handle_decl': the await_suspend wrapper is not a definition of its own returning the next coroutine
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'funclet': await_suspend unwinds to a funclet pad
; REMARK-DAG: remark: <unknown>:0:0: coroscope: not instrumenting 'begin_late': suspend point is not dominated by llvm.coro.begin

; Only ok() and its one suspend point have sites, plus the call in caller().
; CHECK: @coroscope.sites = private global [3 x %coroscope.site]
; CHECK-LABEL: define ptr @ok(
; CHECK: call void @__coroscope_frame_begin(
; CHECK: call void @__coroscope_await_suspend(
; CHECK: call void @__coroscope_await_return(
; CHECK: call void @__coroscope_frame_resume(
; CHECK: call void @__coroscope_frame_free(
; CHECK: call void @__coroscope_ramp_return(
; CHECK-LABEL: define void @caller(
; CHECK-NEXT: call void @__coroscope_coroutine_call(
; CHECK-NEXT: call ptr @ok()
; CHECK-NEXT: call ptr @no_save()
; CHECK-NEXT: ret void
; hooked() keeps its one hook call (its declaration gains the hooks'
; attributes, so it is not in the diff above).
; CHECK-LABEL: define ptr @hooked(
; CHECK-NEXT: entry:
; CHECK-NEXT: %id = call token @llvm.coro.id(
; CHECK-NEXT: %hdl = call ptr @llvm.coro.begin(
; CHECK-NEXT: call void @__coroscope_frame_begin(ptr null, ptr %hdl, i64 16)
; CHECK-NEXT: {{(%unused = call i1|call void)}} @llvm.coro.end(

define ptr @ok() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @malloc(i64 %size)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %mem)
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr null, ptr %hdl, ptr @wrapper)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %cleanup]
resume:
  br label %cleanup
cleanup:
  %free = call ptr @llvm.coro.free(token %id, ptr %hdl)
  call void @free(ptr %free)
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define void @caller() {
  call ptr @ok()
  call ptr @no_save()
  ret void
}

; The suspend point saves nothing (what __builtin_coro_suspend emits).
define ptr @no_save() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %s = call i8 @llvm.coro.suspend(token none, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %suspend]
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; Whether it is the final suspend point is known only at run time.
define ptr @final_flag(i1 %final) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %save = call token @llvm.coro.save(ptr null)
  %s = call i8 @llvm.coro.suspend(token %save, i1 %final)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %suspend]
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; The suspend result is compared, not switched on.
define ptr @not_a_switch() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %save = call token @llvm.coro.save(ptr null)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  %resumed = icmp eq i8 %s, 0
  br i1 %resumed, label %resume, label %suspend
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; The resume block is also the switch's default: two edges, one hook.
define ptr @ready_twice() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %save = call token @llvm.coro.save(ptr null)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %resume [i8 0, label %resume
                               i8 1, label %suspend]
resume:
  %p = phi i32 [ 0, %entry ], [ 0, %entry ]
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; Not switch-lowered: the frame comes from no llvm.coro.id.
define ptr @no_id() presplitcoroutine {
entry:
  %hdl = call ptr @llvm.coro.begin(token none, ptr null)
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define ptr @two_begins() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %hdl2 = call ptr @llvm.coro.begin(token %id, ptr null)
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl2
}

; Instrumented before (opt run twice): hooking it again doubles every event.
define ptr @hooked() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  call void @__coroscope_frame_begin(ptr null, ptr %hdl, i64 16)
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

define ptr @end_flag(i1 %unwind) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 %unwind, token none)
  ret ptr %hdl
}

; A handle-returning await_suspend whose wrapper is not here to take the hook.
define ptr @handle_decl() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.handle(ptr null, ptr %hdl, ptr @extern_wrapper)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %suspend]
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
}

; Windows EH: await_suspend unwinds to a cleanuppad, where no landing pad
; (and so no hook) can go.
define ptr @funclet() presplitcoroutine personality ptr @__CxxFrameHandler3 {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %save = call token @llvm.coro.save(ptr null)
  invoke void @llvm.coro.await.suspend.void(ptr null, ptr %hdl, ptr @wrapper)
          to label %cont unwind label %pad
cont:
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %suspend]
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr %hdl, i1 false, token none)
  ret ptr %hdl
pad:
  %cp = cleanuppad within none []
  cleanupret from %cp unwind to caller
}

; The suspend point is reachable on a path that never made the frame.
define ptr @begin_late(i1 %c) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 0, ptr null, ptr null, ptr null)
  br i1 %c, label %make, label %join
make:
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %join
join:
  %save = call token @llvm.coro.save(ptr null)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %suspend [i8 0, label %resume
                                i8 1, label %suspend]
resume:
  br label %suspend
suspend:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr null
}

define private void @wrapper(ptr %awaiter, ptr %frame) {
  ret void
}

declare ptr @extern_wrapper(ptr, ptr)
declare void @__coroscope_frame_begin(ptr, ptr, i64)
declare i32 @__CxxFrameHandler3(...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare void @llvm.coro.await.suspend.handle(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare ptr @llvm.coro.free(token, ptr)
declare i1 @llvm.coro.end(ptr, i1, token)
