// frame_begin's size argument (llvm.coro.size, passed before CoroSplit) is
// lowered to the frame size: at -O0 the same constant operator new gets; at
// -O2, in a caller that elides the frame (HALO), the size of the frame now
// in the caller's stack frame: CoroElide's alloca is that size rounded up to
// the frame's alignment (8 here, and the frame is a multiple of it).
// RUN: %clangxx -fplugin=%coroscope_plugin -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %clangxx -fplugin=%coroscope_plugin -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
#include "../../Inputs/kit.h"

lazy<int> answer(int x) { co_return x + 1; }

int use() {
  lazy<int> t = answer(41);
  t.h.resume();
  return t.h.promise().value;
}

// O0-LABEL: define {{.*}} @_Z6answeri(
// O0: call {{.*}}ptr @_Znwm(i64 noundef [[#SIZE:]])
// O0: call void @__coroscope_frame_alloc(ptr @coroscope.sites, ptr %{{[0-9a-z.]+}}, i64 [[#SIZE]])
// O0: call void @__coroscope_frame_begin(ptr @coroscope.sites, ptr %{{[0-9a-z.]+}}, i64 [[#SIZE]])

// O2-LABEL: define {{.*}} @_Z6answeri(
// O2: call {{.*}}ptr @_Znwm(i64 noundef [[#HEAP:]])
// O2: call void @__coroscope_frame_begin(ptr {{.*}}, ptr {{.*}}, i64 [[#HEAP]])
// O2-LABEL: define {{.*}} @_Z3usev(
// O2: alloca {{\[}}[[#SLOT:]] x i8], align 8
// O2-NOT: @_Znwm
// O2-NOT: @__coroscope_frame_alloc
// O2: call void @__coroscope_frame_begin(ptr {{.*}}@coroscope.sites, ptr {{.*}}, i64 [[#SLOT]])
