//===- coroscope/hooks.h - C ABI between instrumented code and the runtime -===//
//
// The instrumentation pass (plugin/) inserts calls to these functions; the
// runtime (runtime_hooks/) implements them. Their names are listed once in
// coroscope/hooks.def, which the pass and the runtime both include.
//
// Every hook is safe to call from any thread, never allocates on its hot path
// and never throws. `frame` is always the coroutine frame address, the value of
// std::coroutine_handle<>::address(). Hooks never dereference it.
//
//===----------------------------------------------------------------------===//
#ifndef COROSCOPE_HOOKS_H
#define COROSCOPE_HOOKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A site descriptor, emitted by the pass as a private array per module into
/// the section "coroscope_sites" (one element per coroutine function and per
/// suspend point). Layout is fixed: the pass builds it as an LLVM struct.
struct __coroscope_site {
  uint32_t id;   ///< 0 until __coroscope_sites_init assigns one
  uint8_t kind;  ///< coroscope::log::SiteKind
  uint8_t flags; ///< __coroscope_site_flags
  uint8_t build; ///< coroscope::log::BuildFlags, set by the plugin
  uint8_t reserved;
  uint32_t line;   ///< 1-based source line, 0 if unknown
  uint32_t column; ///< 1-based source column, 0 if unknown
  uint32_t reserved2;
  const struct __coroscope_site *function; ///< suspend sites: their function
  const char *name;                        ///< demangled (enclosing) function name, NUL-terminated
  const char *file;                        ///< source file as given to the compiler
  const char *awaiter;                     ///< awaiter type of a suspend site, or ""
};

/// Bits of __coroscope_site::flags: set by the plugin, or computed at
/// registration.
enum __coroscope_site_flags {
  /// A function site whose body has a co_yield: a generator, pulled by its
  /// consumer, so dropping it unstarted is not dropped work (registration).
  __coroscope_site_generator = 1,
  /// A function site whose return object cannot be co_awaited: no await
  /// interface and not co_awaited in its translation unit (the plugin). Its
  /// frame is resumed by hand or not at all, e.g. a continuation kept for
  /// cancellation only, so dropping it unstarted is a choice, not a task
  /// nobody awaited.
  __coroscope_site_unawaitable = 2,
};

enum {
  /// Activations (ramp, resume() and destroy() calls) whose saved state
  /// profile mode keeps per thread; deeper ones are counted, not kept.
  __coroscope_max_activations = 1024,
  /// Slots of a thread's table of open suspensions (a power of two); one
  /// whose frame finds its few slots taken goes to the runtime's map.
  __coroscope_open_slots = 256,
  __coroscope_open_probes = 4, ///< slots from a frame's hash tried in order
};

/// Profile mode: an activation on this thread's stack, and what its caller
/// was running when it began (restored when it ends).
struct __coroscope_activation {
  uint64_t frame;        ///< the frame it began for (the new frame of a ramp)
  uint64_t serial;       ///< this thread's activations numbered from 1: never reused
  uint64_t caller_frame; ///< the running frame when it began
  uint32_t caller_flags; ///< that frame's __coroscope_run_flags
  uint32_t reserved;
};

/// Profile mode: a frame that suspended on this thread, with its
/// __coroscope_run_flags and the activation it suspended under. Its
/// resumption here is no wait while that activation is still on the stack
/// (acts[depth].serial == serial with depth below act_depth) and it resumes
/// at `site` (else this is not its latest suspension: it suspended again
/// elsewhere, on another thread). Frame 0: free.
struct __coroscope_open_suspension {
  uint64_t frame;
  uint64_t serial;
  const struct __coroscope_site *site; ///< the suspend point
  uint32_t depth; ///< the activation's index in acts; past them when there was none
  uint32_t flags;
};

/// What code the pass emits inline instead of a hook call may read and
/// write of the calling thread (plugin/HookFastPath.cpp and the profile
/// counting it inlines, runtime_hooks/src/profile_counting.h), so that in
/// profile mode no event costs a call (as -fprofile-instr-generate's
/// counters cost none). Lives in the runtime's per-thread block; the inline
/// code reads it only when its module's state byte (below) says the thread
/// is attached with the flags it needs, and calls the hook otherwise. Only
/// the owning thread writes it; a profile snapshot reads `counters` from
/// other threads, so counter updates are relaxed atomics.
struct __coroscope_thread {
  /// Profile mode: __coroscope_site_counters counters per site id, by id.
  uint64_t *counters;
  uint32_t counters_cap; ///< site ids [0, counters_cap) have counters
  uint32_t fast;         ///< __coroscope_fast_flags, fixed per process
  /// Set by frame_alloc: a frame_begin at this address is a heap frame, any
  /// other elided; pending_alloc_bytes is the size it asked for (bytes).
  uint64_t pending_alloc_mem;
  uint64_t pending_alloc_bytes;

