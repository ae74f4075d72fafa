#!/usr/bin/env bash
# The views check: every view of every scenario, drawn by the build of BASE_REF and by the working tree's build,
# must be byte-identical: the narration (text and JSON, all threads and one thread in a window), the timeline
# (text at two widths, SVG, JSON), the comparison of the scenario's variants and of ios9 with ios10 (text and
# JSON), the Chrome trace, the HTML report, and a sweep merged from shards against the unsharded sweep. Standard
# output, standard error and the exit code of each command are compared, and every file a command writes.
#
#   bash scripts/view-identity.sh BASE_REF        # e.g. HEAD~3; builds BASE_REF in .build-identity/views-base
#   bash scripts/view-identity.sh --save DIR BIN  # only write the views of BIN into DIR
#
# Exits 0 when everything is identical, 1 with the differing files listed otherwise.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

scenario_files() {
    ls scenarios/*.yaml scenarios/cookbook/*.yaml conformance/scenarios/*.yaml examples/runaway/*.yaml notebooks/scenarios/*.yaml \
        Tests/LoopSimReportTests/Fixtures/*.yaml Tests/LoopSimFuzzTests/Findings/*.yaml 2>/dev/null | sort
    echo .build-identity/views-extra.yaml
}

# The event kinds no scenario above records (check, dsource.suspend, app.killed), in one small scenario.
write_extra() {
    mkdir -p .build-identity
    cat >.build-identity/views-extra.yaml <<'EOF'
name: views extra (check, dispatch_suspend, app.killed)
until: 400s
variants: [ios9, ios13]
classes:
  Pager:
    fields:
      source: strong dispatch_source
      ticks: int
      task: strong id
    methods:
      start:
        - dispatch_source_timer: self.source
          interval: 1s
          captures: [strong self]
          do:
            - increment: self.ticks
      pause:
        - dispatch_suspend: self.source
      keepRunning:
        - beginBackgroundTask: self.task
          expiration:
            do: []
main:
  - let: p = new Pager
  - call: p.start
  - check: started
appDelegate:
  didEnterBackground:
    - call: p.pause
    - call: p.keepRunning
user:
  - at: 5s
    app: background
EOF
}

# One command: its standard output, standard error and exit code, under NAME.
save_cmd() {  # OUT NAME BIN ARGS...
    local out="$1" name="$2" bin="$3"
    shift 3
    local status=0
    "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err" || status=$?
    echo "$status" >"$out/$name.exit"
}
export -f save_cmd

# Every view of one scenario file.
save_views() {  # BIN OUT FILE
    local bin="$1" out="$2" file="$3"
    local tag
    tag="$(echo "$file" | tr '/' '_' | sed 's/^\.//')"  # no dot files: the comparison globs *
    save_cmd "$out" "$tag.narrate" "$bin" run "$file" --narrate
    save_cmd "$out" "$tag.narrate-json" "$bin" run "$file" --narrate --format json
    save_cmd "$out" "$tag.narrate-main-window" "$bin" run "$file" --narrate --thread main --from 1s --to 5s
    save_cmd "$out" "$tag.timeline-text" "$bin" timeline "$file" --format text
    save_cmd "$out" "$tag.timeline-text-200" "$bin" timeline "$file" --format text --width 200
    save_cmd "$out" "$tag.timeline-svg" "$bin" timeline "$file" --format svg
    save_cmd "$out" "$tag.timeline-json" "$bin" timeline "$file" --format json
    save_cmd "$out" "$tag.compare" "$bin" compare "$file"
    save_cmd "$out" "$tag.compare-json" "$bin" compare "$file" --format json
    save_cmd "$out" "$tag.compare-9-10" "$bin" compare "$file" --variants ios9,ios10
    save_cmd "$out" "$tag.compare-9-10-json" "$bin" compare "$file" --variants ios9,ios10 --format json
    # linux-corelibs records what no iOS variant does (app.ignored).
    save_cmd "$out" "$tag.compare-13-linux" "$bin" compare "$file" --variants ios13,linux-corelibs
    save_cmd "$out" "$tag.narrate-linux" "$bin" run "$file" --narrate --variant linux-corelibs
    save_cmd "$out" "$tag.chrome" "$bin" run "$file" --trace "$out/$tag.chrome.json" --trace-format chrome --force
    save_cmd "$out" "$tag.report" "$bin" report "$file" -o "$out/$tag.report.html"
}
export -f save_views

save_all() {  # DIR BIN
    local out="$1" bin="$2"
    rm -rf "$out"
    mkdir -p "$out"
    write_extra
    scenario_files | while read -r file; do printf '%s\0%s\0%s\0' "$bin" "$out" "$file"; done \
        | xargs -0 -n 3 -P 2 bash -c 'save_views "$0" "$1" "$2"'
    # Sweep shards merged back, as `loopsim merge` prints them, beside the unsharded sweep.
    local sweep=scenarios/s09-scroll-rate-sweep.yaml
    save_cmd "$out" sweep.csv "$bin" sweep "$sweep" --replications 3
    save_cmd "$out" sweep.json "$bin" sweep "$sweep" --replications 3 --format json
    for k in 1 2 3; do
        "$bin" sweep "$sweep" --replications 3 --shard "$k/3" --format json >"$out/sweep.part-$k.json"
    done
    save_cmd "$out" merge.csv "$bin" merge "$out"/sweep.part-{1,2,3}.json
    save_cmd "$out" merge.json "$bin" merge "$out"/sweep.part-{1,2,3}.json --format json
    echo "view-identity: $(ls "$out" | wc -l) files for $(scenario_files | wc -l) scenarios in $out"
}

if [ "${1:-}" = "--save" ]; then
    save_all "$2" "$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
    exit 0
fi

base="${1:?usage: bash scripts/view-identity.sh BASE_REF | --save DIR BIN}"
work=.build-identity
# shellcheck source=scripts/identity-base.sh
source scripts/identity-base.sh
build_base_and_tree views-base "$base"
save_all "$work/views-old" "$base_bin"
save_all "$work/views-new" "$tree_bin"
# The files name their own directory (the Chrome trace and report paths printed on standard error): compare
# them with the directory's name taken out.
for d in views-old views-new; do sed -i "s#$root/$work/$d#DIR#g; s#$work/$d#DIR#g" "$work/$d"/*; done
compare_sets view-identity "$work/views-old" "$work/views-new" "$(ls "$work/views-new" | wc -l) files"
