; HookFastPathPass (plugin/HookFastPath.h): the hooks whose work is nothing,
; a store or one counter in some mode get an inline path in front of their
; call, guarded by the module's thread-local state byte (plugin/ModuleState.h,
; coroscope/hooks.h: attached = 4 | fast flags profile = 1, no checks = 2;
; the thread block's pending_alloc_mem at 16, pending_alloc_bytes at 24).
; The call itself stays, on the other branch, after the module's
; registration when the byte is 0. Running the pass again adds nothing.
; RUN: %opt -passes=coroscope-fast -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=coroscope-fast,coroscope-fast -S %s | FileCheck %s --check-prefix=TWICE
; TWICE-COUNT-17: = call {{.*}}@llvm.threadlocal.address
; TWICE-NOT: = call {{.*}}@llvm.threadlocal.address
; A target whose thread-locals are emulated (Android's default) would need an
; __emutls_v.__coroscope_thread_state the runtime does not define: no paths.
; RUN: %opt -mtriple=aarch64-linux-android -passes=coroscope-fast -S %s | FileCheck %s --check-prefix=EMUTLS
; EMUTLS-NOT: __coroscope_thread_state
; EMUTLS-NOT: coroscope.slow
; Code for a shared library (PIC, not PIE) gets the same paths: they read
; only the module's own thread-locals (never the runtime's
; __coroscope_thread_state, which an executable holding the static runtime
; does not export), and a destructor unregisters the module's tables when
; dlclose unloads it. Code for a PIE executable gets the paths and no
; destructor.
; RUN: cp %s %t.pic.ll && printf '!llvm.module.flags = !{!90}\n!90 = !{i32 8, !"PIC Level", i32 2}\n' >> %t.pic.ll
; RUN: %opt -passes=coroscope-fast -S %t.pic.ll > %t.pic.out
; RUN: FileCheck %s --check-prefix=TWICE < %t.pic.out
; RUN: FileCheck %s --check-prefix=SHLIB --implicit-check-not=__coroscope_thread_state < %t.pic.out
; SHLIB: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 1, ptr @coroscope.module.unload, ptr null }]
; SHLIB-LABEL: define internal void @coroscope.module.unload()
; SHLIB-NEXT: entry:
; SHLIB-NEXT: call void @__coroscope_profile_module_unload(ptr @coroscope.sites)
; SHLIB-NEXT: ret void
; RUN: cp %s %t.pie.ll && printf '!llvm.module.flags = !{!90, !91}\n!90 = !{i32 8, !"PIC Level", i32 2}\n!91 = !{i32 7, !"PIE Level", i32 2}\n' >> %t.pie.ll
; RUN: %opt -passes=coroscope-fast -S %t.pie.ll > %t.pie.out
; RUN: FileCheck %s --check-prefix=TWICE < %t.pie.out
; RUN: FileCheck %s --check-prefix=EXE < %t.pie.out
; EXE-NOT: global_dtors
; EXE-NOT: __coroscope_profile_module_unload

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

; The module's state byte and the thread pointer its registration keeps.
; CHECK: @coroscope.state = internal thread_local global i8 0
; CHECK: @coroscope.thread = internal thread_local global ptr null
; The module's counters: 16 slots for the function site, 4 each for the
; await and the final one, tagged with their site table.
; CHECK: @coroscope.counters = internal thread_local global [24 x i64] zeroinitializer, align 64, !coroscope.sites [[TABLE:![0-9]+]]

