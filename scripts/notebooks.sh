#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless (nbclient) against the built loopsim. Each notebook asserts
# the numbers it teaches, so a changed number fails this script (and CI). Needs scripts/setup.sh first (.venv).
#
#   scripts/notebooks.sh          run every notebook headless (what scripts/test.sh does)
#   scripts/notebooks.sh --lab    open notebooks/ in JupyterLab, pinned in notebooks/lab-requirements.txt and
#                                 installed into .venv on first use; extra arguments go to `jupyter lab`
#                                 (e.g. --no-browser, --port 8899)
set -euo pipefail
cd "$(dirname "$0")/.."
lab=false
if [ "${1:-}" = "--lab" ]; then
    lab=true
    shift
elif [ $# -gt 0 ]; then
    echo "usage: scripts/notebooks.sh [--lab [jupyter lab options]]" >&2
    exit 2
fi
if [ ! -x .venv/bin/python ]; then bash scripts/setup.sh; fi
export LOOPSIM="${LOOPSIM:-$PWD/.build/debug/loopsim}"
if [ ! -x "$LOOPSIM" ]; then
    echo "notebooks: no loopsim at $LOOPSIM (run swift build first, or set LOOPSIM)" >&2
    exit 1
fi
if $lab; then
    # Installed only when missing, at the pinned version; the notebooks find loopsim through LOOPSIM.
    pinned="$(sed -n 's/^jupyterlab==//p' notebooks/lab-requirements.txt)"
    if [ "$(.venv/bin/python -c 'import jupyterlab; print(jupyterlab.__version__)' 2>/dev/null)" != "$pinned" ]; then
        echo "notebooks: installing JupyterLab $pinned into .venv (notebooks/lab-requirements.txt)"
        .venv/bin/python -m pip install -q --disable-pip-version-check -r notebooks/lab-requirements.txt
    fi
    # Jupyter refuses to serve as root unless told to; CI machines and containers run as root.
    root=()
    if [ "$(id -u)" -eq 0 ]; then root=(--allow-root); fi
    exec .venv/bin/jupyter lab --notebook-dir=notebooks "${root[@]}" "$@"
fi
# No MPLBACKEND: the kernel's inline backend renders each figure into its cell's outputs, which
# run_notebooks.py counts against the notebook's metadata.
unset MPLBACKEND
.venv/bin/python scripts/run_notebooks.py notebooks/*.ipynb
