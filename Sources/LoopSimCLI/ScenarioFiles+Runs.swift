import ArgumentParser
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

extension ScenarioFiles {
    /// Loads a scenario and prints its diagnostics; exits 2 when it is invalid.
    static func loadOrExit(_ path: String, parameters: [(String, String)] = [], case caseName: String? = nil)
        throws -> Scenario
    {
        let loaded = load(path, parameters: parameters, case: caseName)
        report(loaded)
        guard let scenario = loaded.scenario else { throw Exit.invalid }
        return scenario
    }

    /// Runs a scenario with its traces kept (the viewers read them); exits 2 for a bad variant or `--set`.
    static func runOrExit(
        _ scenario: Scenario, variants: [String], seed: UInt64?, settings: [String],
        limits: RunLimits = RunLimitOptions.defaults
    ) throws -> [VariantRun] {
        do {
            return try ScenarioRunner.run(
                scenario, variants: variants, seed: seed, overrides: overrides(settings),
                keepsTrace: true, limits: limits)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }

    /// ``runOrExit(_:variants:seed:settings:limits:)`` with each run's retain graph read at every event, in the runs'
    /// order, for the player (``PlayerGraph``).
    static func runWithGraphsOrExit(
        _ scenario: Scenario, variants: [String], seed: UInt64?, settings: [String],
        limits: RunLimits = RunLimitOptions.defaults
    ) throws -> (runs: [VariantRun], graphs: [PlayerGraph]) {
        var graphs: [PlayerGraph] = []
        do {
            let runs = try ScenarioRunner.run(
                scenario, variants: variants, seed: seed, overrides: overrides(settings),
                keepsTrace: true, limits: limits,
                traceSink: { _ in
                    graphs.append(PlayerGraph())
                    return graphs.last
                },
                attach: { _, kernel in graphs.last?.kernel = kernel })
            return (runs, graphs)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }

    /// `--set flag=value` options as (flag, value) pairs (each command's `validate()` checks the `=`; without one
    /// the value is empty, which the profile rejects with the flag's name).
    static func overrides(_ settings: [String]) -> [(String, String)] {
        settings.map { s in
            let parts = s.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}
