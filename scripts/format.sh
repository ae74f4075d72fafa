#!/usr/bin/env bash
# The toolchain's swift-format over Sources/, Tests/ and examples/client, configured by .swift-format (house
# style: 4 spaces, 120 columns, ordered imports, /// docs, file-scoped `private`).
#   bash scripts/format.sh          lint: every finding as file:line:col, a count per rule; fails on any finding
#   bash scripts/format.sh --fix    rewrite the files in place (then lint again to see what is left)
set -euo pipefail
cd "$(dirname "$0")/.."
# examples/client is a package of its own (not its .build, if one was built there).
paths=(Sources Tests examples/client/Package.swift examples/client/Tests)
case "${1:-}" in
    "")
        log=$(mktemp)
        status=0
        swift format lint --strict --parallel --recursive --configuration .swift-format "${paths[@]}" \
            >"$log" 2>&1 || status=$?
        # --parallel may print a finding twice.
        sort -u "$log" -o "$log"
        if [ "$status" -ne 0 ]; then
            head -n 100 "$log"
            findings=$(grep -c ': error: \[' "$log" || true)
            echo "swift format lint: $findings findings in $(grep ': error: \[' "$log" | cut -d: -f1 | sort -u | wc -l) files; by rule:"
            grep -o ': error: \[[A-Za-z]*\]' "$log" | sort | uniq -c | sort -rn
            echo "fix with: bash scripts/format.sh --fix"
        else
            echo "swift format lint: no findings"
        fi
        rm -f "$log"
        exit "$status"
        ;;
    --fix)
        swift format format --in-place --parallel --recursive --configuration .swift-format "${paths[@]}"
        ;;
    *)
        echo "usage: bash scripts/format.sh [--fix]" >&2
        exit 2
        ;;
esac