  // Profile mode's per-thread state (profile_counting.h says what it means).
  uint32_t sample_first;    ///< frames of a function timed per thread first
  uint32_t sample_every;    ///< then one frame in this many
  uint64_t running_frame;   ///< the frame whose code runs now, or 0
  uint32_t running_flags;   ///< its __coroscope_run_flags
  uint32_t act_depth;       ///< entries of `acts` in use
  uint32_t act_overflow;    ///< activations beyond acts[], not kept
  uint32_t act_entered;     ///< activations entered and not yet exited
  uint32_t act_await_depth; ///< act_entered + 1 at the await_suspend running here, or 0
  uint64_t act_serial;      ///< the last activation's serial
  uint64_t cur_serial;      ///< the innermost kept activation's serial; 0 past acts[] or none
  uint64_t spilled;         ///< open suspensions in the runtime's map
  uint64_t untracked;       ///< suspensions that found no memory in that map
  void *spill;              ///< the runtime's map
  struct __coroscope_activation acts[__coroscope_max_activations];
  struct __coroscope_open_suspension open[__coroscope_open_slots];
};

/// Bits of __coroscope_thread::running_flags and of an open suspension:
/// what the analyzer's figures need to know of a frame between its events.
enum __coroscope_run_flags {
  __coroscope_run_body_waited = 1, ///< a resumption from a co_await/co_yield was a wait
  __coroscope_run_scheduled = 2,   ///< its start (initial resumption) was scheduled
  __coroscope_run_sampled = 4,     ///< its times are being measured
};

/// Bits of __coroscope_thread::fast: what the hooks do in this process.
enum __coroscope_fast_flags {
  /// COROSCOPE_MODE=profile: counters instead of events; frame_alloc only
  /// keeps its frame's address and size.
  __coroscope_fast_profile = 1,
  /// COROSCOPE_CHECKS=0: coroutine_call, await_return and await_transfer do
  /// nothing; with profile mode also handle_done does nothing, await_ready
  /// at a suspend point other than a final one only counts the point reached
  /// without suspending, and every other hook but frame_unwind is the
  /// inline counting of profile_counting.h.
  __coroscope_fast_no_checks = 2,
  /// Both: what `fast` must hold for the inline counting to stand for the
  /// hooks.
  __coroscope_fast_inline = 3,
};

/// A sampled frame's address is in this table, at its hash, while it is
/// being timed: the inline counting calls the runtime for it only then.
enum { __coroscope_sampled_slots = 1024 };
extern uint64_t __coroscope_sampled_frames[__coroscope_sampled_slots];

enum {
  __coroscope_site_counters = 16, ///< counters per site in a counter block
  __coroscope_counter_ready = 0,  ///< a suspend site's: await_ready returned true
};

/// Profile mode's module counters: the inline counting
/// (plugin/ProfileInline.cpp) counts into a thread-local array of
/// the instrumented module itself, as -fprofile-instr-generate counts into
/// its module's __llvm_prf_cnts, but one array per thread so counts stay
/// exact: __coroscope_site_slots(kind) 8-byte slots per entry of the
/// module's site table, in table order, each site's laid out as the first
/// slots of its counter block's (profile_counting.h).
static inline uint32_t __coroscope_site_slots(uint8_t kind) {
  // SiteKind (log_format.h): function 0, initial 1 ... final 4; other
  // kinds count nothing.
  return kind == 0 ? 16u : kind <= 4 ? 4u : 0u;
}
/// Profile mode's module state: each instrumented module (an executable's
/// or a shared library's) has a thread-local byte the inline code tests
/// instead of loading __coroscope_thread_state and its `fast` flags: 0 until
/// the thread's first event in the module (the inline code then calls
/// __coroscope_profile_module), then __coroscope_module_attached | the
/// thread's `fast`, and 0 again when the thread exits. So an event whose
/// byte is __coroscope_module_inline costs one compare. Beside it the
/// module keeps the thread's __coroscope_thread pointer (set by its
/// registration from __coroscope_profile_thread, never null while the byte
/// is not 0), so module code never names the runtime's thread-local: a
/// shared library then binds to an executable that holds the static runtime
/// and exports functions only, and a -static-pie executable has no dynamic
/// TLS relocation to apply to itself.
enum {
  __coroscope_module_attached = 4,
  __coroscope_module_inline = __coroscope_module_attached | __coroscope_fast_inline,
};
/// A thread's first event in a module (its `*state` is 0): attaches the
/// thread and returns the state the module's byte takes (0 when the thread
/// could not be attached: the next event asks again). With the inline
/// counting, the runtime keeps `slots` (the thread's array for the site
/// table `sites` of `count` entries; null for a module without one) for
/// the profile, reads them when it writes one and folds them into the
/// thread's block when the thread exits, and sets `*state` to 0 then. A
/// module with several site tables makes one call per table and keeps the
/// bitwise and of the results.
uint8_t __coroscope_profile_module(const struct __coroscope_site *sites, uint32_t count,
                                   uint64_t *slots, uint8_t *state);
