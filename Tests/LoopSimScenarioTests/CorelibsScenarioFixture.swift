import LoopSimKernel
import LoopSimScenario

/// The fixture the lock and operation-queue suites share (``LockSemanticsTests``, ``WithLockTests``,
/// ``OperationAPITests``, ``OperationSubclassTests``, ``OperationQualityOfServiceTests``): their rules were measured
/// against swift-corelibs-foundation (conformance c136, c137, c147, c148), so a scenario runs under `linux-corelibs`
/// unless a test names another variant; its logs read as lines, and a bad scenario as its diagnostics' ids.
protocol CorelibsScenarioFixture {}

extension CorelibsScenarioFixture {
    /// Runs `yaml` under `variant` (``KernelSemanticsTests/run(_:_:)``).
    func run(_ yaml: String, _ variant: String = "linux-corelibs") throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    /// `"<ms> <thread> <text>"` for each log line.
    func msThreadLines(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.thread) \($0.text)" }
    }

    /// `"<ms> <text>"` for each log line.
    func msLines(_ o: RunOutcome) -> [String] { o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } }

    /// The ids of the diagnostics `yaml` loads with, in order.
    func ids(_ yaml: String) -> [String] {
        ScenarioLoader.load(text: yaml, file: "t.yaml").diagnostics.map(\.id.description)
    }
}
