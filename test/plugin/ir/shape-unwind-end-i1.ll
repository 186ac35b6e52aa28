; An exception leaving the coroutine, in LLVM 19's shape (reduced from
; clang++-19 -O0 -Xclang -disable-llvm-passes of a body that throws, as in
; throws.cpp): the unwinding llvm.coro.end returns i1, true in the
; resume/destroy clones. Its false edge is the ramp's (ramp_return: the
; exception leaves the coroutine call itself), its true edge the clones'
; (frame_unwind: it leaves a resumed activation); each hook goes on its own
; split edge, before the `resume`. The fall-through coro.end keeps its
; ramp_return. LLVM 22's shape is shape-unwind-is-in-ramp.ll.
; UNSUPPORTED: coro-is-in-ramp
; RUN: %opt -passes=coroscope -S %s -o %t.out.ll
; RUN: FileCheck %s < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %s 2> /dev/null

; CHECK-LABEL: define ptr @coro(
; CHECK: {{^}}lpad:
; CHECK-NEXT: %exn = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: %in.clones = call i1 @llvm.coro.end(ptr null, i1 true, token none)
; CHECK-NEXT: br i1 %in.clones, label %[[CLONES:[a-z._]+]], label %[[RAMP:[a-z._]+]]
; CHECK: [[RAMP]]:
; CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: br label %ramp
; CHECK: [[CLONES]]:
; CHECK-NEXT: call void @__coroscope_frame_unwind(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: br label %clones
; CHECK: {{^}}end:
; CHECK-NEXT: %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
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
  %in.clones = call i1 @llvm.coro.end(ptr null, i1 true, token none)
  br i1 %in.clones, label %clones, label %ramp
ramp:
  resume { ptr, i32 } %exn
clones:
  resume { ptr, i32 } %exn
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

declare void @body()
declare i32 @__gxx_personality_v0(...)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare ptr @llvm.coro.begin(token, ptr)
declare i1 @llvm.coro.end(ptr, i1, token)
