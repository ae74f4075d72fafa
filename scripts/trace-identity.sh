#!/usr/bin/env bash
# The restructuring check: every scenario's JSON trace under every variant, written by the build of BASE_REF and
# by the working tree's build, must be byte-identical; so must the JSON reports, less their fingerprint fields
# (trace_hash, fingerprint), which a change of definition may change. Runs with tight limits are included, so
# that the limit paths are compared too.
#
#   bash scripts/trace-identity.sh BASE_REF        # e.g. HEAD~3; builds BASE_REF in .build-identity/base
#   bash scripts/trace-identity.sh --save DIR BIN  # only write the traces and reports of BIN into DIR
#
# Exits 0 when everything is identical, 1 with the differing files listed otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

variants=(ios8 ios9 ios10 ios13 linux-corelibs)
# Limits that cut runs short at different places (the ones a previous round's differential check used).
limit_sets=("" "--max-steps 151" "--max-events 61" "--max-depth 6")

scenario_files() {
    ls scenarios/*.yaml scenarios/cookbook/*.yaml conformance/scenarios/*.yaml examples/runaway/*.yaml notebooks/scenarios/*.yaml \
        Tests/LoopSimReportTests/Fixtures/*.yaml 2>/dev/null | sort
}

# One run: its trace, its report without fingerprints, its exit code and standard error.
save_one() {  # BIN OUT FILE VARIANT LIMITS...
    local bin="$1" out="$2" file="$3" variant="$4"
    shift 4
    local tag
    tag="$(echo "$file" | tr '/' '_').$variant$(echo "$*" | tr ' ' '_')"
    local status=0
    # shellcheck disable=SC2068
    "$bin" run "$file" --variant "$variant" --format json --trace "$out/$tag.jsonl" --force $@ \
        >"$out/$tag.report.raw" 2>"$out/$tag.stderr" || status=$?
    echo "$status" >"$out/$tag.exit"
    python3 - "$out/$tag.report.raw" >"$out/$tag.report.json" <<'EOF'
import json, sys
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ("trace_hash", "fingerprint")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
text = open(sys.argv[1]).read()
try:
    print(json.dumps(strip(json.loads(text)), sort_keys=True, indent=1))
except ValueError:
    print(text)
EOF
    rm -f "$out/$tag.report.raw"
    # Messages that print a hash are compared without it, and "wrote PATH" without the directory saved into.
    sed -i -E -e 's/[0-9a-f]{16}/<hash>/g' -e "s|$out/|<out>/|g" "$out/$tag.stderr"
}
export -f save_one

save_all() {  # DIR BIN
    local out="$1" bin="$2"
    rm -rf "$out"
    mkdir -p "$out"
    # A small timer storm too (many timers, many passes), at one path for both builds.
    mkdir -p .build-identity
    python3 benchmarks/gen.py storm 300 1000000000 .build-identity/storm-300.yaml
    local jobs=()
    while read -r file; do
        for v in "${variants[@]}"; do
            for limits in "${limit_sets[@]}"; do jobs+=("$file|$v|$limits"); done
        done
    done < <(scenario_files; echo .build-identity/storm-300.yaml)
    printf '%s\n' "${jobs[@]}" | while IFS='|' read -r file v limits; do
        printf '%s\0%s\0%s\0%s\0%s\0' "$bin" "$out" "$file" "$v" "$limits"
    done | xargs -0 -n 5 -P 2 bash -c 'save_one "$0" "$1" "$2" "$3" $4'
    echo "trace-identity: $(ls "$out"/*.jsonl 2>/dev/null | wc -l) traces of ${#jobs[@]} runs in $out"
}

if [ "${1:-}" = "--save" ]; then
    save_all "$2" "$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
    exit 0
fi

base="${1:?usage: bash scripts/trace-identity.sh BASE_REF | --save DIR BIN}"
work=.build-identity
# shellcheck source=scripts/identity-base.sh
source scripts/identity-base.sh
build_base_and_tree base "$base"
save_all "$work/old" "$base_bin"
save_all "$work/new" "$tree_bin"
compare_sets trace-identity "$work/old" "$work/new" "$(ls "$work/new"/*.jsonl | wc -l) traces, reports and exit codes"
