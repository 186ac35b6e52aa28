; The caller side, in any function: coroutine_call before a call of a
; coroutine defined in the module (kind 8, pointing at the callee's function
; site), and the handle hooks around direct llvm.coro.resume / .done /
; .destroy calls (kinds 5, 7, 6). After `coroscope` they are markers that the
; cost models price at zero (an llvm.var.annotation before the call, and a
; "coroscope.hook_after" bundle on resume/destroy for the exit hook:
; docs/instrumentation.md, "Elision is not defeated"); `coroscope-lower` makes
; them calls, the exit hooks right after the call.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope -S %t.src.ll -o %t.mark.ll
; RUN: FileCheck %s --check-prefixes=SITES,MARKER < %t.mark.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --check-prefixes=SITES,CHECK --implicit-check-not=llvm.var.annotation --implicit-check-not=coroscope.hook_after < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s --check-prefixes=SITES,CHECK < %t.src.ll 2> /dev/null

; SITES: @coroscope.sites = private global [5 x %coroscope.site]
; SITES-SAME: [%coroscope.site { i32 0, i8 0, {{[^}]*}} }, %coroscope.site { i32 0, i8 8, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr @coroscope.sites, ptr [[DRIVE:@coroscope.str[.0-9]*]], {{[^}]*}} }, %coroscope.site { i32 0, i8 5, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr null, ptr [[DRIVE]], {{[^}]*}} }, %coroscope.site { i32 0, i8 7, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr null, ptr [[DRIVE]], {{[^}]*}} }, %coroscope.site { i32 0, i8 6, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr null, ptr [[DRIVE]], {{[^}]*}} }]
; SITES-DAG: [[DRIVE]] = {{.*}} c"drive\00"

; MARKER-LABEL: define void @drive(
; MARKER-NEXT: entry:
; MARKER-NEXT: call void @llvm.var.annotation.p0.p0(ptr {{(nocapture readnone|readnone captures\(none\))}} null, ptr {{(nocapture readonly|readonly captures\(none\))}} getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr @coroscope.marker.__coroscope_coroutine_call, i32 1, ptr null)
; MARKER-NEXT: %h = call ptr @coro()
; MARKER-NEXT: call void @llvm.var.annotation.p0.p0(ptr {{(nocapture readnone|readnone captures\(none\))}} %h, ptr {{(nocapture readonly|readonly captures\(none\))}} getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 2), ptr @coroscope.marker.__coroscope_handle_resume_enter, i32 2, ptr null)
; MARKER-NEXT: call void @llvm.coro.resume(ptr %h) {{(#[0-9]+ )?}}[ "coroscope.hook_after"(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 2), ptr @coroscope.marker.__coroscope_handle_resume_exit) ]

; CHECK-LABEL: define void @drive(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__coroscope_coroutine_call(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1))
; CHECK-NEXT: %h = call ptr @coro()
; CHECK-NEXT: call void @__coroscope_handle_resume_enter(ptr [[RESUME:getelementptr inbounds \(\[5 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 2\)]], ptr %h)
; CHECK-NEXT: call void @llvm.coro.resume(ptr %h){{( #[0-9]+)?$}}
; CHECK-NEXT: call void @__coroscope_handle_resume_exit(ptr [[RESUME]], ptr %h)
; CHECK-NEXT: call void @__coroscope_handle_done(ptr getelementptr inbounds ([5 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 3), ptr %h)
; CHECK-NEXT: %done = call i1 @llvm.coro.done(ptr %h)
; CHECK: {{^}}destroy:
; CHECK-NEXT: call void @__coroscope_handle_destroy_enter(ptr [[DESTROY:getelementptr inbounds \(\[5 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 4\)]], ptr %h)
; CHECK-NEXT: call void @llvm.coro.destroy(ptr %h){{( #[0-9]+)?$}}
; CHECK-NEXT: call void @__coroscope_handle_destroy_exit(ptr [[DESTROY]], ptr %h)
; CHECK-NEXT: br label %exit

; A coroutine defined here (its frame is created by the call in @drive).
define ptr @coro() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define void @drive() {
entry:
  %h = call ptr @coro()
  call void @llvm.coro.resume(ptr %h)
  %done = call i1 @llvm.coro.done(ptr %h)
  br i1 %done, label %destroy, label %exit
destroy:
  call void @llvm.coro.destroy(ptr %h)
  br label %exit
exit:
  ret void
}

declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.end(ptr, i1, token)
declare void @llvm.coro.resume(ptr)
declare i1 @llvm.coro.done(ptr)
declare void @llvm.coro.destroy(ptr)
