#!/usr/bin/env bash
# The LoopSim benchmark suite: builds LoopSim (release), the benchmark driver, the C heap and a pinned SimPy,
# then runs every workload for LoopSim and its peers, prints one table and writes benchmarks/results.json.
#
#   bash benchmarks/run.sh                 # the working tree
#   bash benchmarks/run.sh --ref HEAD      # a commit, exported with git archive (stable while others edit)
#   bash benchmarks/run.sh --ref HEAD -- --sizes 1000,10000 --only storm --budget 20   # bench.py options
#
# Not part of CI. Needs swift, cc, python3 (with venv); everything else it installs. Scratch space:
# .build-bench/ (gitignored). Takes about 40 minutes with the defaults (--budget 60 --reps 3), 20 with
# --budget 15 --reps 2; see BENCHMARKS.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/.build-bench"
REF=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --ref) REF="$2"; shift 2 ;;
        --) shift; break ;;
        *) break ;;
    esac
done
mkdir -p "$BENCH"

# The LoopSim source to measure: the working tree, or a commit exported to .build-bench/src-SHA.
if [[ -n "$REF" ]]; then
    SHA="$(git -C "$ROOT" rev-parse --short "$REF")"
    SRC="$BENCH/src-$SHA"
    if [[ ! -d "$SRC/Sources" ]]; then
        mkdir -p "$SRC"
        git -C "$ROOT" archive "$SHA" | tar -x -C "$SRC"
        [[ -f "$ROOT/Package.resolved" && ! -f "$SRC/Package.resolved" ]] && cp "$ROOT/Package.resolved" "$SRC/"
    fi
    SCRATCH="$BENCH/scratch-$SHA"
    SOURCE="commit $SHA"
else
    SRC="$ROOT"
    SCRATCH="$BENCH"
    SOURCE="working tree at $(git -C "$ROOT" rev-parse --short HEAD) (+ uncommitted changes: $(git -C "$ROOT" status --short -- Sources Package.swift | wc -l) files)"
fi
ID="$(basename "$SRC" | tr '[:upper:]' '[:lower:]')"
echo "== measuring $SOURCE"

echo "== building loopsim (release)"
(cd "$SRC" && swift build -c release --scratch-path "$SCRATCH" --product loopsim)
LOOPSIM="$SCRATCH/release/loopsim"

# The driver: a package of its own that links the LoopSim package's products (not part of its build or CI).
DRIVER_DIR="$BENCH/driver-$ID"
mkdir -p "$DRIVER_DIR"
sed -e "s#@LOOPSIM_PATH@#$SRC#g" -e "s#@LOOPSIM_ID@#$ID#g" "$ROOT/benchmarks/driver/Package.swift.in" > "$DRIVER_DIR/Package.swift.new"
cmp -s "$DRIVER_DIR/Package.swift.new" "$DRIVER_DIR/Package.swift" 2>/dev/null || mv "$DRIVER_DIR/Package.swift.new" "$DRIVER_DIR/Package.swift"
rm -f "$DRIVER_DIR/Package.swift.new"
ln -sfn "$ROOT/benchmarks/driver/Sources" "$DRIVER_DIR/Sources"
echo "== building loopsim-bench (release)"
(cd "$DRIVER_DIR" && swift build -c release --scratch-path "$DRIVER_DIR/.build" --product loopsim-bench)
DRIVER="$DRIVER_DIR/.build/release/loopsim-bench"

echo "== building the C heap and the trace floor (-O2)"
cc -O2 -o "$BENCH/heap" "$ROOT/benchmarks/peers/heap.c"
cc -O2 -o "$BENCH/tracehash" "$ROOT/benchmarks/peers/tracehash.c"

echo "== SimPy (pinned in benchmarks/peers/requirements.txt)"
if [[ ! -x "$BENCH/venv-simpy/bin/python" ]]; then python3 -m venv "$BENCH/venv-simpy"; fi
"$BENCH/venv-simpy/bin/pip" install -q -r "$ROOT/benchmarks/peers/requirements.txt"

echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$SRC"
python3 "$ROOT/benchmarks/bench.py" --loopsim "$LOOPSIM" --driver "$DRIVER" --heap "$BENCH/heap" \
    --tracehash "$BENCH/tracehash" --python "$BENCH/venv-simpy/bin/python" --source "$SOURCE" --work "$BENCH/gen" \
    --out "$ROOT/benchmarks/results.json" "$@"
