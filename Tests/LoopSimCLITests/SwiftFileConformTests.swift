import Foundation
import LoopSimConformance
import LoopSimScenario
import LoopSimSwift
import Testing

/// `loopsim conform FILE.swift`: the Swift file itself compiled with swiftc beside the support library, run on
/// this machine's RunLoop and compared with the linux-corelibs prediction of the same file (issue 35, item 7).
@Suite struct SwiftFileConformTests {
    /// A Swift scenario from `text`, which must lower and compile without errors.
    static func scenario(_ text: String, file: String = "inline.swift") throws -> Scenario {
        let loaded = SwiftScenarioLoader.load(text: text, file: file)
        return try #require(loaded.scenario, "\(loaded.diagnostics)")
    }

    static func log(_ detail: String) -> ObservedEvent {
        ObservedEvent(at: 0, thread: "main", kind: "log", detail: detail)
    }

    @Test func aPredictedInterpolationMatchesAnyTextAndTheRestExactly() {
        let match = SwiftFileConformance.logDetailMatches
        #expect(match(Self.log("tick \\(self.ticks)"), Self.log("tick 3")))
        #expect(match(Self.log("tick \\(self.ticks)"), Self.log("tick ")))
        #expect(!match(Self.log("tick \\(self.ticks)"), Self.log("tock 3")))
        #expect(match(Self.log("\\(a) and \\(f(b)) left"), Self.log("1 and 2 left")))
        #expect(!match(Self.log("\\(a) and \\(f(b)) left"), Self.log("1 and 2 right")))
        #expect(!match(Self.log("plain"), Self.log("plain!")))
        // Only a log's text is a pattern: another kind's detail is compared as it is.
        let deliver = ObservedEvent(at: 0, thread: "main", kind: "deliver", detail: "tap \\(x)")
        #expect(!match(deliver, ObservedEvent(at: 0, thread: "main", kind: "deliver", detail: "tap 1")))
        #expect(SwiftFileConformance.literalParts("a\\(b(c))d\\(e)") == ["a", "d", ""])
    }

    @Test func aPredictedLogNamesTheLineThatPrintsIt() {
        let source = """
            print("start")
            func f() { print("tick \\(n)") }
            print("twice"); Swift.print("not ours")
            print("twice")
            myprint("not a print")
            """
        let lines = SwiftFileConformance.printLines(in: source)
        #expect(lines == ["start": 1, "tick \\(n)": 2])
    }

    @Test func aFileThatImportsUIKitIsRefusedAtItsImport() throws {
        let text = """
            import Foundation
            import UIKit

            let scenario = Scenario("ui", until: .seconds(2), variants: [.linuxCorelibs])
            print("hello")
            """
        let scenario = try Self.scenario(text, file: "ui.swift")
        let refusal = try #require(SwiftFileConformance.refusal(source: text, file: "ui.swift", scenario: scenario))
        #expect(refusal.hasPrefix("ui.swift:2: imports UIKit, which Linux has not"))
        let plain = text.replacingOccurrences(of: "import UIKit\n", with: "")
        #expect(SwiftFileConformance.refusal(source: plain, file: "ui.swift", scenario: scenario) == nil)
    }

    @Test func aFileThatScrollsIsRefused() throws {
        let text = """
            import Foundation

            let scenario = Scenario("scroll", until: .seconds(4), variants: [.linuxCorelibs])
            scenario.at(.seconds(1), "drag") {
                scenario.scroll(.seconds(1))
            }
            """
        let refusal = SwiftFileConformance.refusal(
            source: text, file: "s.swift", scenario: try Self.scenario(text, file: "s.swift"))
        #expect(refusal?.contains("UIKit's tracking mode does not exist on Linux") == true)
    }

