; HookFastPathPass (plugin/HookFastPath.h): the hooks whose work is nothing,
; a store or one counter in some mode get an inline path in front of their
; call, guarded by the thread's __coroscope_thread (coroscope/hooks.h:
; fast at 12, pending_alloc_mem at 16,
; pending_alloc_bytes at 24; fast flags profile = 1, no checks = 2). The
; call itself stays, on the other branch. Running the pass again adds nothing.
; RUN: %opt -passes=coroscope-fast -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=coroscope-fast,coroscope-fast -S %s | FileCheck %s --check-prefix=TWICE
; TWICE-COUNT-9: = call {{.*}}@llvm.threadlocal.address
; TWICE-NOT: = call {{.*}}@llvm.threadlocal.address
; A target whose thread-locals are emulated (Android's default) would need an
; __emutls_v.__coroscope_thread_state the runtime does not define: no paths.
; RUN: %opt -mtriple=aarch64-linux-android -passes=coroscope-fast -S %s | FileCheck %s --check-prefix=EMUTLS
; EMUTLS-NOT: __coroscope_thread_state
; EMUTLS-NOT: coroscope.slow
; Code for a shared library (PIC, not PIE) keeps its calls: with the static
; runtime it binds to the executable, which exports no thread-local. Code for
; a PIE executable gets the paths.
; RUN: cp %s %t.pic.ll && printf '!llvm.module.flags = !{!90}\n!90 = !{i32 8, !"PIC Level", i32 2}\n' >> %t.pic.ll
; RUN: %opt -passes=coroscope-fast -S %t.pic.ll | FileCheck %s --check-prefix=EMUTLS
; RUN: cp %s %t.pie.ll && printf '!llvm.module.flags = !{!90, !91}\n!90 = !{i32 8, !"PIC Level", i32 2}\n!91 = !{i32 7, !"PIE Level", i32 2}\n' >> %t.pie.ll
; RUN: %opt -passes=coroscope-fast -S %t.pie.ll | FileCheck %s --check-prefix=TWICE

%site = type { i32, i8, i8, i8, i8, i32, i32, i32, ptr, ptr, ptr, ptr }
; kinds: 0 function, 2 await, 4 final
@coroscope.sites = private global [3 x %site] [
  %site { i32 0, i8 0, i8 0, i8 0, i8 0, i32 1, i32 0, i32 0, ptr null, ptr null, ptr null, ptr null },
  %site { i32 0, i8 2, i8 0, i8 0, i8 0, i32 2, i32 0, i32 0, ptr null, ptr null, ptr null, ptr null },
  %site { i32 0, i8 4, i8 0, i8 0, i8 0, i32 3, i32 0, i32 0, ptr null, ptr null, ptr null, ptr null }
], section "coroscope_sites", align 8

declare void @__coroscope_await_ready(ptr, ptr)
declare void @__coroscope_await_suspend(ptr, ptr, ptr)
declare void @__coroscope_await_return(ptr, ptr)
declare void @__coroscope_await_transfer(ptr, ptr, ptr)
declare void @__coroscope_coroutine_call(ptr)
declare void @__coroscope_handle_done(ptr, ptr)
declare void @__coroscope_frame_alloc(ptr, ptr, i64)

; CHECK: @__coroscope_thread_state = external thread_local(initialexec) global ptr, align 8
; The module's counters: 16 slots for the function site, 4 each for the
; await and the final one.
; CHECK: @coroscope.counters = internal thread_local global [24 x i64] zeroinitializer, align 64
; CHECK: @coroscope.counters.used = internal thread_local global i8 0

; An await point: counted inline in profile mode with the checks off (both
; flags), its `ready` slot first of its four.
; CHECK-LABEL: define void @ready_await(
; CHECK: [[SLOT:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@__coroscope_thread_state)
; CHECK-NEXT: [[T:%.*]] = load ptr, ptr [[SLOT]]
; CHECK-NEXT: [[NULL:%.*]] = icmp eq ptr [[T]], null
; CHECK-NEXT: br i1 [[NULL]], label %[[SLOW:.*]], label %[[FLAGS:.*]]
; CHECK: [[FLAGS]]:
; CHECK-NEXT: [[FP:%.*]] = getelementptr inbounds i8, ptr [[T]], i64 12
; CHECK-NEXT: [[F:%.*]] = load i32, ptr [[FP]]
; CHECK-NEXT: [[M:%.*]] = and i32 [[F]], 3
; CHECK-NEXT: [[OK:%.*]] = icmp eq i32 [[M]], 3
; CHECK-NEXT: br i1 [[OK]], label %[[FAST:.*]], label %[[SLOW]]
; CHECK: [[FAST]]:
; The site's slots in the module's own thread-local counters, after the
; thread's first count registers them (ProfileInline.cpp): site 1 is an
; await (4 slots) after the function site (16 slots).
; CHECK-NEXT: [[UP:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @coroscope.counters.used)
; CHECK-NEXT: [[U:%.*]] = load i8, ptr [[UP]]
; CHECK-NEXT: [[NEW:%.*]] = icmp eq i8 [[U]], 0
; CHECK-NEXT: br i1 [[NEW]], label %[[REG:.*]], label %[[COUNT:.*]], !prof
; CHECK: [[REG]]:
; CHECK-NEXT: [[A:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@coroscope.counters)
; CHECK-NEXT: call void @__coroscope_profile_module(ptr @coroscope.sites, i32 3, ptr [[A]], ptr [[UP]])
; CHECK-NEXT: br label %[[COUNT]]
; CHECK: [[COUNT]]:
; CHECK-NEXT: [[B:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@coroscope.counters)
; CHECK-NEXT: [[S:%.*]] = getelementptr inbounds i64, ptr [[B]], i64 16
; CHECK-NEXT: [[C:%.*]] = getelementptr inbounds i64, ptr [[S]], i64 0
; CHECK-NEXT: [[V:%.*]] = load atomic i64, ptr [[C]] monotonic, align 8
; CHECK-NEXT: [[V1:%.*]] = add i64 [[V]], 1
; CHECK-NEXT: store atomic i64 [[V1]], ptr [[C]] monotonic, align 8
; CHECK-NEXT: br label %[[CONT:.*]]
; CHECK: [[SLOW]]:
; CHECK-NEXT: call void @__coroscope_await_ready(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame), !coroscope.slow
; CHECK-NEXT: br label %[[CONT]]
; CHECK: [[CONT]]:
; CHECK-NEXT: ret void
define void @ready_await(ptr %frame) {
  call void @__coroscope_await_ready(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame)
  ret void
}

; A final point's await_ready completes the frame (the runtime's work), and
; a site that is not a constant of a site table has no known kind: calls.
; CHECK-LABEL: define void @ready_final_or_unknown(
; CHECK-NEXT: call void @__coroscope_await_ready(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 2), ptr %frame)
; CHECK-NEXT: call void @__coroscope_await_ready(ptr %site, ptr %frame)
; CHECK-NEXT: call void @__coroscope_await_suspend(
; CHECK-NEXT: ret void
define void @ready_final_or_unknown(ptr %frame, ptr %site) {
  call void @__coroscope_await_ready(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 2), ptr %frame)
  call void @__coroscope_await_ready(ptr %site, ptr %frame)
  call void @__coroscope_await_suspend(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame, ptr null)
  ret void
}

; Checks-only hooks: nothing to do when the checks are off (flag 2), in
; either mode; handle_done also needs profile mode (trace mode logs it).
; CHECK-LABEL: define void @checks_only(
; CHECK: and i32 {{%.*}}, 2
; CHECK: call void @__coroscope_await_return({{.*}}), !coroscope.slow
; CHECK: and i32 {{%.*}}, 2
; CHECK: call void @__coroscope_await_transfer({{.*}}), !coroscope.slow
; CHECK: and i32 {{%.*}}, 2
; CHECK: call void @__coroscope_coroutine_call({{.*}}), !coroscope.slow
; CHECK: and i32 {{%.*}}, 3
; CHECK: call void @__coroscope_handle_done({{.*}}), !coroscope.slow
define void @checks_only(ptr %frame, ptr %to) {
  call void @__coroscope_await_return(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame)
  call void @__coroscope_await_transfer(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame, ptr %to)
  call void @__coroscope_coroutine_call(ptr @coroscope.sites)
  call void @__coroscope_handle_done(ptr @coroscope.sites, ptr %frame)
  ret void
}

; frame_alloc in profile mode (flag 1) keeps the frame's address and size.
; CHECK-LABEL: define void @alloc(
; CHECK: and i32 {{%.*}}, 1
; CHECK: [[MP:%.*]] = getelementptr inbounds i8, ptr {{%.*}}, i64 16
; CHECK-NEXT: [[MEM:%.*]] = ptrtoint ptr %mem to i64
; CHECK-NEXT: store i64 [[MEM]], ptr [[MP]], align 8
; CHECK-NEXT: [[BP:%.*]] = getelementptr inbounds i8, ptr {{%.*}}, i64 24
; CHECK-NEXT: store i64 %n, ptr [[BP]], align 8
; CHECK: call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %mem, i64 %n), !coroscope.slow
define void @alloc(ptr %mem, i64 %n) {
  call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %mem, i64 %n)
  ret void
}
