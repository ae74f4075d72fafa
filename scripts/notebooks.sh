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
# No MPLBACKEND: the kernel's inline backend renders each figure into its cell's outputs, which
# run_notebooks.py counts against the notebook's metadata.
unset MPLBACKEND
.venv/bin/python scripts/run_notebooks.py notebooks/*.ipynb
