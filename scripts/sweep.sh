#!/usr/bin/env bash
# One shard of a LoopSim sweep as a Slurm job-array task, then (in the last task to finish) the merge.
#
#   sbatch --array=1-8 scripts/sweep.sh scenarios/s09-scroll-rate-sweep.yaml sweep-out
#
# Task K of N (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) writes OUT/part-K.json; when every part is there,
# the task that completes the set writes OUT/sweep.csv with `loopsim merge`, which refuses a missing or
# duplicated shard. Each task uses its allocation's CPUs for the replications (results do not depend on it).
# Run without Slurm, set the two variables yourself (the test does: scripts/test.sh, SweepScriptTests).
#SBATCH --job-name=loopsim-sweep
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --output=loopsim-sweep-%A_%a.log
set -euo pipefail
file="${1:?usage: sweep.sh SCENARIO.yaml OUTDIR}"
out="${2:?usage: sweep.sh SCENARIO.yaml OUTDIR}"
k="${SLURM_ARRAY_TASK_ID:?run as a job array task (sbatch --array=1-N), or set SLURM_ARRAY_TASK_ID}"
n="${SLURM_ARRAY_TASK_COUNT:?set SLURM_ARRAY_TASK_COUNT (Slurm sets it for --array=1-N)}"
loopsim="${LOOPSIM:-loopsim}"
mkdir -p "$out"
# Write the part under a temporary name and rename it: a part that exists is complete.
"$loopsim" sweep "$file" --shard "$k/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}" --format json > "$out/.part-$k.json.tmp"
mv "$out/.part-$k.json.tmp" "$out/part-$k.json"
parts=("$out"/part-*.json)
if [ "${#parts[@]}" -eq "$n" ]; then
    # mkdir is atomic: only one task merges even when the last two finish together.
    if mkdir "$out/.merging" 2>/dev/null; then
        "$loopsim" merge "${parts[@]}" --format csv > "$out/sweep.csv"
        echo "wrote $out/sweep.csv"
    fi
fi
