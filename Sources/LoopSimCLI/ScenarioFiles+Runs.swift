import ArgumentParser
import LoopSimReport
import LoopSimScenario

extension ScenarioFiles {
    /// Loads a scenario and prints its diagnostics; exits 2 when it is invalid.
    static func loadOrExit(_ path: String, parameters: [(String, String)] = [], case caseName: String? = nil)
        throws -> Scenario {
        let loaded = load(path, parameters: parameters, case: caseName)
        report(loaded)
        guard let scenario = loaded.scenario else { throw Exit.invalid }
        return scenario
    }

    /// Runs a scenario with its traces kept (the viewers read them); exits 2 for a bad variant or `--set`.
    static func runOrExit(_ scenario: Scenario, variants: [String], seed: UInt64?, settings: [String]) throws -> [VariantRun] {
        let overrides = settings.map { s -> (String, String) in
            let parts = s.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        do {
            return try ScenarioRunner.run(scenario, variants: variants, seed: seed, overrides: overrides, keepsTrace: true)
        } catch {
            StandardError.write("error: \(error.message)\n")
            throw Exit.invalid
        }
    }
}
