#!/usr/bin/env bash
#===- scripts/build.sh - Configure and build coroscope into build/ --------===#
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
# COROSCOPE_WERROR=ON (.ci/run): warnings in our own code fail the build.
cmake -G Ninja -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOROSCOPE_WERROR="${COROSCOPE_WERROR:-OFF}" >/dev/null
ninja -C "$root/build" "$@"
