#!/usr/bin/env bash
#===- scripts/test.sh - Build coroscope and run every test ----------------===#
# Ends with one summary line "lit: N passed, N failed" and exits non-zero on
# any failure (lit's own exit status).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" || exit 1
log="$root/build/lit-output.txt"
rm -f "$root/build/lit-results.xml"
ninja -C "$root/build" check 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
python3 - "$root/build/lit-results.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except Exception as e:
    print(f"lit: 0 passed, 1 failed (no results: {e})"); sys.exit(0)
cases = root.iter("testcase")
passed = failed = skipped = 0
for c in cases:
    if c.find("failure") is not None or c.find("error") is not None: failed += 1
    elif c.find("skipped") is not None: skipped += 1
    else: passed += 1
print(f"lit: {passed} passed, {failed} failed, {skipped} skipped")
PY
exit $rc
