#!/usr/bin/env bash
# Regenerates the scenario schema after a change to the compiler's tables or to docs/scenario-format.md's checked
# tables: the schema's descriptions are the doc's words (Sources/LoopSimScenario/ScenarioSchema+Words.swift,
# compiled in so that `loopsim schema` needs no doc), then docs/scenario.schema.json. ScenarioSchemaTests fails
# until both are what this script writes.
set -euo pipefail
cd "$(dirname "$0")/.."
words=Sources/LoopSimScenario/ScenarioSchema+Words.swift
swift build --product loopsim
.build/debug/loopsim schema --words-from docs/scenario-format.md -o "$words" --force
swift build --product loopsim
.build/debug/loopsim schema -o docs/scenario.schema.json --force