; An await point: counted inline in profile mode with the checks off (both
; flags and attached), its `ready` slot first of its four.
; CHECK-LABEL: define void @ready_await(
; CHECK: [[SA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @coroscope.state)
; CHECK-NEXT: [[S:%.*]] = load i8, ptr [[SA]]
; CHECK-NEXT: [[M:%.*]] = and i8 [[S]], 7
; CHECK-NEXT: [[OK:%.*]] = icmp eq i8 [[M]], 7
; CHECK-NEXT: br i1 [[OK]], label %[[FAST:.*]], label %[[RETRY:.*]], !prof [[LIKELY:![0-9]+]]
; CHECK: [[FAST]]:
; The site's slots in the module's own thread-local counters: site 1 is an
; await (4 slots) after the function site (16 slots).
; CHECK-NEXT: [[B:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@coroscope.counters)
; CHECK-NEXT: [[SL:%.*]] = getelementptr inbounds i64, ptr [[B]], i64 16
; CHECK-NEXT: [[C:%.*]] = getelementptr inbounds i64, ptr [[SL]], i64 0
; CHECK-NEXT: [[V:%.*]] = load atomic i64, ptr [[C]] monotonic, align 8
; CHECK-NEXT: [[V1:%.*]] = add i64 [[V]], 1
; CHECK-NEXT: store atomic i64 [[V1]], ptr [[C]] monotonic, align 8
; CHECK-NEXT: br label %[[CONT:.*]]
; Not attached yet (0): the module's registration, then the test again.
; CHECK: [[RETRY]]:
; CHECK-NEXT: [[NEW:%.*]] = icmp eq i8 [[S]], 0
; CHECK-NEXT: br i1 [[NEW]], label %[[FIRST:.*]], label %[[SLOW:.*]], !prof [[UNLIKELY:![0-9]+]]
; CHECK: [[FIRST]]:
; CHECK-NEXT: call void @coroscope.module.attach()
; CHECK-NEXT: [[SA2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @coroscope.state)
; CHECK-NEXT: [[S2:%.*]] = load i8, ptr [[SA2]]
; CHECK-NEXT: [[M2:%.*]] = and i8 [[S2]], 7
; CHECK-NEXT: [[OK2:%.*]] = icmp eq i8 [[M2]], 7
; CHECK-NEXT: br i1 [[OK2]], label %[[FAST]], label %[[SLOW]]
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
; CHECK: and i8 {{%.*}}, 6
; CHECK: call void @__coroscope_await_return({{.*}}), !coroscope.slow
; CHECK: and i8 {{%.*}}, 6
; CHECK: call void @__coroscope_await_transfer({{.*}}), !coroscope.slow
; CHECK: and i8 {{%.*}}, 6
; CHECK: call void @__coroscope_coroutine_call({{.*}}), !coroscope.slow
; CHECK: and i8 {{%.*}}, 7
; CHECK: call void @__coroscope_handle_done({{.*}}), !coroscope.slow
define void @checks_only(ptr %frame, ptr %to) {
  call void @__coroscope_await_return(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame)
  call void @__coroscope_await_transfer(ptr getelementptr inbounds ([3 x %site], ptr @coroscope.sites, i32 0, i32 1), ptr %frame, ptr %to)
  call void @__coroscope_coroutine_call(ptr @coroscope.sites)
  call void @__coroscope_handle_done(ptr @coroscope.sites, ptr %frame)
  ret void
}

; frame_alloc in profile mode (flag 1) keeps the frame's address and size
; in the thread's block, through the module's pointer to it (never null
; once attached).
; CHECK-LABEL: define void @alloc(
; CHECK: and i8 {{%.*}}, 5
; CHECK: [[TA:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@coroscope.thread)
; CHECK-NEXT: [[T:%.*]] = load ptr, ptr [[TA]]
; CHECK-NEXT: [[MP:%.*]] = getelementptr inbounds i8, ptr [[T]], i64 16
; CHECK-NEXT: [[MEM:%.*]] = ptrtoint ptr %mem to i64
; CHECK-NEXT: store i64 [[MEM]], ptr [[MP]], align 8
; CHECK-NEXT: [[BP:%.*]] = getelementptr inbounds i8, ptr {{%.*}}, i64 24
; CHECK-NEXT: store i64 %n, ptr [[BP]], align 8
; CHECK: call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %mem, i64 %n), !coroscope.slow
define void @alloc(ptr %mem, i64 %n) {
  call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %mem, i64 %n)
  ret void
}

; The module's registration: one call per site table with counters, whose
; result (attached | the thread's fast flags, or 0) becomes the state byte,
; after the thread pointer is kept.
; CHECK-LABEL: define internal void @coroscope.module.attach()
; CHECK-NEXT: entry:
; CHECK-NEXT: [[SA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @coroscope.state)
; CHECK-NEXT: [[CA:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@coroscope.counters)
; CHECK-NEXT: [[R:%.*]] = call i8 @__coroscope_profile_module(ptr @coroscope.sites, i32 3, ptr [[CA]], ptr [[SA]])
; CHECK-NEXT: [[TA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @coroscope.thread)
; CHECK-NEXT: [[T:%.*]] = call ptr @__coroscope_profile_thread()
; CHECK-NEXT: store ptr [[T]], ptr [[TA]]
; CHECK-NEXT: store i8 [[R]], ptr [[SA]]
; CHECK-NEXT: ret void
; CHECK: declare i8 @__coroscope_profile_module(ptr, i32, ptr, ptr)
; CHECK: attributes {{#[0-9]+}} = { cold noinline nounwind }
; CHECK: [[TABLE]] = !{ptr @coroscope.sites}
; CHECK: [[LIKELY]] = !{!"branch_weights", i32 1048575, i32 1}
; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 1048575}
