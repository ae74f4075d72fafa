#!/usr/bin/env bash
# libFuzzer over the scenario loader (FUZZING.md): every input must load without a trap and with its
# diagnostics inside the text. Not part of CI. Needs a Swift toolchain that ships libFuzzer (Linux).
#
#   bash Fuzz/run.sh [SECONDS]        # default 60; crashing inputs go to $TMPDIR/loopsim-libfuzzer-artifacts/
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
bash ../scripts/setup.sh

# SwiftPM gives the executable its own `main` (main.swift starts libFuzzer's driver), so link the libFuzzer
# runtime without its main, and instrument every module (Swift and C) for coverage and AddressSanitizer.
toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
runtime=$(find "$toolchain/lib/clang" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -n 1)
if [ -z "$runtime" ]; then echo "run.sh: this toolchain has no libclang_rt.fuzzer_no_main" >&2; exit 1; fi
coverage=edge,inline-8bit-counters,pc-table,trace-cmp
swift build -c release --product ScenarioLoaderFuzzer \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=$coverage \
    -Xcc -fsanitize=address -Xcc -fsanitize-coverage=$coverage \
    -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | tail -n 1

corpus=${TMPDIR:-/tmp}/loopsim-libfuzzer-corpus
artifacts=${TMPDIR:-/tmp}/loopsim-libfuzzer-artifacts
mkdir -p "$corpus" "$artifacts"
# Seeds: every scenario and every bad fixture (libFuzzer adds what it finds to the same directory).
cp ../scenarios/*.yaml ../Tests/LoopSimScenarioTests/Fixtures/bad/*.yaml "$corpus"/
.build/release/ScenarioLoaderFuzzer -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    -artifact_prefix="$artifacts/" "$corpus"
