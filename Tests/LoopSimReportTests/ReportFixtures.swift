import Foundation
import LoopSimReport
import LoopSimScenario

/// Loads scenario files (the repository's `scenarios/` and this target's `Fixtures/`) and runs them with their
/// traces kept, as the viewers need.
enum ReportFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The scenario at `path` (relative to the repository root); of a file with `cases:`, its first case.
    static func scenario(_ path: String) throws -> Scenario {
        let url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let loaded = ScenarioLoader.loadCases(text: text, file: path)[0]
        guard let scenario = loaded.scenario else {
            throw Failure(description: "\(path) does not compile: \(loaded.diagnostics.map(\.message))")
        }
        return scenario
    }

    /// Runs `path` under `variants` (its own when empty) with the traces kept.
    static func runs(_ path: String, variants: [String] = []) throws -> (Scenario, [VariantRun]) {
        let s = try scenario(path)
        return (s, try ScenarioRunner.run(s, variants: variants, keepsTrace: true))
    }

    static let s2 = "scenarios/s02-timerbutton-worker-loop.yaml"
    static let s2fix = "scenarios/s02-timerbutton-worker-loop-fix.yaml"
    static let s9 = "scenarios/s09-countdown-during-scroll.yaml"
    static let onePass = "Tests/LoopSimReportTests/Fixtures/one-pass.yaml"
    static let modeSwitch = "Tests/LoopSimReportTests/Fixtures/mode-switch.yaml"
}