    @Test func theComparedPredictionKeepsLogsDeliveriesAndMainLoopReturnsOnly() {
        var prediction = Prediction(
            events: [
                ObservedEvent(at: 1, thread: "main", kind: "fire", detail: "NSTimer t", slot: 1),
                ObservedEvent(at: 1, thread: "main", kind: "log", detail: "tick"),
                ObservedEvent(at: 2, thread: "main", kind: "deliver", detail: "tap"),
                ObservedEvent(at: 3, thread: "main", kind: "deinit", detail: "Page page"),
                ObservedEvent(at: 4, thread: "pool", kind: "return", detail: "0 -"),
                ObservedEvent(at: 5, thread: "main", kind: "loop.exit", detail: "stopped"),
            ], alive: ["Page page"], until: 10, runKinds: ["run"], abnormalEnd: nil)
        prediction.diagnostics = [CFDiagnostic.invalidMode]
        let observable = SwiftFileConformance.observable(prediction)
        #expect(observable.events.map(\.kind) == ["log", "deliver", "loop.exit"])
        #expect(observable.alive.isEmpty)
        #expect(observable.diagnostics == [CFDiagnostic.invalidMode])
    }

    /// The whole pipeline on one file: the support's `Scenario.at` (two actions at one instant, delivered in the
    /// file's order under their labels), the recording `print` (an interpolation, whose value LoopSim logs), a GCD worker named
    /// `pool`, the entry that runs the top-level code then the main loop, the horizon; then the comparison.
    @Test func theSwiftFileItselfRunsOnTheRealRunLoopAndAgreesWithItsPrediction() throws {
        let text = """
            import Foundation

            let scenario = Scenario("pipeline", until: .seconds(2), variants: [.linuxCorelibs])

            class Counter {
                var count = 0
                func bump() {
                    count += 1
                    print("count is \\(count)")
                }
            }

            let counter = Counter()
            counter.bump()
            DispatchQueue.global().async {
                print("on a worker")
            }
            scenario.at(.milliseconds(500), "first") {
                counter.bump()
            }
            scenario.at(0.5, "second") {
                print("second action")
            }
            scenario.expect(.linuxCorelibs, ["logs": 4])
            """
        let file = "pipeline.swift"
        let scenario = try Self.scenario(text, file: file)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("loopsim-swconf-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // Generous time bounds: this checks the machinery, `loopsim conform` checks the precision.
        let settings = ConformanceSettings(
            tolerance: 200_000_000, repetitions: 1, timingRetries: 2, build: ProgramBuild(cacheDirectory: cache))
        let result = try #require(
            ConformanceRunner(settings: settings).runSwiftFile(
                .init(name: scenario.name, file: file, scenario: scenario), source: text))
        #expect(result.path == .swiftFile)
        #expect(result.passed, "\(result.verdict) \(result.comparisons.flatMap(\.mismatches))")
        let real = try #require(result.realRuns.last)
        #expect(
            real.events.filter { $0.kind != "loop.exit" }.map { "\($0.thread) \($0.kind) \($0.detail)" } == [
                "main log count is 1", "pool log on a worker", "main deliver first", "main log count is 2",
                "main deliver second", "main log second action",
            ])
        let first = try #require(real.events.first { $0.detail == "first" })
        #expect(abs(first.at - 500_000_000) < 200_000_000, "delivered at \(first.at) ns")
        #expect(real.alive.isEmpty)
        // The same file's prediction logs the plain Int's value, which the comparison matched exactly, and names
        // the line that prints it.
        #expect(result.prediction?.events.contains { $0.detail == "count is 2" } == true)
        #expect(result.printLines["count is \\(count)"] == 9)
        #expect(SwiftFileConformance.printLine(of: "count is 2", in: result.printLines) == 9)
    }

    /// A log whose interpolations LoopSim evaluated names the `print` whose literal, its interpolations matching
    /// any text, gives it.
    @Test func conformNamesTheLineOfAnEvaluatedLog() {
        let lines = SwiftFileConformance.printLines(
            in: "let a = 1\nprint(\"tick \\(count) of \\(n)\")\nprint(\"done\")\n")
        #expect(SwiftFileConformance.printLine(of: "tick 3 of 4", in: lines) == 2)
        #expect(SwiftFileConformance.printLine(of: "done", in: lines) == 3)
        #expect(SwiftFileConformance.printLine(of: "other", in: lines) == nil)
    }
}
