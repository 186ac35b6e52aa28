# lit configuration for coroscope: substitutions only.
#
#   %clangxx          clang++ 19, C++20, no coroscope
#   %clang_coroscope  the same with -fplugin=CoroScope.so and the runtime linked
#   %coroscope_plugin path of CoroScope.so
#   %coroscope_rt     directory of libcoroscope_rt.{so,a}
#   %coroscope        the analyzer
#   %opt              opt 19 with the plugin loaded (-passes=coroscope)
#   %python           the Python running lit
#   %examples         examples/ in the source tree
#   %bench            bench/ in the source tree
#   %coroscope_build  the build directory (its compile_commands.json)
#   %shlibext         .so
#   %run_example      test/tools/run-example.sh with this build's tools:
#                     %run_example OPT SRC OUT [ARGS...]
#   %run_case         test/tools/run-case.sh: build and run a fault case, check
#                     its report against its `// EXPECT:` line
#   %clang_tidy       clang-tidy 19, when installed (then the feature `clang-tidy`)
#   %matrix           test/tools/matrix.py with this build's clang++ and analyzer:
#                     %matrix --work DIR [--rows ...] PROGRAM.cpp (test/matrix/)
#
# Features: `std-generator` when libstdc++ or libc++ has C++23 <generator>.
import os
import subprocess
import platform
import shutil
import lit.formats

config.name = "coroscope"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".test", ".cpp", ".ll"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)

obj_root = getattr(config, "coroscope_obj_root", None) or os.environ.get(
    "COROSCOPE_BUILD_DIR", os.path.join(os.path.dirname(os.path.dirname(__file__)), "build"))
src_root = getattr(config, "coroscope_src_root", os.path.dirname(os.path.dirname(__file__)))
config.test_exec_root = os.path.join(obj_root, "test")
tools_dir = getattr(config, "llvm_tools_dir", "/usr/lib/llvm-19/bin")
clangxx = getattr(config, "clangxx", os.path.join(tools_dir, "clang++"))
opt = getattr(config, "opt", os.path.join(tools_dir, "opt"))
python = getattr(config, "python", None) or __import__("sys").executable

if platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64"):
    config.unsupported = True

lib = os.path.join(obj_root, "lib")
plugin = os.path.join(lib, "CoroScope.so")
cxx = f"{clangxx} -std=c++20 -Wno-unused-command-line-argument"
config.substitutions.append(("%clang_coroscope",
    f"{cxx} -fplugin={plugin} -I{os.path.join(obj_root, 'include')} -L{lib} -Wl,-rpath,{lib} -lcoroscope_rt -pthread"))
config.substitutions.append(("%run_example", " ".join([
    "bash", os.path.join(src_root, "test", "tools", "run-example.sh"),
    f"'{cxx} -pthread'", plugin, lib, os.path.join(obj_root, "bin", "coroscope"), python])))
config.substitutions.append(("%run_case", " ".join([
    "bash", os.path.join(src_root, "test", "tools", "run-case.sh"),
    f"'{cxx} -pthread'", plugin, lib, os.path.join(obj_root, "bin", "coroscope"), python])))
config.substitutions.append(("%clangxx", f"{cxx} -pthread"))
config.substitutions.append(("%coroscope_build", obj_root))
config.substitutions.append(("%coroscope_plugin", plugin))
config.substitutions.append(("%coroscope_rt", lib))
config.substitutions.append(("%coroscope", os.path.join(obj_root, "bin", "coroscope")))
config.substitutions.append(("%opt", f"{opt} -load-pass-plugin={os.path.join(lib, 'CoroScopePass.so')}"))
config.substitutions.append(("%python", python))
config.substitutions.append(("%examples", os.path.join(src_root, "examples")))
config.substitutions.append(("%bench", os.path.join(src_root, "bench")))
config.substitutions.append(("%shlibext", ".so"))
# test/comparison/ measures clang-tidy's coroutine checks; without it those
# tests are UNSUPPORTED (scripts/install-deps.sh installs clang-tidy-19).
clang_tidy = shutil.which("clang-tidy-19") or shutil.which("clang-tidy", path=tools_dir)
if clang_tidy:
    config.available_features.add("clang-tidy")
    config.substitutions.append(("%clang_tidy", clang_tidy))
config.coroscope_clang_tidy = clang_tidy
# test/bench/ builds the benchmarks (scripts/install-deps.sh installs
# libbenchmark-dev); without it they are UNSUPPORTED.
if os.path.exists("/usr/include/benchmark/benchmark.h"):
    config.available_features.add("benchmark")
config.coroscope_clangxx_path = clangxx
config.coroscope_plugin_path = plugin

config.environment["PATH"] = os.pathsep.join([tools_dir, config.environment.get("PATH", "")])
# Logs go where each test says, never into the source tree.
config.environment.pop("COROSCOPE_OUT", None)

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
