#!/usr/bin/env bash
#===- scripts/install-deps.sh - Debian 12 packages coroscope needs --------===#
# Installs only what is missing, so it is cheap to run before every build.
set -euo pipefail
# clang-tidy-19: test/comparison/ measures its coroutine checks against coroscope's.
# clang-format-19: scripts/format.sh, which scripts/test.sh runs with --check.
# libbenchmark-dev: bench/ (Google Benchmark) and its smoke test in test/bench/.
# libxxhash-dev: the log's chunk checksums (coroscope/log_checksum.h, header-only).
# python3-jsonschema: test/e2e/export-chrome-trace.test checks the Trace Event Format.
# chromium, firefox-esr: test/e2e/report-html*.test open the HTML report in both, headless.
# libc++-19-dev, libc++abi-19-dev: test/matrix/ and test/e2e/libcxx.test build with
# -stdlib=libc++ too (its coroutine_handle lives in std::__1).
# dpkg-dev: dpkg-shlibdeps, which `cpack -G DEB` runs for the .deb's Depends
# (test/e2e/deb-package.test).
# The same for LLVM/Clang 22: the plugin is built and the suite run for both
# majors (cmake/CoroscopeLLVM.cmake). Not libc++-22-dev: Debian installs one
# libc++-x.y-dev at a time (they conflict), and clang++-22 -stdlib=libc++ finds
# libc++ 19 through /usr/include/c++/v1 and /lib/x86_64-linux-gnu.
PKGS=(clang-19 llvm-19-dev libclang-19-dev llvm-19-tools libclang-rt-19-dev clang-tidy-19
      clang-format-19
      libc++-19-dev libc++abi-19-dev
      clang-22 llvm-22-dev libclang-22-dev llvm-22-tools libclang-rt-22-dev clang-tidy-22
      nlohmann-json3-dev libcli11-dev libbenchmark-dev libxxhash-dev cmake ninja-build python3 git
      python3-jsonschema chromium firefox-esr dpkg-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "coroscope: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# speedscope (npm, runs offline): test/e2e/export-speedscope.test loads the
# exported timeline in it. Debian's npm only where no npm is installed.
SPEEDSCOPE=speedscope@1.25.0
if ! command -v npm > /dev/null; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends npm
fi
if [ ! -e "$(npm root -g)/speedscope/dist/release/index.html" ]; then
  echo "coroscope: installing $SPEEDSCOPE (npm, global)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO npm install -g --no-audit --no-fund "$SPEEDSCOPE" > /dev/null
fi
