#!/usr/bin/env bash
# Long fuzz runs (FUZZING.md): `loopsim fuzz` over CASES generated and CASES mutated scenarios from SEED, in a
# loop that survives crashes. A case that kills the process (a kernel precondition, an arithmetic trap) is kept
# as OUT/crash-KIND-I.yaml with its first error line, and the run resumes after it; a case that breaks an
# invariant is kept as OUT/KIND-I.yaml. Not part of CI (the CI budget is in Tests/LoopSimFuzzTests).
#
#   bash scripts/fuzz.sh [CASES [SEED [OUT]]]      # default 10000 cases, seed 1, OUT /tmp/loopsim-fuzz-SEED
#   LOOPSIM=path/to/loopsim bash scripts/fuzz.sh   # use a built binary instead of building a release one
set -uo pipefail
cd "$(dirname "$0")/.."
cases=${1:-10000}
seed=${2:-1}
out=${3:-${TMPDIR:-/tmp}/loopsim-fuzz-$seed}
mkdir -p "$out"

bin=${LOOPSIM:-}
if [ -z "$bin" ]; then
    bash scripts/setup.sh
    swift build -c release --product loopsim 2>&1 | tail -n 1
    bin=.build/release/loopsim
fi

log="$out/log.txt"
: >"$log"
first=0
while [ "$first" -lt "$cases" ]; do
    "$bin" fuzz --seed "$seed" --first "$first" --cases $((cases - first)) --corpus scenarios --save "$out" \
        --progress 1000 >>"$log" 2>"$out/stderr.txt"
    if [ ! -f "$out/current.yaml" ]; then break; fi
    # The process died inside a case: keep it, note why, and go on with the next index.
    name=$(sed -n 's/^# fuzz case \([a-z]*-[0-9]*\),.*/\1/p' "$out/current.yaml")
    reason=$(grep -m1 -E 'Fatal error|Precondition failed|runtime failure|Assertion failed' "$out/stderr.txt" || echo "killed")
    mv "$out/current.yaml" "$out/crash-$name.yaml"
    echo "CRASH $name: $reason" | tee -a "$log"
    first=$(( ${name##*-} + 1 ))
done

echo "== $out"
grep -E '^(seed|FAIL|CRASH)' "$log" || true
echo "crashes by cause:"
grep '^CRASH' "$log" | sed 's/^CRASH [a-z]*-[0-9]*: //' | sort | uniq -c | sort -rn || true
