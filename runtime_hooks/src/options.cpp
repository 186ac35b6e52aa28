//===- options.cpp - Runtime settings from the environment -----------------===//
//
// Unknown values are reported once on stderr, naming the value used instead
// (the default), and the default is kept: a typo must not silently switch a
// check off.
//
//===----------------------------------------------------------------------===//
#include "options.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

namespace coroscope {
namespace rt {

Options gOptions;

static int signalByName(const char *s) {
  if (*s >= '0' && *s <= '9') {
    char *end = nullptr;
    long n = strtol(s, &end, 10);
    return *end == 0 && n < NSIG ? int(n) : -1; // "10x" is no signal
  }
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
    fprintf(stderr, "coroscope: %s=%s: expected %s; using %u\n", name, v, expected, out);
}

// `name`, when set, as a yes/no into `out`. Only the usual spellings are
// read: `COROSCOPE_CHECKS=off` once left the checks on, because only "0"
// meant off. Anything else is reported and leaves `out` as it is.
static void readBool(const char *name, bool &out) {
  const char *v = getenv(name);
  if (!v)
    return;
  static const char *const kOff[] = {"0", "off", "false", "no"};
  static const char *const kOn[] = {"1", "on", "true", "yes"};
  for (int i = 0; i < 4; ++i) {
    if (strcasecmp(v, kOff[i]) == 0) {
      out = false;
      return;
    }
    if (strcasecmp(v, kOn[i]) == 0) {
      out = true;
      return;
    }
  }
  fprintf(stderr,
          "coroscope: %s=%s: expected 0/1, off/on, false/true or no/yes (any case); using %d\n",
          name, v, out ? 1 : 0);
}

static const char *onErrorName(OnError e) {
  return e == OnError::Abort ? "abort" : e == OnError::Log ? "log" : "continue";
}

void initOptions() {
  static bool done = false;
  if (done)
    return;
  done = true;
  if (const char *v = getenv("COROSCOPE_ON_ERROR")) {
    if (strcmp(v, "abort") == 0)
      gOptions.on_error = OnError::Abort;
    else if (strcmp(v, "log") == 0)
      gOptions.on_error = OnError::Log;
    else if (strcmp(v, "continue") == 0)
      gOptions.on_error = OnError::Continue;
    else
      fprintf(stderr,
              "coroscope: COROSCOPE_ON_ERROR=%s: expected abort, log or continue; using %s\n", v,
              onErrorName(gOptions.on_error));
  }
  readWhole("COROSCOPE_NESTED_RESUME_DEPTH", 1, UINT32_MAX, "a positive number",
            gOptions.nested_depth);
  if (const char *v = getenv("COROSCOPE_DUMP_SIGNAL")) {
    int sig = signalByName(v);
    if (sig > 0 && sig < NSIG)
      gOptions.dump_signal = sig;
    else
      fprintf(stderr, "coroscope: COROSCOPE_DUMP_SIGNAL=%s: not a signal; using none\n", v);
  }
  if (const char *v = getenv("COROSCOPE_MODE")) {
    if (strcmp(v, "trace") == 0)
      gOptions.mode = Mode::Trace;
    else if (strcmp(v, "profile") == 0)
      gOptions.mode = Mode::Profile;
    else
      fprintf(stderr, "coroscope: COROSCOPE_MODE=%s: expected trace or profile; using %s\n", v,
              gOptions.mode == Mode::Profile ? "profile" : "trace");
  }
  readWhole("COROSCOPE_INTERVAL", 0, 86400, "seconds, 0 to 86400", gOptions.interval_s);
  readWhole("COROSCOPE_FLUSH_MS", 0, 86400000, "milliseconds, 0 to 86400000", gOptions.flush_ms);
  readWhole("COROSCOPE_SAMPLE", 1, 1000000000, "a number of frames, 1 or more",
            gOptions.sample_every);
  // Profile mode is the one meant to stay on: unless asked for, it runs no
  // run-time checks, so the plugin's inline counting replaces every hook
  // call (docs/usage.md, "Profile mode"). The mode's default is also what
  // a value that cannot be read leaves.
  gOptions.checks = gOptions.mode != Mode::Profile;
  readBool("COROSCOPE_CHECKS", gOptions.checks);
  readBool("COROSCOPE_HANDLE_SIGNALS", gOptions.handle_signals);
}

} // namespace rt
} // namespace coroscope
