// swift-tools-version: 6.0
// A libFuzzer target over the scenario loader (YAML → located tree → diagnostics → Scenario). Not part of CI
// and not a target of the main package: build and run it with `bash Fuzz/run.sh` (see FUZZING.md).
import Foundation
import PackageDescription

// A path dependency is known by its directory's name (the clone's name, not "LoopSim").
let parent = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LoopSimFuzzer",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioLoaderFuzzer",
            dependencies: [.product(name: "LoopSimScenario", package: parent)]
        )
    ]
)
