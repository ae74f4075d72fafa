#!/usr/bin/env bash
# Sourced by scripts/trace-identity.sh and scripts/view-identity.sh: builds BASE_REF in a git worktree under
# .build-identity/ and the working tree, both in release mode.
#
#   build_base_and_tree NAME BASE_REF   # worktree .build-identity/NAME; sets base_bin and tree_bin

build_base_and_tree() {
    local name="$1" ref="$2" work=.build-identity
    mkdir -p "$work"
    if [ -d "$work/$name" ]; then git worktree remove --force "$work/$name" 2>/dev/null || rm -rf "$work/$name"; fi
    git worktree prune
    git worktree add --detach "$work/$name" "$ref" >/dev/null
    echo "== build $ref"
    (cd "$work/$name" && bash scripts/setup.sh >/dev/null && swift build -c release --product loopsim 2>&1 | tail -n 1)
    echo "== build the working tree"
    swift build -c release --product loopsim 2>&1 | tail -n 1
    base_bin="$root/$work/$name/.build/release/loopsim"
    tree_bin="$root/.build/release/loopsim"
}

# Compares the two sets a check saved; prints LABEL's verdict and returns 1 with the differing files listed.
#   compare_sets LABEL OLD NEW WHAT   # WHAT: what "identical" covers, e.g. "1580 traces"
compare_sets() {
    local label="$1" old="$2" new="$3" what="$4"
    if diff -rq "$old" "$new" >"$new.diff.txt"; then
        echo "$label: identical ($what)"
    else
        echo "$label: these differ (diff -r $old $new):"
        cat "$new.diff.txt"
        return 1
    fi
}
