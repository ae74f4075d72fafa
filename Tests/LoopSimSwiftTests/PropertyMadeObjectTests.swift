import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Objects made in a stored property's initial value and configured later (SwiftLowering+PropertySources.swift):
/// a dispatch timer source made by `makeTimerSource` in the property, scheduled and given its handler in `init`,
/// resumed, suspended and cancelled from methods at user times.
@Suite struct PropertyMadeObjectTests {
    /// A scenario whose class `Ticker` keeps `property`, runs `initBody` in `init` and has the methods `go()`
    /// (resume), `pause()` (suspend) and `stop()` (cancel); the top-level code is `top`.
    static func file(_ property: String, _ initBody: String, top: String) -> String {
        """
        import Foundation
        let scenario = Scenario("sources", until: .seconds(4), variants: [.ios13])
        final class Ticker {
            \(property)
            var ticks = 0
            init() {
        \(initBody)
            }
            func go() { timer.resume() }
            func pause() { timer.suspend() }
            func stop() { timer.cancel() }
        }
        \(top)
        """
    }

    static let handler = "timer.setEventHandler { [weak self] in self?.ticks += 1; print(\"tick\") }"

    /// The rendered `init` steps of `Ticker` and its methods.
    static func lowered(_ text: String) throws -> (initSteps: String, methods: String) {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "T.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let ticker = try #require(tree?.mapping?["classes"]?.mapping?["Ticker"]?.mapping)
        let initSteps = try #require(ticker["init"])
        let methods = try #require(ticker["methods"])
        return (SwiftLoweringTests.render(initSteps), SwiftLoweringTests.render(methods))
    }

