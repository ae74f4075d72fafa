import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Task(priority:)` and `Task.detached(priority:)` run as tasks of the model's one priority, with the warning
/// `swift.ignored` at the argument (docs/fidelity.md, "Swift concurrency"); another argument is still refused.
@Suite struct TaskPriorityWarningTests {
    @Test func aPriorityIsAWarningAndTheTaskRuns() throws {
        let text = """
            import Foundation
            let scenario = Scenario("priority", until: .seconds(1), variants: [.ios13])
            final class Loader {
                func load() {
                    Task(priority: .userInitiated) { print("in task") }
                    Task.detached(priority: .background) { print("detached") }
                }
            }
            let loader = Loader()
            loader.load()
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "P.swift")
        let warnings = loaded.diagnostics.filter { $0.severity == .warning && $0.id == "swift.ignored" }
        #expect(warnings.map { "\($0.location.line):\($0.location.column)" } == ["5:14", "6:23"])
        let scenario = try #require(loaded.scenario)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.outcome.logs.map(\.text).sorted() == ["detached", "in task"])
    }
}
