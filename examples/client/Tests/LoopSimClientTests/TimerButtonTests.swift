import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// The repository's `scenarios/` directory, found from this file's path
/// (`examples/client/Tests/LoopSimClientTests/TimerButtonTests.swift`).
let scenarios = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "scenarios")

/// S2 from Swift: the countdown button's worker thread parks under ios10, not under ios9.
@Test func timerButtonWorkerParksUnderIOS10Only() throws {
    // Load and compile the scenario; for a bad file, its diagnostics say where and what to do.
    let file = "s02-timerbutton-worker-loop.yaml"
    let text = try String(contentsOf: scenarios.appending(path: file), encoding: .utf8)
    let loaded = ScenarioLoader.load(text: text, file: file)
    #expect(loaded.diagnostics.isEmpty, "\(DiagnosticPrinter().render(loaded.diagnostics, source: loaded.source))")
    let scenario = try #require(loaded.scenario)

    // Run it under both variants, with the scenario's own seed.
    let runs = try ScenarioRunner.run(scenario, variants: ["ios9", "ios10"])
    let ios9 = try #require(runs.first { $0.variant == "ios9" })
    let ios10 = try #require(runs.first { $0.variant == "ios10" })

    // The outcome: the worker thread parks, and the button leaks with it, under ios10 only.
    #expect(ios9.outcome.findings.parkedThreads.isEmpty)
    #expect(ios10.outcome.findings.parkedThreads.map(\.name) == ["worker-1"])
    #expect(ios10.outcome.threads.first { $0.name == "worker-1" }?.state == "parked")

    // The scenario's own expect: block passes under each variant.
    for run in runs {
        #expect(run.failedExpectations.isEmpty, "\(run.variant): \(run.failedExpectations)")
    }

    // The fingerprints are those committed in scenarios/golden-hashes.txt.
    let goldenText = try String(contentsOf: scenarios.appending(path: GoldenHashes.fileName), encoding: .utf8)
    let golden = try GoldenHashes(parsing: goldenText)
    for run in runs {
        let committed = golden.entries.first { $0.file == file && $0.variant == run.variant }
        #expect(run.outcome.fingerprint == committed?.hash)
    }
}
