//===- options.cpp - Runtime settings from the environment -----------------===//
//
// Unknown values are reported once on stderr and the default is kept: a typo
// must not silently switch a check off.
//
//===----------------------------------------------------------------------===//
#include "options.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace coroscope {
namespace rt {

Options gOptions;

static int signalByName(const char *s) {
  if (*s >= '0' && *s <= '9')
    return atoi(s);
  if (strncmp(s, "SIG", 3) == 0)
    s += 3;
  static const struct {
    const char *name;
    int sig;
  } kSignals[] = {{"USR1", SIGUSR1}, {"USR2", SIGUSR2},   {"HUP", SIGHUP},
                  {"QUIT", SIGQUIT}, {"WINCH", SIGWINCH}, {"PWR", SIGPWR}};
  for (const auto &k : kSignals)
    if (strcmp(s, k.name) == 0)
      return k.sig;
  return -1;
}

// `name`, when set, as a whole number in [lo, hi] into `out`; anything else
// is reported on stderr as not `expected` and leaves `out` as it is.
static void readWhole(const char *name, long lo, long hi, const char *expected, uint32_t &out) {
  const char *v = getenv(name);
  if (!v)
    return;
  char *end = nullptr;
  long n = strtol(v, &end, 10);
  if (end != v && *end == 0 && n >= lo && n <= hi)
    out = uint32_t(n);
  else
    fprintf(stderr, "coroscope: %s=%s: expected %s\n", name, v, expected);
}

void initOptions() {
  static bool done = false;
  if (done)
    return;
  done = true;
  if (const char *v = getenv("COROSCOPE_CHECKS"))
    gOptions.checks = strcmp(v, "0") != 0;
  if (const char *v = getenv("COROSCOPE_ON_ERROR")) {
    if (strcmp(v, "abort") == 0)
      gOptions.on_error = OnError::Abort;
    else if (strcmp(v, "log") == 0)
      gOptions.on_error = OnError::Log;
    else if (strcmp(v, "continue") == 0)
      gOptions.on_error = OnError::Continue;
    else
      fprintf(stderr, "coroscope: COROSCOPE_ON_ERROR=%s: expected abort, log or continue\n", v);
  }
  if (const char *v = getenv("COROSCOPE_NESTED_RESUME_DEPTH")) {
    long n = atol(v);
    if (n > 0)
      gOptions.nested_depth = uint32_t(n);
    else
      fprintf(stderr, "coroscope: COROSCOPE_NESTED_RESUME_DEPTH=%s: expected a positive number\n",
              v);
  }
  if (const char *v = getenv("COROSCOPE_DUMP_SIGNAL")) {
    int sig = signalByName(v);
    if (sig > 0 && sig < NSIG)
      gOptions.dump_signal = sig;
    else
      fprintf(stderr, "coroscope: COROSCOPE_DUMP_SIGNAL=%s: not a signal\n", v);
  }
  if (const char *v = getenv("COROSCOPE_MODE")) {
    if (strcmp(v, "trace") == 0)
      gOptions.mode = Mode::Trace;
    else if (strcmp(v, "profile") == 0)
      gOptions.mode = Mode::Profile;
    else
      fprintf(stderr, "coroscope: COROSCOPE_MODE=%s: expected trace or profile\n", v);
  }
  readWhole("COROSCOPE_INTERVAL", 0, 86400, "seconds, 0 to 86400", gOptions.interval_s);
  readWhole("COROSCOPE_FLUSH_MS", 0, 86400000, "milliseconds, 0 to 86400000", gOptions.flush_ms);
  readWhole("COROSCOPE_SAMPLE", 1, 1000000000, "a number of frames, 1 or more",
            gOptions.sample_every);
  // Profile mode is the one meant to stay on: unless asked for, it runs no
  // run-time checks, so the plugin's inline counting replaces every hook
  // call (docs/usage.md, "Profile mode").
  if (gOptions.mode == Mode::Profile && !getenv("COROSCOPE_CHECKS"))
    gOptions.checks = false;
  if (const char *v = getenv("COROSCOPE_HANDLE_SIGNALS"))
    gOptions.handle_signals = strcmp(v, "0") != 0;
}

} // namespace rt
} // namespace coroscope
