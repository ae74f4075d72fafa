#!/usr/bin/env bash
# Installs what LoopSim needs and is missing: GSL and pkg-config from Debian's packages.
# Safe to run again: it installs nothing that is already there.
set -euo pipefail

need=()
dpkg -s libgsl-dev >/dev/null 2>&1 || need+=(libgsl-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v dot >/dev/null 2>&1 || need+=(graphviz)  # loopsim graph --format svg
command -v chromium >/dev/null 2>&1 || need+=(chromium)  # the HTML report's render test (headless)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)  # the player's browser test (selenium)

if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing ${need[*]}"
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    # A fresh machine has no package lists: update before installing.
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: no Swift toolchain on PATH; LoopSim needs Swift 6 (swift.org/install)" >&2
    exit 1
fi
pkg-config --exists gsl || { echo "setup: pkg-config cannot find gsl after installing libgsl-dev" >&2; exit 1; }

# The notebooks' Python environment: a venv under .venv with notebooks/requirements.txt (pinned), reinstalled
# only when that file changes.
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -f "$root/notebooks/requirements.txt" ]; then
    stamp="$root/.venv/.requirements.sha256"
    want="$(sha256sum "$root/notebooks/requirements.txt" | cut -d' ' -f1)"
    if [ ! -x "$root/.venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "setup: installing the notebooks' Python packages into .venv"
        python3 -m venv "$root/.venv"
        "$root/.venv/bin/python" -m pip install -q --disable-pip-version-check -r "$root/notebooks/requirements.txt"
        echo "$want" > "$stamp"
    fi
fi
