# lit configuration for coroscope: substitutions only. The suite runs once
# per LLVM major the plugin is built for (test/CMakeLists.txt); MAJOR below
# is that suite's, also the feature `clang-MAJOR`.
#
#   %clangxx          clang++ MAJOR, C++20, no coroscope
#   %clangxx_bin      the path of that clang++ alone
#   %other_clangxx_bin, %other_opt  clang++ and opt of another built major
#                     (feature `other-major`)
#   %clang_coroscope  the same with -fplugin=CoroScope-MAJOR.so and the runtime linked
#   %coroscope_plugin path of CoroScope-MAJOR.so
#   %coroscope_pass   path of CoroScopePass-MAJOR.so
#   %llvm_major       MAJOR
#   %coroscope_rt     directory of libcoroscope_rt.{so,a}
#   %coroscope        the analyzer
#   %opt              opt MAJOR with the pass plugin loaded (-passes=coroscope)
#   %python           the Python running lit
#   %examples         examples/ in the source tree
#   %bench            bench/ in the source tree
#   %coroscope_build  the build directory (its compile_commands.json)
#   %shlibext         .so
#   %run_example      test/tools/run-example.sh with this build's tools:
#                     %run_example OPT SRC OUT [ARGS...]
#   %run_case         test/tools/run-case.sh: build and run a fault case, check
#                     its report against its `// EXPECT:` line
#   %clang_tidy       clang-tidy MAJOR, when installed (then the feature `clang-tidy`)
#   %matrix           test/tools/matrix.py with this build's clang++ and analyzer:
#                     %matrix --work DIR [--rows ...] PROGRAM.cpp (test/matrix/)
#   %fuzz_bin         directory of the fuzz targets (fuzz/), when built
#   %fuzz_corpus      their generated seed corpus (fuzz/make_corpus.py)
#   %fuzz_flags       the libFuzzer flags of a short run: 45 s, fixed seed
#
# Features: `clang-MAJOR`; `clang-20-or-later` on 20 and later (their
# coroutine attributes and elision); `primary-llvm` in the first major's
# suite only, for tests whose subject does not depend on the compiler: the
# analyzer over checked-in logs, the fuzz runs, the exporters, the HTML
# report in browsers, the packed log format, the .deb; `std-generator` when libstdc++ or libc++ has C++23
# <generator>; `fuzz` when the fuzz targets were built (COROSCOPE_FUZZ).
import os
import subprocess
import platform
import shutil
import lit.formats

major = getattr(config, "llvm_major", "19")
majors = getattr(config, "llvm_majors", [major])
config.name = f"coroscope-clang{major}"
config.available_features.add(f"clang-{major}")
if int(major) >= 20:
    config.available_features.add("clang-20-or-later")
# LLVM 22's unwinding coro.end returns void and llvm.coro.is_in_ramp() picks
# ramp or clones (plugin/compat/CoroIntrinsics.h); IR tests choose their
# expected text with `%if coro-is-in-ramp %{...%} %else %{...%}`.
# %coro_ir_for_major: hand-written IR in LLVM 19's shape, read from stdin,
# in this major's: a coro.end whose i1 result is unused returns void on 22.
if int(major) >= 22:
    config.available_features.add("coro-is-in-ramp")
    config.substitutions.append(("%coro_ir_for_major",
        "sed -E -e 's/%[A-Za-z0-9_.]+ = call i1 @llvm\\.coro\\.end\\(/call void @llvm.coro.end(/'"
        " -e 's/^declare i1 @llvm\\.coro\\.end\\(/declare void @llvm.coro.end(/'"))
else:
    config.substitutions.append(("%coro_ir_for_major", "cat"))
primary = major == majors[0]
if primary:
    config.available_features.add("primary-llvm")
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".test", ".cpp", ".ll"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

obj_root = getattr(config, "coroscope_obj_root", None) or os.environ.get(
    "COROSCOPE_BUILD_DIR", os.path.join(os.path.dirname(os.path.dirname(__file__)), "build"))
src_root = getattr(config, "coroscope_src_root", os.path.dirname(os.path.dirname(__file__)))
config.test_exec_root = os.path.join(obj_root, "test", f"clang-{major}")
tools_dir = getattr(config, "llvm_tools_dir", f"/usr/lib/llvm-{major}/bin")
clangxx = getattr(config, "clangxx", os.path.join(tools_dir, "clang++"))
opt = getattr(config, "opt", os.path.join(tools_dir, "opt"))
python = getattr(config, "python", None) or __import__("sys").executable

if platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64"):
    config.unsupported = True

lib = os.path.join(obj_root, "lib")
plugin = os.path.join(lib, getattr(config, "coroscope_plugin_prefix", "CoroScope-") + f"{major}.so")
pass_plugin = os.path.join(
    lib, getattr(config, "coroscope_pass_plugin_prefix", "CoroScopePass-") + f"{major}.so")
cxx = f"{clangxx} -std=c++20 -Wno-unused-command-line-argument"
config.substitutions.append(("%clang_coroscope",
    f"{cxx} -fplugin={plugin} -I{os.path.join(obj_root, 'include')} -L{lib} -Wl,-rpath,{lib} -lcoroscope_rt -pthread"))
config.substitutions.append(("%run_example", " ".join([
    "bash", os.path.join(src_root, "test", "tools", "run-example.sh"),
    f"'{cxx} -pthread'", plugin, lib, os.path.join(obj_root, "bin", "coroscope"), python])))
config.substitutions.append(("%run_case", " ".join([
    "bash", os.path.join(src_root, "test", "tools", "run-case.sh"),
    f"'{cxx} -pthread'", plugin, lib, os.path.join(obj_root, "bin", "coroscope"), python])))