    @Test func aSourcePropertyConfiguredInInitIsOneSuspendedStepAndMethodsDriveIt() throws {
        let (initSteps, methods) = try Self.lowered(
            Self.file(
                "private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.main)",
                "timer.schedule(deadline: .now() + 0.5, repeating: 0.5)\n" + Self.handler + "\nticks = 0",
                top: "let t = Ticker()"))
        #expect(
            initSteps
                == "[{dispatch_source_timer: self.timer, queue: main, start: 0.5s, interval: 0.5s, resume: false, "
                + "captures: [weak self], do: [{increment: self.ticks}, {log: tick}]}, {set: self.ticks = 0}]")
        #expect(methods.contains("{dispatch_resume: self.timer}"))
        #expect(methods.contains("{dispatch_suspend: self.timer}"))
        #expect(methods.contains("{dispatch_source_cancel: self.timer}"))
    }

    /// The handler before `schedule`, `self.` on the property, a declared type, `flags: []`, a global queue and
    /// `activate()` in `init`: the source runs from init; paused at 1.2 s it fires into its data, and the resume at
    /// 2.2 s runs the handler once for the merged fires (libdispatch), then at 2.5 s and 3 s until the cancel.
    @Test func aSourceResumedInInitIsSuspendedAndResumedAtUserTimes() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                "private let timer: DispatchSourceTimer = DispatchSource.makeTimerSource(flags: [], "
                    + "queue: .global())",
                Self.handler + "\nself.timer.schedule(deadline: .now() + .milliseconds(500), repeating: 0.5)\n"
                    + "timer.activate()",
                top: """
                    let ticker = Ticker()
                    scenario.at(.milliseconds(1200), "pause") { ticker.pause() }
                    scenario.at(.milliseconds(2200), "go") { ticker.go() }
                    scenario.at(.milliseconds(3200), "stop") { ticker.stop() }
                    scenario.expect(.all, ["logs": 5, "logs[2].at_ms": 2200, "logs[4].at_ms": 3000])
                    """))
    }

    /// A source left suspended in `init` and resumed by a method; the holder released while the source is
    /// suspended again crashes libdispatch ("Release of a suspended object").
    @Test func aSuspendedSourcePropertyReleasedWithItsHolderCrashes() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                "var timer = DispatchSource.makeTimerSource(queue: .main)",
                "timer.schedule(deadline: .now() + 1, repeating: 1)\n" + Self.handler,
                top: """
                    var ticker: Ticker? = Ticker()
                    ticker?.go()
                    scenario.at(.milliseconds(2500), "pause") { ticker?.pause() }
                    scenario.at(.seconds(3), "close") { ticker = nil }
                    scenario.expect(.all, ["crashed": true, "crash.at_ms": 3000, "logs": 2])
                    """))
    }

    /// A source property that `init` never schedules is refused at the property, naming what to write.
    @Test func aSourcePropertyNoInitSchedulesIsRefusedWhereItIsMade() {
        let text = Self.file("let timer = DispatchSource.makeTimerSource()", "ticks = 1", top: "let t = Ticker()")
        let errors = SwiftScenarioLoader.lower(text: text, file: "T.swift").1.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == 4)
        #expect(errors.first?.message.contains("that `init` does not schedule") == true)
    }

    /// A loader whose queue is `lazy var queue: OperationQueue = { …; q.maxConcurrentOperationCount = WIDTH; … }()`
    /// with two operations of 200 ms each; `expect` is the scenario's expectation.
    static func lazyQueue(_ width: String, expect: String, declared: String = "lazy var") -> String {
        """
        import Foundation
        let scenario = Scenario("lazy queue", until: .seconds(2), variants: [.ios13])
        final class Loader {
            private \(declared) queue: OperationQueue = {
                let q = OperationQueue()
                \(width)
                return q
            }()
            func load() {
                queue.addOperation { Thread.sleep(forTimeInterval: 0.2); print("a") }
                queue.addOperation { Thread.sleep(forTimeInterval: 0.2); print("b") }
            }
        }
        let loader = Loader()
        loader.load()
        scenario.expect(.all, \(expect))
        """
    }

    /// A `lazy` operation queue made by a closure that sets its width: one at a time (the second operation ends at
    /// 400 ms); without the width both run at once (both end at 200 ms).
    @Test func aLazyOperationQueueTakesTheWidthItsClosureSets() throws {
        try SwiftLanguageTests.passes(
            Self.lazyQueue("q.maxConcurrentOperationCount = 1", expect: "[\"logs[1].at_ms\": 400, \"logs\": 2]"))
        try SwiftLanguageTests.passes(Self.lazyQueue("", expect: "[\"logs[1].at_ms\": 200, \"logs\": 2]"))
    }

    /// The same closure on a `let` (run when the instance is made, before any use), and its `name` a warning.
    @Test func aLetOperationQueueMadeByAClosureTakesItsWidthAndItsNameIsAWarning() throws {
        try SwiftLanguageTests.passes(
            Self.lazyQueue(
                "q.maxConcurrentOperationCount = 1\nq.name = \"loader\"",
                expect: "[\"logs[1].at_ms\": 400, \"logs\": 2]",
                declared: "let"))
        let text = Self.lazyQueue("q.name = \"loader\"", expect: "[\"logs\": 2]", declared: "let")
        let problems = SwiftScenarioLoader.lower(text: text, file: "L.swift").1
        #expect(problems.map(\.id) == ["swift.ignored"], "\(problems)")
    }

    /// Another statement in the closure is refused at that statement.
    @Test func aLazyOperationQueueClosureRefusesOtherStatements() {
        let text = Self.lazyQueue("q.isSuspended = true", expect: "[\"logs\": 2]")
        let errors = SwiftScenarioLoader.lower(text: text, file: "L.swift").1.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.location.line == 6)
        #expect(errors.first?.message.contains("operation queue's closure") == true)
    }

    /// An `OperationQueue()` property whose width is set in a method after three 300 ms operations were added at
    /// 0: width 1 from `init` runs the first alone; widened to 3 at 100 ms, the other two start at once and end at
    /// 400 ms (corelibs' setter calls `_schedule()`). The lowered method holds the setter where it is written.
    @Test func anOperationQueueWidthSetInAMethodAppliesFromThen() throws {
        let text = """
            import Foundation
            let scenario = Scenario("width", until: .seconds(3), variants: [.ios13])
            final class Importer {
                private let queue = OperationQueue()
                init() { queue.maxConcurrentOperationCount = 1 }
                func load() {
                    for i in 0..<3 { queue.addOperation { Thread.sleep(forTimeInterval: 0.3); print("op \\(i)") } }
                }
                func widen() { self.queue.maxConcurrentOperationCount = 3 }
            }
            let importer = Importer()
            importer.load()
            scenario.at(.milliseconds(100), "widen") { importer.widen() }
            scenario.expect(.all, ["logs": 3, "logs[0].at_ms": 300, "logs[1].at_ms": 400, "logs[2].at_ms": 400])
            """
        try SwiftLanguageTests.passes(text)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "W.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let importer = try #require(tree?.mapping?["classes"]?.mapping?["Importer"]?.mapping)
        let widen = try #require(importer["methods"]?.mapping?["widen"])
        #expect(SwiftLoweringTests.render(widen) == "[{setMaxConcurrentOperationCount: Importer.queue, to: 3}]")
        let bad = text.replacingOccurrences(
            of: "maxConcurrentOperationCount = 3", with: "maxConcurrentOperationCount = 0")
        let errors = SwiftScenarioLoader.lower(text: bad, file: "W.swift").1.filter { $0.severity == .error }
        #expect(errors.map(\.location.line) == [9])
    }

    /// `let loop = RunLoop.current` (or `: RunLoop`): the run loop of the thread that makes the object (main here),
    /// so a timer a pool thread adds to it later fires on main.
    @Test func aRunLoopPropertyIsTheMakingThreadsRunLoop() throws {
        for property in ["private let loop = RunLoop.current", "let loop: RunLoop = RunLoop.current"] {
            try SwiftLanguageTests.passes(
                """
                import Foundation
                let scenario = Scenario("loop", until: .seconds(2), variants: [.ios13])
                final class Poller {
                    \(property)
                    func start() {
                        let t = Timer(timeInterval: 0.5, repeats: false) { _ in print("fired") }
                        loop.add(t, forMode: .common)
                    }
                }
                let poller = Poller()
                DispatchQueue.global().async { poller.start() }
                scenario.expect(.all, ["logs": 1, "logs[0].thread": "main", "logs[0].at_ms": 500])
                """)
        }
    }

    /// `isSuspended` and `qualityOfService` set on a property queue in methods: the operation added while the
    /// queue is suspended starts at the resume (500 ms); `name`, which the model does not hold, is a warning at the
    /// assignment.
    @Test func anOperationQueueSuspendedInAMethodStartsNothingUntilResumed() throws {
        let text = """
            import Foundation
            let scenario = Scenario("suspend", until: .seconds(2), variants: [.ios13])
            final class Importer {
                private let queue = OperationQueue()
                func start() {
                    queue.isSuspended = true
                    queue.qualityOfService = .utility
                    queue.addOperation { print("ran") }
                }
                func resume() { self.queue.isSuspended = false }
            }
            let importer = Importer()
            importer.start()
            scenario.at(.milliseconds(500), "resume") { importer.resume() }
            scenario.expect(.all, ["logs": 1, "logs[0].at_ms": 500])
            """
        try SwiftLanguageTests.passes(text)
        let named = text.replacingOccurrences(of: "queue.qualityOfService = .utility", with: "queue.name = \"imports\"")
        let diagnostics = SwiftScenarioLoader.lower(text: named, file: "S.swift").1
        #expect(diagnostics.map { "\($0.id) \($0.location.line)" } == ["swift.ignored 7"])
        #expect(diagnostics.first?.message.contains("`name`") == true)
    }
}
