#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless (nbclient) against the built loopsim. Each notebook asserts
# the numbers it teaches, so a changed number fails this script (and CI). Needs scripts/setup.sh first (.venv).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then bash scripts/setup.sh; fi
export LOOPSIM="${LOOPSIM:-$PWD/.build/debug/loopsim}"
if [ ! -x "$LOOPSIM" ]; then
    echo "notebooks: no loopsim at $LOOPSIM (run swift build first, or set LOOPSIM)" >&2
    exit 1
fi
export MPLBACKEND=Agg
.venv/bin/python scripts/run_notebooks.py notebooks/*.ipynb
