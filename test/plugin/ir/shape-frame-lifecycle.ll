; The ramp and the end of a frame, in the shape Clang emits before CoroSplit
; (reduced from clang++-19 -O0 -Xclang -disable-llvm-passes): frame_alloc
; right after the operator new that llvm.coro.alloc's true edge calls, none
; on its false edge (the frame CoroElide would elide), frame_begin after
; llvm.coro.begin with llvm.coro.size as the size, frame_free after
; llvm.coro.free and ramp_return after the fall-through llvm.coro.end. A frame
; whose memory is no call (a buffer the caller passes, as the .noalloc ramp
; of Clang 20's coro_await_elidable gets) has frame_begin and no frame_alloc.
; A nothrow operator new gets frame_alloc before its null check.
; Written in LLVM 19's shape; %coro_ir_for_major makes its coro.end void on 22.
; RUN: %coro_ir_for_major < %s > %t.src.ll
; RUN: %opt -passes=coroscope -S %t.src.ll -o %t.out.ll
; RUN: FileCheck %s < %t.out.ll
; Without the pass there is nothing to find:
; RUN: not FileCheck %s < %t.src.ll 2> /dev/null

; CHECK-LABEL: define ptr @heap_or_elided(
; CHECK-NEXT: entry:
; CHECK-NEXT: %id = call token @llvm.coro.id(
; CHECK-NEXT: %need.alloc = call i1 @llvm.coro.alloc(token %id)
; CHECK-NEXT: br i1 %need.alloc, label %alloc, label %begin
; CHECK: {{^}}alloc:
; CHECK-NEXT: %size = call i64 @llvm.coro.size.i64()
; CHECK-NEXT: %mem = call ptr @_Znwm(i64 %size)
; CHECK-NEXT: call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %mem, i64 %size)
; CHECK-NEXT: br label %begin
; CHECK: {{^}}begin:
; CHECK-NEXT: %frame.mem = phi ptr [ null, %entry ], [ %mem, %alloc ]
; CHECK-NEXT: %hdl = call ptr @llvm.coro.begin(token %id, ptr %frame.mem)
; CHECK-NEXT: [[SIZE:%[0-9]+]] = call i64 @llvm.coro.size.i64()
; CHECK-NEXT: call void @__coroscope_frame_begin(ptr @coroscope.sites, ptr %hdl, i64 [[SIZE]])
; CHECK-NEXT: br label %cleanup
; CHECK: {{^}}cleanup:
; CHECK-NEXT: %free = call ptr @llvm.coro.free(token %id, ptr %hdl)
; CHECK-NEXT: call void @__coroscope_frame_free(ptr @coroscope.sites, ptr %hdl, ptr %free)
; CHECK-NEXT: %heap = icmp ne ptr %free, null
; CHECK: {{^}}dealloc:
; CHECK-NEXT: call void @_ZdlPv(ptr %free)
; CHECK-NEXT: br label %end
; CHECK: {{^}}end:
; CHECK-NEXT: {{(%unused = call i1|call void)}} @llvm.coro.end(ptr null, i1 false, token none)
; CHECK-NEXT: call void @__coroscope_ramp_return(ptr @coroscope.sites, ptr %hdl)
; CHECK-NEXT: ret ptr %hdl
; CHECK-NEXT: }

; CHECK-LABEL: define ptr @caller_buffer(
; CHECK-NOT: @__coroscope_frame_alloc
; CHECK: %hdl = call ptr @llvm.coro.begin(token %id, ptr %buf)
; CHECK-NEXT: [[SIZE:%[0-9]+]] = call i64 @llvm.coro.size.i64()
; CHECK-NEXT: call void @__coroscope_frame_begin(ptr getelementptr inbounds ([3 x %coroscope.site], ptr @coroscope.sites, i32 0, i32 1), ptr %hdl, i64 [[SIZE]])
; CHECK-NOT: @__coroscope_frame_alloc
; CHECK: }

; The hook sees the null of a failed allocation too, before the null check;
; the failure path, which never creates the frame, gets no hook.
; CHECK-LABEL: define ptr @nothrow_alloc(
; CHECK: %mem = call ptr @_ZnwmRKSt9nothrow_t(i64 %size, ptr @_ZSt7nothrow)
; CHECK-NEXT: call void @__coroscope_frame_alloc(ptr [[NOTHROW:getelementptr inbounds \(\[3 x %coroscope.site\], ptr @coroscope.sites, i32 0, i32 2\)]], ptr %mem, i64 %size)
; CHECK-NEXT: %ok = icmp ne ptr %mem, null
; CHECK: {{^}}alloc.failed:
; CHECK-NEXT: call void @get_return_object_on_allocation_failure()
; CHECK-NEXT: ret ptr null
; CHECK: %hdl = call ptr @llvm.coro.begin(token %id, ptr %frame.mem)
; CHECK-NEXT: [[SIZE:%[0-9]+]] = call i64 @llvm.coro.size.i64()
; CHECK-NEXT: call void @__coroscope_frame_begin(ptr [[NOTHROW]], ptr %hdl, i64 [[SIZE]])

define ptr @heap_or_elided() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %need.alloc = call i1 @llvm.coro.alloc(token %id)
  br i1 %need.alloc, label %alloc, label %begin
alloc:
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @_Znwm(i64 %size)
  br label %begin
begin:
  %frame.mem = phi ptr [ null, %entry ], [ %mem, %alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %frame.mem)
  br label %cleanup
cleanup:
  %free = call ptr @llvm.coro.free(token %id, ptr %hdl)
  %heap = icmp ne ptr %free, null
  br i1 %heap, label %dealloc, label %end
dealloc:
  call void @_ZdlPv(ptr %free)
  br label %end
end:
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

define ptr @caller_buffer(ptr %buf) presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %buf)
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

; get_return_object_on_allocation_failure: a nothrow operator new whose null
; result skips llvm.coro.begin.
define ptr @nothrow_alloc() presplitcoroutine {
entry:
  %id = call token @llvm.coro.id(i32 16, ptr null, ptr null, ptr null)
  %need.alloc = call i1 @llvm.coro.alloc(token %id)
  br i1 %need.alloc, label %alloc, label %begin
alloc:
  %size = call i64 @llvm.coro.size.i64()
  %mem = call ptr @_ZnwmRKSt9nothrow_t(i64 %size, ptr @_ZSt7nothrow)
  %ok = icmp ne ptr %mem, null
  br i1 %ok, label %begin, label %alloc.failed
alloc.failed:
  call void @get_return_object_on_allocation_failure()
  ret ptr null
begin:
  %frame.mem = phi ptr [ null, %entry ], [ %mem, %alloc ]
  %hdl = call ptr @llvm.coro.begin(token %id, ptr %frame.mem)
  %unused = call i1 @llvm.coro.end(ptr null, i1 false, token none)
  ret ptr %hdl
}

declare ptr @_Znwm(i64)
declare ptr @_ZnwmRKSt9nothrow_t(i64, ptr)
declare void @get_return_object_on_allocation_failure()
@_ZSt7nothrow = external global i8
declare void @_ZdlPv(ptr)
declare token @llvm.coro.id(i32, ptr, ptr, ptr)
declare i1 @llvm.coro.alloc(token)
declare i64 @llvm.coro.size.i64()
declare ptr @llvm.coro.begin(token, ptr)
declare ptr @llvm.coro.free(token, ptr)
declare i1 @llvm.coro.end(ptr, i1, token)
