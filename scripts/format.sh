#!/usr/bin/env bash
#===- scripts/format.sh - Apply or check .clang-format on our own code ----===#
# scripts/format.sh          reformats the C++ sources in place
# scripts/format.sh --check  lists the files that differ and exits 1
# Our own code only: the plugin, the runtime, the analyzer, the shared headers,
# the fuzz targets and the benchmarks. test/ and examples/ are inputs whose
# line numbers the expected outputs name, so they keep their layout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
CLANG_FORMAT=${CLANG_FORMAT:-clang-format-19}
mapfile -t files < <(git ls-files -- 'plugin/*.cpp' 'plugin/*.h' 'runtime_hooks/*.cpp' \
  'runtime_hooks/*.h' 'analyzer/*.cpp' 'analyzer/*.h' 'include/*.h' 'fuzz/*.cpp' 'fuzz/*.h' \
  'bench/*.cpp' 'bench/*.h')
if [ "${1:-}" = --check ]; then
  bad=()
  for f in "${files[@]}"; do
    "$CLANG_FORMAT" --style=file "$f" | cmp -s - "$f" || bad+=("$f")
  done
  if [ ${#bad[@]} -gt 0 ]; then
    printf 'not formatted (run scripts/format.sh): %s\n' "${bad[@]}" >&2
    exit 1
  fi
  echo "format: ${#files[@]} files formatted"
else
  "$CLANG_FORMAT" --style=file -i "${files[@]}"
fi