/// The calling thread's block, for a module's registration to keep (the
/// same as __coroscope_thread_state; null until the thread runs a hook).
struct __coroscope_thread *__coroscope_profile_thread(void);
/// Code for a shared library is unloaded with its image (dlclose, or the
/// process's end): a destructor the pass adds calls this for each site
/// table with counters, and the runtime adds every thread's array of that
/// table into the calling thread's block and forgets them (their memory
/// and the table go with the image).
void __coroscope_profile_module_unload(const struct __coroscope_site *sites);
/// The placeholders the inline counting's bitcode calls: the counters of a
/// site, the module's state byte, the module's thread pointer, and the
/// module's registration (its calls of __coroscope_profile_module); the
/// pass puts the address in the module's array, the loads of the byte and
/// of the pointer and a call of the module's own registration function in
/// their place.
#define COROSCOPE_MODULE_COUNTERS_MARKER "__coroscope_module_counters_of"
#define COROSCOPE_MODULE_STATE_MARKER "__coroscope_module_state"
#define COROSCOPE_MODULE_THREAD_MARKER "__coroscope_module_thread"
#define COROSCOPE_MODULE_ATTACH_MARKER "__coroscope_module_attach"
#define COROSCOPE_PROFILE_MODULE_HOOK "__coroscope_profile_module"
#define COROSCOPE_PROFILE_THREAD_HOOK "__coroscope_profile_thread"
#define COROSCOPE_PROFILE_UNLOAD_HOOK "__coroscope_profile_module_unload"
/// The state placeholders' definitions where the pass left them: no fast
/// path (__coroscope_module_attached), and nothing to register.
uint8_t __coroscope_module_state(void);
struct __coroscope_thread *__coroscope_module_thread(void);
void __coroscope_module_attach(void);
/// What a call of the placeholder the pass could not resolve costs: the
/// thread block's counters of `site` (never null: a sink when no memory).
uint64_t *__coroscope_module_counters_of(const struct __coroscope_site *site);

/// The calling thread's __coroscope_thread, or null until it runs a hook.
/// Initial-exec TLS: one load from the thread pointer.
extern __thread struct __coroscope_thread *__coroscope_thread_state
    __attribute__((tls_model("initial-exec")));

/// Registers the descriptors in [start, stop). Called by each instrumented
/// image's module constructor, possibly several times with the same range
/// (every module of one image sees the same section bounds); repeats are
/// ignored. Thread-safe.
void __coroscope_sites_init(struct __coroscope_site *start, struct __coroscope_site *stop);

/// A coroutine defined in an instrumented module is about to be called at
/// `call` (site kind CoroutineCall); the frame_begin that follows on this
/// thread records it as the frame's creation site.
void __coroscope_coroutine_call(const struct __coroscope_site *call);

/// operator new returned `mem` (`bytes` requested) for a frame of `fn`.
/// Not called when the frame was elided (HALO): its allocation block is gone.
void __coroscope_frame_alloc(const struct __coroscope_site *fn, void *mem, uint64_t bytes);
/// A call of coroutine `fn` created `frame`; its ramp activation starts.
/// `bytes` is the frame size (llvm.coro.size, lowered by CoroSplit), the same
/// whether the frame came from frame_alloc or was elided (HALO) into its
/// caller's stack frame.
void __coroscope_frame_begin(const struct __coroscope_site *fn, void *frame, uint64_t bytes);
/// The ramp of `fn` returns to its caller (first suspension, or completion).
void __coroscope_ramp_return(const struct __coroscope_site *fn, void *frame);

