#!/usr/bin/env bash
# Regenerates docs/loopsim.1 with swift-argument-parser's manual plugin (it builds loopsim in release mode first).
# ManPageTests fails when the checked-in page misses a command or an option, so run this after changing either.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --allow-writing-to-package-directory generate-manual --date 2026-11-24 >/dev/null
cp .build/plugins/GenerateManual/outputs/loopsim/loopsim.1 docs/loopsim.1
echo "wrote docs/loopsim.1 (man ./docs/loopsim.1)"
