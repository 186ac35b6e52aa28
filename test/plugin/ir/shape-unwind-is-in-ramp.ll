; An exception leaving the coroutine, in LLVM 22's shape (clang++-22 -O0
; -Xclang -disable-llvm-passes of a body that throws, as in throws.cpp): the
; unwinding llvm.coro.end returns nothing and llvm.coro.is_in_ramp() after it
; is true in the ramp (plugin/compat/CoroIntrinsics.h). Its true edge gets
; ramp_return (the exception leaves the coroutine call itself), its false
; edge frame_unwind (it leaves a resumed activation), each on its own split
; edge. The fall-through coro.end keeps its ramp_return. LLVM 19's shape is
; shape-unwind-end-i1.ll.
; REQUIRES: coro-is-in-ramp
; RUN: %opt -passes=coroscope -S %s -o %t.out.ll
; RUN: FileCheck %s < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %s 2> /dev/null

; CHECK-LABEL: define ptr @coro(
; CHECK: {{^}}lpad:
; CHECK-NEXT: %exn = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @llvm.coro.end(ptr null, i1 true, token none)
; CHECK-NEXT: %in.ramp = call i1 @llvm.coro.is_in_ramp()
; CHECK-NEXT: br i1 %in.ramp, label %[[RAMP:[a-z._]+]], label %[[CLONES:[a-z._]+]]
; CHECK: [[RAMP]]:
; CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: br label %ramp
; CHECK: [[CLONES]]:
; CHECK-NEXT: call void @__coroscope_frame_unwind(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: br label %clones
; CHECK: {{^}}end:
; CHECK-NEXT: call void @llvm.coro.end(ptr null, i1 false, token none)
; CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: ret ptr %hdl

define ptr @coro() presplitcoroutine personality ptr @__gxx_personality_v0 {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr null)
  invoke void @body()
          to label %end unwind label %lpad
lpad:
  %exn = landingpad { ptr, i32 }
          cleanup
  call void @llvm.coro.end(ptr null, i1 true, token none)
  %in.ramp = call i1 @llvm.coro.is_in_ramp()
  br i1 %in.ramp, label %ramp, label %clones
ramp:
  resume { ptr, i32 } %exn
clones:
  resume { ptr, i32 } %exn
end:
  call void @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

declare void @body()
declare i32 @__gxx_personality_v0(...)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare void @llvm.coro.end(ptr, i1, token)
declare i1 @llvm.coro.is_in_ramp()
