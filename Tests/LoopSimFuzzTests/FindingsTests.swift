import Foundation
import LoopSimKernel
import LoopSimScenario
import Testing

@testable import LoopSimFuzz

/// Reduced reproducers of the kernel bugs the fuzzer found (FUZZING.md, "Findings"), kept in `Findings/`.
/// Every one is fixed: each reproducer must run without a trap and keep every invariant.
@Suite struct FindingsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Findings")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test(arguments: [
        "1-dealloc-captures-self.yaml", "1-dealloc-stores-self.yaml", "3-one-shot-observer-yield.yaml",
        "5-double-dismiss.yaml", "6-strong-capture-of-freed.yaml", "9-temporary-semaphore-wait.yaml",
        "9-push-temporary-controller.yaml",
    ])
    func reproducerRunsAndKeepsEveryInvariant(name: String) throws {
        let report = InvariantChecker.check(text: try Self.text(name), file: name)
        #expect(report.compiled)
        #expect(report.violations.isEmpty, "\(report.violations)")
    }

    /// What each fixed finding does now, modelled on the ObjC runtime and UIKit.
    @Test func theFixedFindingsBehaveAsOnADevice() throws {
        func run(_ name: String) throws -> RunOutcome {
            let scenario = try #require(ScenarioLoader.load(text: try Self.text(name), file: name).scenario)
            let configuration = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: true)
            return Kernel(program: scenario.program, configuration: configuration).run()
        }
        // 1: freed anyway; the release of the reference its dealloc took is the app's crash.
        for name in ["1-dealloc-captures-self.yaml", "1-dealloc-stores-self.yaml"] {
            let outcome = try run(name)
            #expect(outcome.deaths.contains { $0.className == "A" }, "\(name)")
            #expect(outcome.traceLines.contains { $0.contains("\"ev\":\"obj.dangling\"") }, "\(name)")
            let crash = try #require(outcome.crash, "\(name)")
            #expect(crash.message.contains("message sent to deallocated instance"), "\(name): \(crash.message)")
            #expect(crash.message.contains("during its dealloc"), "\(name): \(crash.message)")
        }
        // 5: the second dismiss does nothing; the first alert dies when the second replaces it.
        let dismissed = try run("5-double-dismiss.yaml")
        #expect(dismissed.crash == nil)
        #expect(dismissed.traceLines.filter { $0.contains("\"ev\":\"ui.dismiss\"") }.count == 2)  // one per show
        #expect(dismissed.deaths.filter { $0.className == "Alert" }.count == 1)
        // 6: retaining a freed object through an unretained capture is the app's crash.
        let captured = try run("6-strong-capture-of-freed.yaml")
        #expect(captured.crash?.message.contains("message sent to deallocated instance") == true)
        // 9: the wait holds its temporary semaphore: main waits for ever, A times out; the pushed controller
        // lives on the stack until the pop.
        let waits = try run("9-temporary-semaphore-wait.yaml")
        #expect(waits.crash == nil)
        #expect(waits.findings.parkedThreads.map(\.name) == ["main"])
        #expect(waits.logs.map(\.text) == ["timed out"])
        let pushed = try run("9-push-temporary-controller.yaml")
        #expect(pushed.crash == nil)
        #expect(pushed.deaths.map(\.className) == ["FeedVC", "UINavigationItem"])  // freed by the pop
    }

    @Test func aLimitIsTheLastEventBeforeRunEnd() throws {
        let scenario = try #require(
            ScenarioLoader.load(text: try Self.text("2-limit-mid-step.yaml"), file: "f").scenario)
        for maxEvents in 3...10 {  // wherever the limit falls among the log steps
            var configuration = scenario.configuration(profile: try scenario.profile(for: "ios10"), keepsTrace: true)
            configuration.limits.maxEvents = maxEvents
            let lines = Kernel(program: scenario.program, configuration: configuration).run().traceLines
            try #require(lines.count >= 2)
            #expect(lines[lines.count - 2].contains("\"ev\":\"limit\""), "max \(maxEvents): \(lines.suffix(3))")
        }
    }

    @Test func everyReproducerCompiles() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        where name.hasSuffix(".yaml") {
            let loaded = ScenarioLoader.load(text: try Self.text(name), file: name)
            #expect(loaded.scenario != nil, "\(name): \(loaded.diagnostics)")
        }
    }
}
