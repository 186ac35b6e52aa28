; The initial and final suspend points (reduced from clang++-19 -O0
; -Xclang -disable-llvm-passes of a lazy task on std::suspend_always): the
; initial one is told by its wrapper's name (__await_suspend_wrapper__init,
; site kind 1), the final one by llvm.coro.suspend's 'final' flag (kind 4).
; Each gets await_suspend/await_return around its
; llvm.coro.await.suspend.void and frame_resume on its case 0; with one edge
; into the resumed block the hook goes in place, with no new block.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope,coroscope-lower -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s --implicit-check-not=llvm.var.annotation < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %t.src.ll 2> /dev/null

; Sites: the function (kind 0), initial (kind 1), final (kind 4).
; CHECK: @coroscope.sites = private global [3 x %coroscope.site]
; CHECK-SAME: [%coroscope.site { i32 0, i8 0, {{.*}} }, %coroscope.site { i32 0, i8 1, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr @coroscope.sites, ptr [[NAME:@coroscope.str[.0-9]*]], ptr {{@coroscope.str[.0-9]*}}, ptr [[AWAITER:@coroscope.str[.0-9]*]] }, %coroscope.site { i32 0, i8 4, [3 x i8] zeroinitializer, i32 0, i32 0, i32 0, ptr @coroscope.sites, ptr [[NAME]], ptr {{@coroscope.str[.0-9]*}}, ptr [[AWAITER]] }]
; CHECK-DAG: [[NAME]] = {{.*}} c"coro\00"
; CHECK-DAG: [[AWAITER]] = {{.*}} c"std::suspend_always\00"

; CHECK-LABEL: define ptr @coro(
; CHECK: {{^}}initial.suspend:
; CHECK-NEXT: %save = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[INITIAL:getelementptr inbounds \(\[3 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 1\)]], ptr %hdl, ptr null)
; CHECK-NEXT: call void @llvm.coro.await.suspend.void(ptr %initial, ptr %hdl, ptr @coro.__await_suspend_wrapper__init)
; CHECK-NEXT: call void @__coroscope_await_return(ptr [[INITIAL]], ptr %hdl)
; CHECK-NEXT: %s = call i8 @llvm.coro.suspend(token %save, i1 false)
; CHECK: {{^}}body:
; CHECK-NEXT: call void @__coroscope_frame_resume(ptr [[INITIAL]], ptr %hdl)
; CHECK-NEXT: br label %final.suspend
; CHECK: {{^}}final.suspend:
; CHECK-NEXT: %save.final = call token @llvm.coro.save(ptr null)
; CHECK-NEXT: call void @__coroscope_await_suspend(ptr [[FINAL:getelementptr inbounds \(\[3 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 2\)]], ptr %hdl, ptr null)
; CHECK-NEXT: call void @llvm.coro.await.suspend.void(ptr %final, ptr %hdl, ptr @coro.__await_suspend_wrapper__final)
; CHECK-NEXT: call void @__coroscope_await_return(ptr [[FINAL]], ptr %hdl)
; CHECK-NEXT: %s.final = call i8 @llvm.coro.suspend(token %save.final, i1 true)
; CHECK: {{^}}final.ready:
; CHECK-NEXT: call void @__coroscope_frame_resume(ptr [[FINAL]], ptr %hdl)
; CHECK-NEXT: br label %cleanup
; CHECK: {{^}}cleanup:
; CHECK-NEXT: br label %end

define ptr @coro() presplitcoroutine {
entry:
  %initial = alloca %"struct.std::suspend_always", align 1
  %final = alloca %"struct.std::suspend_always", align 1
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  br label %initial.suspend
initial.suspend:
  %save = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %initial, ptr %hdl, ptr @coro.__await_suspend_wrapper__init)
  %s = call i8 @llvm.coro.suspend(token %save, i1 false)
  switch i8 %s, label %end [i8 0, label %body
                            i8 1, label %cleanup]
body:
  br label %final.suspend
final.suspend:
  %save.final = call token @llvm.coro.save(ptr null)
  call void @llvm.coro.await.suspend.void(ptr %final, ptr %hdl, ptr @coro.__await_suspend_wrapper__final)
  %s.final = call i8 @llvm.coro.suspend(token %save.final, i1 true)
  switch i8 %s.final, label %end [i8 0, label %final.ready
                                  i8 1, label %cleanup]
final.ready:
  br label %cleanup
cleanup:
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define internal void @coro.__await_suspend_wrapper__init(ptr %awaiter, ptr %frame) {
  call void @_ZNKSt14suspend_always13await_suspendENSt16coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret void
}
define internal void @coro.__await_suspend_wrapper__final(ptr %awaiter, ptr %frame) {
  call void @_ZNKSt14suspend_always13await_suspendENSt16coroutine_handleIvEE(ptr %awaiter, ptr %frame)
  ret void
}

%"struct.std::suspend_always" = type { i8 }
declare void @_ZNKSt14suspend_always13await_suspendENSt16coroutine_handleIvEE(ptr, ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare token @llvm.coro.save(ptr)
declare void @llvm.coro.await.suspend.void(ptr, ptr, ptr)
declare i8 @llvm.coro.suspend(token, i1)
declare i1 @llvm.coro.end(ptr, i1, token)
