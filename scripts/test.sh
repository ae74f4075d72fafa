#!/usr/bin/env bash
# Every test: the Swift Testing suites, then every scenario's expect: block, then the notebooks.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

echo "== swift build"
swift build 2>&1 | tail -n 1
echo "== swift test"
log=$(mktemp)
status=0
swift test >"$log" 2>&1 || status=$?
# Failures and the closing summary lines; the whole log when something failed.
if [ "$status" -ne 0 ]; then cat "$log"; else grep -E '✘|Executed|Test run with' "$log" || true; fi
rm -f "$log"
[ "$status" -eq 0 ] || exit "$status"

echo "== loopsim test scenarios/"
.build/debug/loopsim test scenarios

echo "== loopsim golden scenarios/ (after an intended trace change: loopsim golden --update scenarios)"
.build/debug/loopsim golden scenarios

echo "== loopsim conform (linux-corelibs against this machine's real RunLoop; docs/fidelity.md)"
.build/debug/loopsim test conformance/scenarios | tail -n 1
.build/debug/loopsim conform

if compgen -G "notebooks/*.ipynb" >/dev/null; then
    echo "== notebooks"
    bash scripts/notebooks.sh
fi
