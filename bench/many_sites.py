#!/usr/bin/env python3
"""bench/many_sites.py - Start-up CPU and profile bytes of a program with many sites.

Generates one C++ file with N coroutines, each with K co_awaits of distinct
awaiter types (N * (K + 2) suspend sites: initial, K awaits, final), of
which main runs one (none when given an argument). Builds it with
clang++-19 -O2 with and without the plugin, runs each binary --runs times
(one process each, the variants interleaved so machine noise hits all
alike) and prints per process the CPU time (user + sys, from the children's
rusage) and the bytes of the file profile mode writes.

  python3 bench/many_sites.py [--coroutines 1000] [--awaits 3] [--runs 200]
                              [--build DIR] [--baseline-rt DIR] [--keep DIR]

  --build DIR        the coroscope build (default: this checkout's build/)
  --baseline-rt DIR  also run the instrumented binary against the runtime
                     library in DIR (LD_LIBRARY_PATH overrides the binary's
                     RUNPATH): before/after a runtime change, same binary
  --keep DIR         write the source, binaries and one profile there

Timing is a measurement, never a test: the machine may be shared.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

HEADER = r"""#include <coroutine>
namespace bench::detail {
template <class Tag, int N> struct ready_awaiter {
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  int await_resume() const noexcept { return N; }
};
template <int N> struct tag {};
} // namespace bench::detail
struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
int sink;
"""


def source(coroutines, awaits):
    out = [HEADER]
    for c in range(coroutines):
        body = "".join(
            f"  sink += co_await bench::detail::ready_awaiter<bench::detail::tag<{c}>, {a}>{{}};\n"
            for a in range(awaits))
        out.append(f"task coroutine_{c}(int x) {{\n  sink += x;\n{body}}}\n")
    out.append("int main(int argc, char **) {\n  if (argc < 2)\n    coroutine_0(1);\n"
               "  return sink == 0;\n}\n")
    return "".join(out)


def run_cpu(argv, env, cwd):
    """CPU seconds (user + sys) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--coroutines", type=int, default=1000)
    ap.add_argument("--awaits", type=int, default=3)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--build", default=os.path.join(root, "build"))
    ap.add_argument("--baseline-rt")
    ap.add_argument("--keep")
    args = ap.parse_args()
    lib = os.path.join(os.path.abspath(args.build), "lib")
    plugin = os.path.join(lib, "CoroScope-19.so")
    work = args.keep or tempfile.mkdtemp(prefix="many_sites.")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "many_sites.cpp")
    with open(src, "w") as f:
        f.write(source(args.coroutines, args.awaits))
    cxx = ["clang++-19", "-std=c++20", "-O2"]
    plain, inst = os.path.join(work, "plain"), os.path.join(work, "inst")
    plain_rt = os.path.join(work, "plain_rt")
    subprocess.run(cxx + [src, "-o", plain], check=True)
    # Without the plugin but linked with the runtime: what loading it costs.
    subprocess.run(cxx + [src, "-o", plain_rt, "-L" + lib, "-Wl,-rpath," + lib,
                          "-Wl,--no-as-needed", "-lcoroscope_rt"], check=True)
    subprocess.run(cxx + ["-fplugin=" + plugin, src, "-o", inst, "-L" + lib, "-Wl,-rpath," + lib,
                          "-lcoroscope_rt"], check=True)
    base_env = {k: v for k, v in os.environ.items()
                if not k.startswith("COROSCOPE_") and k != "LD_LIBRARY_PATH"}
    out = os.path.join(work, "out")
    os.makedirs(out, exist_ok=True)

    def env(**extra):
        e = dict(base_env)
        e.update(extra)
        return e

    # name, argv, env; the profile written by each run is measured and removed.
    variants = [("plain -O2", [plain], env()),
                ("plain -O2 linked with the runtime, profile mode", [plain_rt],
                 env(COROSCOPE_MODE="profile", COROSCOPE_OUT=os.path.join(out, "r.log")))]
    for ran, argv_tail in (("1 coroutine runs", []), ("none runs", ["none"])):
        variants.append((f"plugin, trace mode, {ran}", [inst] + argv_tail,
                         env(COROSCOPE_OUT=os.path.join(out, "t.log"))))
        variants.append((f"plugin, profile mode, {ran}", [inst] + argv_tail,
                         env(COROSCOPE_MODE="profile", COROSCOPE_OUT=os.path.join(out, "p.log"))))
        if args.baseline_rt:
            variants.append((f"plugin, profile mode, {ran}, baseline runtime", [inst] + argv_tail,
                             env(COROSCOPE_MODE="profile", LD_LIBRARY_PATH=args.baseline_rt,
                                 COROSCOPE_OUT=os.path.join(out, "b.log"))))
    cpu = {name: [] for name, _, _ in variants}
    size = {}
    for r in range(args.runs):
        for name, argv, e in variants[r % len(variants):] + variants[:r % len(variants)]:
            cpu[name].append(run_cpu(argv, e, out))
            path = e.get("COROSCOPE_OUT")
            if path:
                size[name] = os.path.getsize(path) if os.path.exists(path) else 0
                if args.keep and r == 0:
                    if os.path.exists(path):
                        shutil.copy(path, os.path.join(work, name.replace(", ", "_").replace(" ", "-")
                                                       + ".log"))
                if os.path.exists(path):
                    os.remove(path)
    sites = args.coroutines * (args.awaits + 2)
    print(f"{args.coroutines} coroutines x {args.awaits} co_awaits: {sites} suspend sites, "
          f"{args.runs} runs each (clang++-19 -O2)\n")
    print("| variant | CPU per process (ms, median) | mean | file bytes |")
    print("| --- | ---: | ---: | ---: |")
    for name, _, _ in variants:
        v = sorted(cpu[name])
        med = v[len(v) // 2] * 1e3
        mean = sum(v) / len(v) * 1e3
        print(f"| {name} | {med:.2f} | {mean:.2f} | {size.get(name, '-')} |")
    if not args.keep:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