config.substitutions.append(("%clangxx_bin", clangxx))
# A clang and an opt of another major (another built one, else Debian's
# default clang++), to load this suite's plugin into: feature `other-major`.
def _other_major_tool(name):
    found = (shutil.which(f"{name}-{m}") for m in majors if m != major)
    return next((path for path in found if path), None)
other, other_opt = _other_major_tool("clang++"), _other_major_tool("opt")
if other and other_opt:
    config.available_features.add("other-major")
    config.substitutions.append(("%other_clangxx_bin", other))
    config.substitutions.append(("%other_opt", other_opt))
config.substitutions.append(("%clangxx", f"{cxx} -pthread"))
config.substitutions.append(("%coroscope_build", obj_root))
config.substitutions.append(("%coroscope_src", src_root))
config.substitutions.append(("%coroscope_plugin", plugin))
config.substitutions.append(("%coroscope_pass", pass_plugin))
config.substitutions.append(("%llvm_major", major))
config.substitutions.append(("%coroscope_rt", lib))
config.substitutions.append(("%coroscope", os.path.join(obj_root, "bin", "coroscope")))
config.substitutions.append(("%opt", f"{opt} -load-pass-plugin={pass_plugin}"))
config.substitutions.append(("%python", python))
config.substitutions.append(("%examples", os.path.join(src_root, "examples")))
config.substitutions.append(("%bench", os.path.join(src_root, "bench")))
config.substitutions.append(("%shlibext", ".so"))
# Tests that act as another user (chown, setpriv) run only as root.
if os.geteuid() == 0 and shutil.which("setpriv"):
    config.available_features.add("root")
# test/comparison/ measures clang-tidy's coroutine checks; without it those
# tests are UNSUPPORTED (scripts/install-deps.sh installs clang-tidy-MAJOR).
clang_tidy = shutil.which(f"clang-tidy-{major}") or shutil.which("clang-tidy", path=tools_dir)
if clang_tidy:
    config.available_features.add("clang-tidy")
    config.substitutions.append(("%clang_tidy", clang_tidy))
config.coroscope_clang_tidy = clang_tidy
# test/bench/ builds the benchmarks (scripts/install-deps.sh installs
# libbenchmark-dev); without it they are UNSUPPORTED.
if os.path.exists("/usr/include/benchmark/benchmark.h"):
    config.available_features.add("benchmark")
# The HTML report is checked in a real browser, headless Chromium
# (scripts/install-deps.sh installs Debian's chromium); without it those
# tests are UNSUPPORTED. Each test passes its own --user-data-dir.
chromium = shutil.which("chromium")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", "timeout 120 " + chromium +
                                 " --headless --no-sandbox --disable-gpu --no-first-run"
                                 " --disable-dev-shm-usage"))
# ... and opened in Firefox too (Debian's firefox-esr, headless).
firefox = shutil.which("firefox-esr") or shutil.which("firefox")
if firefox:
    config.available_features.add("firefox")
    config.substitutions.append(("%firefox", "timeout 120 " + firefox + " --headless --no-remote"))
# The exported timeline is loaded in speedscope (npm package, installed
# globally by scripts/install-deps.sh), in that headless Chromium.
speedscope = ""
if chromium and shutil.which("npm"):
    npm_root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True).stdout.strip()
    candidate = os.path.join(npm_root, "speedscope", "dist", "release")
    if os.path.exists(os.path.join(candidate, "index.html")):
        speedscope = candidate
if speedscope:
    config.available_features.add("speedscope")
    config.substitutions.append(("%speedscope", speedscope))
config.coroscope_clangxx_path = clangxx
config.coroscope_plugin_path = plugin

config.environment["PATH"] = os.pathsep.join([tools_dir, config.environment.get("PATH", "")])
# Logs go where each test says, never into the source tree.
config.environment.pop("COROSCOPE_OUT", None)

# test/fuzz/: short runs of the fuzz targets; without COROSCOPE_FUZZ (no
# -fsanitize=fuzzer) they are UNSUPPORTED.
fuzz_bin = getattr(config, "coroscope_fuzz_bin", "")
if fuzz_bin and primary:
    config.available_features.add("fuzz")
    config.substitutions.append(("%fuzz_bin", fuzz_bin))
    config.substitutions.append(("%fuzz_corpus", config.coroscope_fuzz_corpus))
    # A crash, a leak, a timeout (one input over 25 s) or an input needing
    # more than 4 GiB makes libFuzzer exit non-zero, failing the test.
    config.substitutions.append(("%fuzz_flags",
        "-seed=1 -max_total_time=45 -timeout=25 -rss_limit_mb=4096 -print_final_stats=1"))

# test/matrix/ (docs/coverage.md).
config.substitutions.append(("%matrix", " ".join([
    python, os.path.join(src_root, "test", "tools", "matrix.py"),
    "--clangxx", clangxx, "--coroscope", os.path.join(obj_root, "bin", "coroscope")])))
# std::generator is tested only where a standard library has it (neither
# libstdc++ 12 nor libc++ 19 does): probe each, as matrix.py does per row.
for stdlib in ([], ["-stdlib=libc++"]):
    probe = subprocess.run(
        [clangxx, "-std=c++23", *stdlib, "-fsyntax-only", "-x", "c++", "-"],
        input=b"#include <version>\n#ifndef __cpp_lib_generator\n#error\n#endif\n",
        capture_output=True)
    if probe.returncode == 0:
        config.available_features.add("std-generator")
