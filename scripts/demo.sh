#!/usr/bin/env bash
# The headline demo: seed case S1/S2, the countdown button's worker run loop, under iOS 9 and iOS 10,
# first as the seed wrote it (iOS 10 parks the worker and leaks the button), then with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --product loopsim 2>&1 | tail -n 1
loopsim=".build/debug/loopsim"
$loopsim run scenarios/s02-timerbutton-worker-loop.yaml --variant ios9 --variant ios10
echo
$loopsim run scenarios/s02-timerbutton-worker-loop-fix.yaml --variant ios9 --variant ios10
