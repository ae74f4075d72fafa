#!/usr/bin/env bash
# Peak memory of big runs (issue 39): `loopsim sweep` over 10^3, 10^4, 10^5 grid points and
# `loopsim run --replications` 10^3 ... 10^6, each under a 4 GiB address-space limit (`ulimit -v 4194304`).
# Figures, not a timed test: prints one line per run with the peak resident set size (`/usr/bin/time -v`,
# "Maximum resident set size"), the wall time and the exit status, then each series' largest peak against its
# smallest (the "done when" of issue 39: within 10 %).
#
#   bash benchmarks/scale.sh [LOOPSIM] [MAX_EXPONENT]   # default: .build/release/loopsim if built, else debug; 6
#
# MAX_EXPONENT caps the replication counts (5 stops at 10^5) and the sweep at 10^min(5, MAX) points, for a
# quick look. The workload is a tiny scenario, benchmarks/scale.yaml (a repeating timer and random drags over 1 s
# of virtual time), so the time goes to the runs' count, not their length.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOOPSIM="${1:-}"
MAX="${2:-6}"
if [[ -z "$LOOPSIM" ]]; then
    LOOPSIM="$ROOT/.build/release/loopsim"
    [[ -x "$LOOPSIM" ]] || LOOPSIM="$ROOT/.build/debug/loopsim"
fi
[[ -x /usr/bin/time ]] || { echo "needs GNU time (/usr/bin/time -v): apt-get install time" >&2; exit 2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The workload, benchmarks/scale.yaml (BigRunTests runs the same file); for a sweep, with a `sweep:` of N1 x N2
# points (one replication each) appended.
WORKLOAD="$ROOT/benchmarks/scale.yaml"
scenario() {  # file, a-count, b-count
    local a b
    a=$(seq -s, 1 "$2" | sed 's/,/ms, /g; s/$/ms/')
    b=$(seq -s, 1 "$3" | sed 's/,/us, /g; s/$/us/')
    { cat "$WORKLOAD"; printf 'sweep:\n  a: [%s]\n  b: [%s]\n  replications: 1\n' "$a" "$b"; } > "$1"
}

# Runs a command under the limits; prints "label peak_kib seconds status".
measure() {  # label, command...
    local label="$1"; shift
    local log="$WORK/time.log" status=0
    bash -c 'ulimit -v 4194304; exec "$@"' _ /usr/bin/time -v "$@" > "$WORK/out" 2> "$log" || status=$?
    local kib secs
    kib=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$log")
    secs=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
    printf '%-28s peak %8s KiB  wall %10s  exit %s  output %s bytes\n' "$label" "$kib" "$secs" "$status" \
        "$(wc -c < "$WORK/out")"
    echo "$kib" > "$WORK/$label.kib"
}

echo "# $("$LOOPSIM" --version) at $LOOPSIM; $(nproc) cores; $(date -u +%Y-%m-%d)"
echo "## sweep (one replication per point, --jobs default)"
sweeps=()
for e in 3 4 5; do
    (( e <= MAX )) || break
    case $e in 3) n1=10; n2=100 ;; 4) n1=100; n2=100 ;; 5) n1=100; n2=1000 ;; esac
    scenario "$WORK/sweep-$e.yaml" $n1 $n2
    measure "sweep-1e$e" "$LOOPSIM" sweep "$WORK/sweep-$e.yaml" --format csv
    sweeps+=("sweep-1e$e")
done
echo "## run --replications (--jobs default)"
reps=()
for e in $(seq 3 "$MAX"); do
    measure "replications-1e$e" "$LOOPSIM" run "$WORKLOAD" --replications "$((10 ** e))" --format json
    reps+=("replications-1e$e")
done
ratio() {  # labels...: largest peak / smallest
    local first="$1" last="${*: -1}"
    awk -v a="$(cat "$WORK/$first.kib")" -v b="$(cat "$WORK/$last.kib")" -v f="$first" -v l="$last" \
        'BEGIN { printf "%s / %s: %.3f\n", l, f, b / a }'
}
echo "## peak at the largest size against the smallest"
ratio "${sweeps[@]}"
ratio "${reps[@]}"
