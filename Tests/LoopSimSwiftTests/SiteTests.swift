import Foundation
import LoopSimKernel
import LoopSimScenario
import LoopSimSwift
import Testing

@testable import LoopSimReport

/// Issue 35 item 6: the views name the scenario line of the step (docs/swift-scenarios.md, "Views name the line"),
/// for the Swift front-end and the YAML one alike, without changing any event or fingerprint.
@Suite struct SiteTests {
    static let swiftS6 = "scenarios/swift/s06-timer-target-self.swift"
    static let yamlS6 = "scenarios/s06-timer-target-self.yaml"

    /// `FILE:LINE` of the first line of `path` that contains `text` (the file's base name, as the views print it).
    static func site(of text: String, in path: String) throws -> String {
        let source = try String(contentsOf: SwiftTwinTests.root.appendingPathComponent(path), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(path)")
        return "\((path as NSString).lastPathComponent):\(index + 1)"
    }

    /// One run of `path` under `variant`, keeping its events.
    static func run(_ path: String, variant: String) throws -> VariantRun {
        let scenario = try SwiftTwinTests.load(path)
        return try #require(try ScenarioRunner.run(scenario, variants: [variant], keepsTrace: true).first)
    }

    @Test(arguments: [
        (swiftS6, "timer = Timer.scheduledTimer(", "print(\"tick"),
        (yamlS6, "- scheduledTimer: self.timer", "- log: tick"),
    ])
    func narrationNamesTheLineOfEachStep(_ path: String, scheduling: String, log: String) throws {
        let run = try Self.run(path, variant: "ios10")
        let lines = Narration(events: RunEvents(run.outcome)).lines
        let scheduled = try Self.site(of: scheduling, in: path)
        let logged = try Self.site(of: log, in: path)
        #expect(lines.contains { $0.kind == "timer.create" && $0.site == scheduled }, "\(lines.map(\.site))")
        #expect(lines.contains { $0.kind == "log" && $0.site == logged })
        // What the kernel does between statements names no line: a timer's fire, a run-loop pass.
        #expect(lines.contains { $0.kind == "timer.fire" })
        #expect(lines.filter { $0.kind == "timer.fire" || $0.kind == "rl.activity" }.allSatisfy { $0.site == nil })
        #expect(Narration.render(lines).contains("← \(logged)"))
    }

    @Test(arguments: [
        (swiftS6, "var vc: TimerVC? = TimerVC()", "timer = Timer.scheduledTimer("),
        (yamlS6, "- let: vc = new TimerVC", "- scheduledTimer: self.timer"),
    ])
    func leaksSayWhereTheirObjectWasMade(_ path: String, controller: String, timer: String) throws {
        let run = try Self.run(path, variant: "ios10")
        let made = [try Self.site(of: controller, in: path), try Self.site(of: timer, in: path)]
        let leaks = run.outcome.findings.leaks
        #expect(leaks.map(\.className) == ["TimerVC", "NSTimer"])
        #expect(leaks.map { run.outcome.site(of: $0)?.shortText } == made)
        #expect(run.report.value(at: "leaks[0].site") == .string(made[0]))
        #expect(run.report.value(at: "leaks[1].site") == .string(made[1]))
        let scenario = try SwiftTwinTests.load(path)
        #expect(TextReport.render(scenario, [run]).contains("made at \(made[0])"))
    }

    @Test(arguments: [(swiftS6, "var vc: TimerVC? = TimerVC()"), (yamlS6, "- let: vc = new TimerVC")])
    func whySaysWhereTheObjectWasMade(_ path: String, controller: String) throws {
        let scenario = try SwiftTwinTests.load(path)
        let kernel = try LifetimeQuery.kernel(scenario, variant: "ios10", at: nil)
        let leak = try #require(kernel.findings().leaks.first { $0.className == "TimerVC" })
        let (text, json) = LifetimeQuery.why(leak.object, in: kernel, variant: "ios10")
        let made = try Self.site(of: controller, in: path)
        #expect(text.contains("made at \(made)"), "\(text)")
        #expect(json.value(at: "objects[0].site") == .string(made))
    }

    /// The first divergence of ios9 and ios10 on a block timer: ios9 has no block API and crashes at the very
    /// statement that schedules it, which the divergence names.
    @Test func theFirstDivergenceNamesItsLine() throws {
        let text = """
            import Foundation

            let scenario = Scenario("a block timer", until: .seconds(2), variants: [.ios9, .ios10])

            let t = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                print("fired")
            }
            """
        let loaded = SwiftScenarioLoader.load(text: text, file: "/tmp/block-timer.swift")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let runs = try ScenarioRunner.run(scenario, variants: ["ios9", "ios10"], keepsTrace: true)
        let d = TraceDivergence(runs[0], runs[1])
        #expect(!d.identical)
        #expect(d.first.contains { $0.site == "block-timer.swift:5" }, "\(d.first)")
        #expect(VariantComparison.text(d).contains("← block-timer.swift:5"))
    }

    /// Sites are no events: the fingerprint of a run is what it was before the sites (scenarios/golden-hashes.txt
    /// pins every scenario's), and the Swift twin's equals its YAML twin's.
    @Test func sitesLeaveTheFingerprintAlone() throws {
        let swift = try Self.run(Self.swiftS6, variant: "ios10")
        let yaml = try Self.run(Self.yamlS6, variant: "ios10")
        #expect(swift.outcome.fingerprint == yaml.outcome.fingerprint)
        #expect(swift.outcome.eventSites.count == swift.outcome.eventLog.count)
        #expect(swift.outcome.eventSites.contains { $0 != 0 })
    }
}
