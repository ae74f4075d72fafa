#!/usr/bin/env bash
# Regenerates the scenario schema after a change to the compiler's tables or to docs/scenario-format.md's checked
# tables: the schema's descriptions are the doc's words (Sources/LoopSimScenario/ScenarioSchemaWords+*.swift, one
# file a doc section and their list, compiled in so that `loopsim schema` needs no doc; a words file the doc no
# longer gives is removed), then docs/scenario.schema.json. ScenarioSchemaTests fails until all are what this
# script writes.
set -euo pipefail
cd "$(dirname "$0")/.."
words=Sources/LoopSimScenario
swift build --product loopsim
.build/debug/loopsim schema --words-from docs/scenario-format.md -o "$words" --force
swift build --product loopsim
.build/debug/loopsim schema -o docs/scenario.schema.json --force
