#!/usr/bin/env bash
# Callgrind profiles of the benchmark workloads (instruction counts: repeatable on a loaded machine).
# Run benchmarks/run.sh first (it builds the driver and the CLI), then:
#
#   bash benchmarks/profile.sh DRIVER LOOPSIM OUTDIR     # e.g. .build-bench/driver-main/.build/release/loopsim-bench
#
# Writes OUTDIR/WORKLOAD.callgrind and OUTDIR/WORKLOAD.txt (top functions by inclusive and by self cost,
# demangled). Sizes are small (valgrind runs ~50x slower) but large enough that the hot paths dominate.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DRIVER="$1"; LOOPSIM="$2"; OUT="$3"
mkdir -p "$OUT"
# valgrind 3.19 gives up on the DWARF 5 debug info swiftc writes ("Possibly corrupted debuginfo file"):
# profile copies without debug info (the symbol table stays, so functions keep their names).
objcopy --strip-debug "$DRIVER" "$OUT/loopsim-bench"; DRIVER="$OUT/loopsim-bench"
objcopy --strip-debug "$LOOPSIM" "$OUT/loopsim"; LOOPSIM="$OUT/loopsim"
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; }
G="python3 $ROOT/benchmarks/gen.py"
$G storm 1000 850000000 "$OUT/storm-1k.yaml"        # ~20k fires, one timer per pass
$G storm 10000 50000000 "$OUT/storm-10k.yaml"       # ~6.7k fires
$G storm 10000 0 "$OUT/storm-10k-setup.yaml"        # creating 10k timers only
$G churn 100000 "$OUT/churn-100k.yaml"
$G leakheap 100000 1000 "$OUT/leak-100k.yaml"

profile() {  # name, command...
    local name="$1"; shift
    valgrind --tool=callgrind --callgrind-out-file="$OUT/$name.callgrind" "$@" > "$OUT/$name.stdout" 2> "$OUT/$name.valgrind"
    {
        echo "# $name: $*"
        grep -E "Collected" "$OUT/$name.valgrind" || true
        echo "## inclusive"
        callgrind_annotate --inclusive=yes "$OUT/$name.callgrind" 2>/dev/null | swift demangle --simplified | sed -n '1,60p'
        echo "## self"
        callgrind_annotate "$OUT/$name.callgrind" 2>/dev/null | swift demangle --simplified | sed -n '1,50p'
    } > "$OUT/$name.txt"
    echo "wrote $OUT/$name.txt"
}
profile storm-1k "$DRIVER" "$OUT/storm-1k.yaml"
profile storm-10k "$DRIVER" "$OUT/storm-10k.yaml"
profile storm-10k-setup "$DRIVER" "$OUT/storm-10k-setup.yaml"
profile churn-100k "$DRIVER" "$OUT/churn-100k.yaml"
profile leak-100k "$DRIVER" "$OUT/leak-100k.yaml" --analysis
profile replications-s9-20 "$LOOPSIM" run "$ROOT/scenarios/s09-countdown-random-scrolls.yaml" --replications 20 --jobs 1 --format json
