import LoopSimKernel
import LoopSimScenario

/// One scenario run under one variant: the outcome, its JSON report and the evaluated expectations.
public struct VariantRun: Sendable {
    /// The variant's name, as the scenario's `variants:` lists it (`ios9`, `ios10`, …).
    public var variant: String
    /// The profile it ran under, overrides applied.
    public var profile: VariantProfile
    /// What happened: findings (leaks, parked threads), threads, timers, run-loop exits, the fingerprint.
    public var outcome: RunOutcome
    /// The scenario's `expect:` lines for this variant, each evaluated against ``report``.
    public var expectations: [ExpectationCheck.Result]
    /// The run's report including `expectations`.
    public var report: JSONValue

    /// The `expect:` lines that did not hold; empty when the run did what the scenario expects.
    public var failedExpectations: [ExpectationCheck.Result] { expectations.filter { !$0.passed } }
}

/// Runs a scenario under each requested variant.
public enum ScenarioRunner {
    /// Runs `scenario` under `variants` (the scenario's own list when empty).
    ///
    /// Each run ends at the first of its horizon, quiescence, a crash of the modelled app, or one of `limits`
    /// (a `limit` finding). When `isInterrupted` returns true (Ctrl-C), the run under way stops like a limit
    /// (kind `interrupted`) and the remaining variants are not run. `traceSink` gives, per variant, where its
    /// events go as they are recorded (a trace file written during the run), if anywhere.
    /// - Throws: ``VariantError`` for an unknown variant or a bad `--set` override.
    public static func run(
        _ scenario: Scenario, variants: [String] = [], seed: UInt64? = nil,
        overrides: [(String, String)] = [], keepsTrace: Bool = false,
        limits: RunLimits = RunLimits(),
        isInterrupted: @escaping () -> Bool = { false },
        traceSink: (_ variant: String) -> (any TraceSink)? = { _ in nil },
        attach: (_ variant: String, _ kernel: Kernel) -> Void = { _, _ in }
    )
        throws(VariantError) -> [VariantRun]
    {
        var runs: [VariantRun] = []
        for variant in variants.isEmpty ? scenario.variants : variants {
            if !runs.isEmpty && isInterrupted() { break }
            let profile = try scenario.profile(for: variant, overrides: overrides)
            var configuration = scenario.configuration(profile: profile, seed: seed, keepsTrace: keepsTrace)
            configuration.limits = limits
            configuration.isInterrupted = isInterrupted
            configuration.traceSink = traceSink(variant)
            let kernel = Kernel(program: scenario.program, configuration: configuration)
            attach(variant, kernel)
            let outcome = kernel.run()
            var report = RunReport.json(outcome)
            let results = ExpectationCheck.evaluate(scenario.expectations, variant: variant, report: report)
            if case .object(var fields) = report {
                fields["expectations"] = .array(
                    results.map {
                        .object([
                            "text": .string($0.expectation.text), "passed": .bool($0.passed),
                            "actual": $0.actual ?? .null,
                        ])
                    })
                report = .object(fields)
            }
            runs.append(
                VariantRun(
                    variant: variant, profile: profile, outcome: outcome, expectations: results,
                    report: report))
        }
        return runs
    }

    /// `{"scenario": …, "file": …, "runs": […]}`.
    public static func document(_ scenario: Scenario, _ runs: [VariantRun]) -> JSONValue {
        var document: [String: JSONValue] = [
            "scenario": .string(scenario.name),
            "file": .string(scenario.file),
            "covers": .array(scenario.covers.map { .string($0) }),
            "runs": .array(runs.map(\.report)),
        ]
        let given = scenario.givenParameters
        if !given.isEmpty {
            document["params"] = .object(Dictionary(given.map { ($0.name, .string($0.value)) }) { _, b in b })
        }
        return .object(document)
    }
}