/// At suspend point `site`: await_ready() returned true.
void __coroscope_await_ready(const struct __coroscope_site *site, void *frame);
/// At suspend point `site`: await_ready() returned false; await_suspend is
/// about to run, so from here another thread may resume `frame`. `awaiter`
/// is the awaiter object when it is a local or temporary of the coroutine
/// (so it lives in the frame), null when it is reached through a pointer or
/// reference (an lvalue awaiter outside the frame). Never dereferenced.
void __coroscope_await_suspend(const struct __coroscope_site *site, void *frame, void *awaiter);
/// At suspend point `site`: a void or bool await_suspend returned (for bool,
/// before await_cancel when it returned false).
void __coroscope_await_return(const struct __coroscope_site *site, void *frame);
/// At suspend point `site`: a handle-returning await_suspend returned
/// `target`, which is resumed next by symmetric transfer (a frame awaiting
/// another, or a final awaiter handing control back to its continuation).
void __coroscope_await_transfer(const struct __coroscope_site *site, void *frame, void *target);
/// At suspend point `site`: a bool await_suspend returned false.
void __coroscope_await_cancel(const struct __coroscope_site *site, void *frame);
/// An await_suspend member function called for a suspend point is about
/// to read or write its awaiter (`*this`) at a point where it may already
/// have handed the coroutine's handle to another thread: after a call, an
/// atomic operation or a fence. Placed by the pass in the await_suspend
/// members that the module's await_suspend wrappers call; the runtime
/// relates it to the await_suspend running on this thread.
void __coroscope_awaiter_touch(void);
/// `frame` was resumed and continues after suspend point `site`.
void __coroscope_frame_resume(const struct __coroscope_site *site, void *frame);
/// An exception leaves `frame` of `fn` (unhandled_exception() rethrew; the
/// frame is now at its final suspend point) in an activation of its resume
/// or destroy function, never in the ramp. It ends the innermost destroy()
/// if that destroys `frame`, else the innermost resume() if `frame` is what
/// that resume() runs (the frame it resumed, or one reached from it by
/// symmetric transfers). Seen from inside the coroutine because a landing
/// pad around the resume() in the caller would change what CoroElide elides
/// there.
void __coroscope_frame_unwind(const struct __coroscope_site *fn, void *frame);

/// `frame` of `fn` is being freed; `mem` is non-null when it came from the
/// heap (it is then handed to operator delete).
void __coroscope_frame_free(const struct __coroscope_site *fn, void *frame, void *mem);

/// coroutine_handle::resume() (or operator()) / destroy() called at call
/// site `call` and returned; done() called. `call` is a site of kind
/// ResumeCall/DestroyCall/DoneCall naming the calling function and the
/// call's file:line:col. done() has no exit hook: it runs no coroutine code.
void __coroscope_handle_resume_enter(const struct __coroscope_site *call, void *frame);
void __coroscope_handle_resume_exit(const struct __coroscope_site *call, void *frame);
void __coroscope_handle_destroy_enter(const struct __coroscope_site *call, void *frame);
void __coroscope_handle_destroy_exit(const struct __coroscope_site *call, void *frame);
void __coroscope_handle_done(const struct __coroscope_site *call, void *frame);

/// Public: writes every thread's buffered events to the log now.
void __coroscope_flush(void);

/// Public: writes every live coroutine frame with its async backtrace (the
/// chain of frames awaiting it) to file descriptor `fd` as text, and a
/// LiveFrames snapshot to the log. Async-signal-safe; the runtime calls it on
/// the signal named by COROSCOPE_DUMP_SIGNAL.
void __coroscope_dump_frames(int fd);

#ifdef __cplusplus
} // extern "C"
#endif

#if defined(__cplusplus) && defined(__LP64__)
#include <stddef.h>
// The pass writes __coroscope_site as an LLVM struct and reads its fields at
// these offsets (plugin/SiteTable.cpp, plugin/HookFastPath.cpp).
static_assert(offsetof(__coroscope_site, kind) == 4 && offsetof(__coroscope_site, flags) == 5 &&
                  offsetof(__coroscope_site, build) == 6 && offsetof(__coroscope_site, line) == 8 &&
                  offsetof(__coroscope_site, column) == 12 &&
                  offsetof(__coroscope_site, reserved2) == 16 &&
                  offsetof(__coroscope_site, function) == 24 &&
                  offsetof(__coroscope_site, name) == 32 &&
                  offsetof(__coroscope_site, file) == 40 &&
                  offsetof(__coroscope_site, awaiter) == 48 && sizeof(__coroscope_site) == 56,
              "the site record the pass emits");
#endif

#endif // COROSCOPE_HOOKS_H
