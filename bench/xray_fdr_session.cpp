//===- xray_fdr_session.cpp - Turns XRay's flight data recorder on --------===//
//
// XRay's FDR mode (the low-overhead mode: per-thread buffers, nothing written
// until the end) is not started by XRAY_OPTIONS alone: the program must
// initialise it and, at the end, finalise and flush it, as LLVM's XRay
// documentation shows. run_bench.sh links this file into its `xray` variant
// and runs it with XRAY_OPTIONS="patch_premain=true xray_mode=xray-fdr
// xray_logfile_base=DIR/xray-log."; the log file appearing there is its proof
// that tracing was on. FDR's default options are kept, as a user would.
//
//===----------------------------------------------------------------------===//
#include <xray/xray_log_interface.h>

#include <cstdio>

namespace {

struct fdr_session {
  [[clang::xray_never_instrument]] fdr_session() {
    XRayLogInitStatus s = __xray_log_init_mode("xray-fdr", "");
    if (s != XRayLogInitStatus::XRAY_LOG_INITIALIZED)
      std::fprintf(stderr, "xray_fdr_session: FDR mode not initialised (%d)\n", int(s));
  }
  [[clang::xray_never_instrument]] ~fdr_session() {
    __xray_log_finalize();
    __xray_log_flushLog();
  }
};

fdr_session session;

} // namespace
