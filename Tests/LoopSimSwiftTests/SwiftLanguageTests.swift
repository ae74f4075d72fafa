import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The language forms lowered by rewriting (docs/swift-scenarios.md, "The language"): a timer closure's parameter,
/// `switch`, `repeat`, `?:`, `defer`, `withExtendedLifetime`, timer reads and `tolerance`, `guard let self`,
/// `static let shared`; each lowered, and run where the run is what shows the semantics.
@Suite struct SwiftLanguageTests {
    /// The lowered steps of `Page.probe()` around `body` (``SwiftLoweringTests/probeSteps(_:)``).
    static func steps(_ body: String) throws -> String { try SwiftLoweringTests.probeSteps(body) }

    /// Loads a whole Swift scenario, requiring no error.
    static func load(_ text: String, file: String = "L.swift") throws -> Scenario {
        let loaded = SwiftScenarioLoader.load(text: text, file: file)
        #expect(!loaded.diagnostics.contains { $0.severity == .error }, "\(loaded.diagnostics)")
        return try #require(loaded.scenario)
    }

    /// Runs `text` under each of its variants and requires every expectation it states to hold (and some to
    /// exist).
    static func passes(_ text: String) throws {
        let scenario = try load(text)
        for run in try ScenarioRunner.run(scenario) {
            #expect(!run.expectations.isEmpty)
            #expect(run.failedExpectations.isEmpty, "\(run.failedExpectations)")
        }
    }

    /// The diagnostics of lowering `body` inside `Page.probe()`.
    static func problems(_ body: String) -> [Diagnostic] {
        SwiftScenarioLoader.lower(text: SwiftLoweringTests.file(body), file: "P.swift").1
    }

    /// An expectation's string is read as Swift reads the literal: `\"` is a quote, `\\` a backslash.
    @Test func anExpectedStringReadsItsEscapes() throws {
        try Self.passes(
            #"""
            import Foundation
            let scenario = Scenario("escapes", until: .seconds(1), variants: [.ios13])
            let names = ["a", "b"]
            print("names \(names)")
            scenario.expect(.all, ["logs": 1, "logs[0].text": "names [\"a\", \"b\"]"])
            """#)
    }

    /// `let v = c.value` of another object's stored `Int`, `Bool` or `String` property is printed as its value; an
    /// optional one (`c.maybe`) is still logged as written, as Swift would print `Optional(…)` or `nil`.
    @Test func aLocalTakenFromAnotherObjectsPropertyPrintsItsValue() throws {
        try Self.passes(
            #"""
            import Foundation
            let scenario = Scenario("plain", until: .seconds(1), variants: [.linuxCorelibs])
            final class Counter {
                var value = 3
                var label = "hits"
                var maybe: Int? = nil
            }
            final class Screen {
                let counter = Counter()
                func show() {
                    let c = counter
                    let v = c.value
                    let l = c.label
                    let m = c.maybe
                    print("\(l) \(v) \(m)")
                }
            }
            let screen = Screen()
            screen.show()
            let counter = Counter()
            let n = counter.value
            print("n \(n)")
            scenario.expect(.all, ["logs[0].text": "hits 3 \\(m)", "logs[1].text": "n 3"])
            """#)
    }

    /// A figure's value may be a list of strings, as YAML's `logged_in_order: [a, b]` (§9): checked, not ignored.
    @Test func anExpectedListOfLogsIsCheckedInOrder() throws {
        let text = """
            import Foundation
            let scenario = Scenario("order", until: .seconds(1), variants: [.ios13])
            print("start")
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { print("done") }
            scenario.expect(.all, ["logged_in_order": ORDER])
            """
        try Self.passes(text.replacingOccurrences(of: "ORDER", with: #"["start", "done"]"#))
        let reversed = try Self.load(text.replacingOccurrences(of: "ORDER", with: #"["done", "start"]"#))
        let run = try #require(try ScenarioRunner.run(reversed).first)
        #expect(run.failedExpectations.count == 1, "\(run.expectations)")
        let problems = SwiftScenarioLoader.load(
            text: text.replacingOccurrences(of: "ORDER", with: #"["start", 3]"#), file: "L.swift"
        ).diagnostics
        #expect(problems.contains { $0.message.contains("list holds string literals") && $0.location.line == 5 })
    }

    /// A singleton first reached through one of its properties from another class's init (`ThemeManager.shared
    /// .onChange { … }`) has run its own init before the method stores into its array: both handlers stay, and both
    /// closed screens, which their handlers hold through the singleton, still repaint.
    @Test func aSingletonFirstReadThroughAPropertyIsInitializedFirst() throws {
        try Self.passes(
            #"""
            import Foundation
            let scenario = Scenario("themes", until: .seconds(2), variants: [.ios13])
            final class ThemeManager {
                static let shared = ThemeManager()
                private var handlers: [(String) -> Void] = []
                func onChange(_ handler: @escaping (String) -> Void) { handlers.append(handler) }
                func switchTo(_ name: String) { handlers.forEach { $0(name) } }
            }
            final class Screen {
                let title: String
                init(title: String) {
                    self.title = title
                    ThemeManager.shared.onChange { theme in print("\(self.title) \(theme)") }
                }
            }
            var a: Screen? = Screen(title: "a")
            var b: Screen? = Screen(title: "b")
            scenario.at(.seconds(1), "close") { a = nil; b = nil }
            scenario.at(.milliseconds(1500), "dark") { ThemeManager.shared.switchTo("dark") }
            scenario.expect(.all, ["logs": 2, "logs[0].text": "a dark", "logs[1].text": "b dark"])
            """#)
    }

    // MARK: a timer closure's parameter

    @Test func aTimerClosureThatUsesItsParameterNamesItWithTimer() throws {
        #expect(
            try Self.steps("timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { t in t.invalidate() }")
                == "[{scheduledTimer: self.timer, every: 1s, repeats: true, block: {timer: t, do: [{invalidate: t}]}}]")
        #expect(
            try Self.steps(
                "Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in\n"
                    + "guard let self else { timer.invalidate(); return }\nself.count += 1 }")
                == "[{scheduledTimer: , every: 1s, repeats: true, block: {timer: timer, captures: [weak self], "
                + "do: [{let: strongSelf = self}, {if: strongSelf != nil, then: [{increment: strongSelf.count}], "
                + "else: [{invalidate: timer}]}]}}]")
        // `_ in` takes nothing.
        #expect(
            try Self.steps("Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in go() }")
                == "[{scheduledTimer: , every: 1s, repeats: false, block: {captures: [strong self], "
                + "do: [{call: self.go}]}}]")
    }

    @Test func aTimerThatInvalidatesItselfThroughItsParameterFiresThrice() throws {
        // No property holds the timer: only the parameter reaches it. Without it the timer fired for ever and
        // the page stayed alive (its block holds it).
        try Self.passes(
            """
            import Foundation
            let scenario = Scenario("self-invalidating", until: .seconds(10), variants: [.ios10, .linuxCorelibs])
            class Page {
                var count = 0
                func start() {
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                        self.count += 1
                        if self.count == 3 { timer.invalidate() }
                    }
                }
            }
            var page: Page? = Page()
            page?.start()
            scenario.at(.seconds(5)) { page = nil }
            scenario.expect(.all, ["timers.fires": 3, "objects.leaked": 0])
            scenario.expect(.ios10, ["objects.abandoned": 0])
            // swift-corelibs-foundation's invalidate releases nothing: the block keeps the page (semantics §5.3).
            scenario.expect(.linuxCorelibs, ["objects.abandoned": 1, "leaks[0].class": "Page"])
            """)
    }

    @Test func theYAMLBlockParameterIsTheTimerOnAFireAndOnAManualFire() throws {
        let yaml = """
            name: block parameter
            until: 5s
            variants: [ios10]
            main:
              - scheduledTimer: t
                every: 1s
                repeats: true
                block:
                  timer: me
                  do:
                    - if: me.isValid
                      then: [log: the timer itself]
                    - invalidate: me
              - fire: t
            expect:
              all:
                logs: 1
                logs[0].at_ms: 0
                timers.fires: 0
            """
        let loaded = ScenarioLoader.load(text: yaml, file: "b.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        for run in try ScenarioRunner.run(scenario) { #expect(run.failedExpectations.isEmpty) }
        let clash = ScenarioLoader.load(
            text: yaml.replacingOccurrences(of: "timer: me", with: "timer: me\n      captures: [strong t as me]"),
            file: "b.yaml")
        #expect(clash.diagnostics.first?.id == "type.mismatch")
    }

    // MARK: switch, repeat, ?:, defer, withExtendedLifetime

    @Test func switchOnSimpleValuesBecomesNestedIfs() throws {
        #expect(
            try Self.steps("switch count {\ncase 1, 2: go()\ncase 3...5: count = 0\ndefault: break\n}")
                == "[{if: (self.count == 1) || (self.count == 2), then: [{call: self.go}], else: [{if: self.count "
                + ">= 3 && self.count <= 5, then: [{set: self.count = 0}], else: []}]}]")
        #expect(
            try Self.steps("switch count {\ndefault: go()\ncase 0: break\n}")
                == "[{if: self.count == 0, then: [], else: [{call: self.go}]}]")
        #expect(
            Self.problems("switch count {\ncase 1: go()\nfallthrough\ndefault: break\n}").map(\.id) == [
                "swift.unsupported"
            ])
        // `case let n where n > 1`: the clause on the bound subject (SwitchWhereTests runs it).
        #expect(
            try Self.steps("switch count {\ncase let n where n > 1: go()\ndefault: break\n}")
                == "[{if: self.count > 1, then: [{call: self.go}], else: []}]")
    }

    @Test func repeatRunsItsBodyOnceBeforeTheCondition() throws {
        #expect(
            try Self.steps("repeat { count += 1 } while count < 3")
                == "[{let: repeat8_1 = true}, {while: repeat8_1 || (self.count < 3), "
                + "do: [{set: repeat8_1 = false}, {increment: self.count}]}]")
        try Self.passes(
            """
            import Foundation
            let scenario = Scenario("repeat", until: .seconds(1), variants: [.ios10])
            class Counter {
                var n = 10
                var turns = 0
                func run() {
                    repeat {
                        turns += 1
                        if turns == 2 { continue }
                    } while n < 3
                    if turns == 1 { print("once") }
                }
            }
            let c = Counter()
            c.run()
            scenario.expect(.ios10, ["logs": 1, "logs[0].text": "once"])
            """)
    }

    @Test func theConditionalOperatorInAStoreBecomesAnIf() throws {
        #expect(
            try Self.steps("count = count > 1 ? 1 : count + 2")
                == "[{if: self.count > 1, then: [{set: self.count = 1}], else: [{set: self.count = self.count + 2}]}]")
        #expect(
            try Self.steps("let n = count == 0 ? 5 : 6\ncount = n")
                == "[{if: self.count == 0, then: [{let: n = 5}], else: [{let: n = 6}]}, {set: self.count = n}]")
        #expect(Self.problems("go2(count > 1 ? 1 : 2)").map(\.id) == ["swift.unsupported"])
    }

    @Test func deferRunsAtTheEndOfEveryPathOfItsScope() throws {
        #expect(
            try Self.steps("defer { count = 0 }\nguard let t = timer else { return }\nt.invalidate()")
                == "[{let: t = self.timer}, {if: t != nil, then: [{invalidate: t}]}, {set: self.count = 0}]")
        #expect(
            try Self.steps("while count < 3 {\ndefer { go() }\nif count == 1 { break }\ncount += 1\n}")
                == "[{while: self.count < 3, do: [{if: self.count == 1, then: [{call: self.go}, break]}, "
                + "{increment: self.count}, {call: self.go}]}]")
    }

    /// A `defer` in a loop's body runs when `break` or `continue` leaves the body, before it, and at the body's end
    /// after what the body did last (the Swift book, "Deferred Actions"); a `break` of a nested loop leaves only that
    /// loop. The order was checked with swiftc on this machine.
    @Test func deferRunsBeforeTheBreakOrContinueThatLeavesItsLoopBody() throws {
        try Self.passes(
            """
            import Foundation
            let scenario = Scenario("defer exits", until: .seconds(2), variants: [.linuxCorelibs])
            let worker = Thread {
                for i in 1...4 {
                    defer { print("end \\(i)") }
                    if i == 2 { continue }
                    if i == 3 {
                        print("giving up")
                        break
                    }
                    for j in 0..<3 {
                        if j == 1 { break }
                        print("inner \\(i) \\(j)")
                    }
                    Thread.sleep(forTimeInterval: 0.2)
                }
                print("after")
            }
            worker.start()
            scenario.expect(.all, [
                "logs": 6, "logs[0].text": "inner 1 0", "logs[1].text": "end 1", "logs[1].at_ms": 200,
                "logs[2].text": "end 2", "logs[3].text": "giving up", "logs[4].text": "end 3", "logs[4].at_ms": 200,
                "logs[5].text": "after",
            ])
            """)
    }

    @Test func withExtendedLifetimeRunsItsBodyInPlace() throws {
        #expect(
            try Self.steps("let t = timer\nwithExtendedLifetime(t) { go() }") == "[{let: t = self.timer}, "
                + "{call: self.go}]")
        #expect(Self.problems("withExtendedLifetime(timer) { let p = Page() }").map(\.id) == ["swift.unsupported"])
    }

    // MARK: timers' properties

    @Test func timerReadsAreInMillisecondsAndLiteralsBesideThemConverted() throws {
        #expect(
            try Self.steps("if let t = timer, t.timeInterval > 0.5 && t.tolerance == 0 { go() }")
                == "[{let: t = self.timer}, {if: t != nil && (t.timeInterval > 500 && t.tolerance == 0), "
                + "then: [{call: self.go}]}]")
        #expect(Self.problems("if let t = timer, t.timeInterval > 0.0005 { go() }").map(\.id) == ["swift.unsupported"])
        #expect(Self.problems("if count > 1.5 { go() }").map(\.id) == ["swift.unsupported"])
    }

    @Test func toleranceSetRightAfterTheTimerIsMadeIsItsToleranceKey() throws {
        #expect(
            try Self.steps(
                "timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }\ntimer?.tolerance = 0.1")
                == "[{scheduledTimer: self.timer, every: 1s, repeats: true, block: {do: []}, tolerance: 0.1s}]")
        let late = Self.problems(
            "timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }\ngo()\ntimer?.tolerance = 0.1")
        #expect(late.map(\.id) == ["swift.unsupported"])
        #expect(late.first?.message.contains("right after") == true)
    }

    // MARK: guard let self, static let shared

    @Test func guardLetSelfHoldsSelfForTheRestOfTheClosure() throws {
        // The closure drops the last other reference to its object: the strong local keeps it to the closure's
        // end (SE-0079), so the log comes first and the deinit after.
        try Self.passes(
            """
            import Foundation
            let scenario = Scenario("strong self", until: .seconds(3), variants: [.ios10])
            class Parent {
                var child: Child?
            }
            class Child {
                weak var parent: Parent?
                deinit { print("child gone") }
                func start() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
                        guard let self else { return }
                        self.parent?.child = nil
                        print("still here")
                    }
                }
            }
            let parent = Parent()
            parent.child = Child()
            parent.child?.parent = parent
            parent.child?.start()
            scenario.expect(.ios10, ["logs[0].text": "still here", "logs[1].text": "child gone"])
            """)
    }

    /// Swift makes a stored type property on its first access (the Swift book, "Type Properties"), so a
    /// singleton first read by a user action at 1 s is made then, and only once.
    @Test func aStaticSharedSingletonIsMadeOnItsFirstAccess() throws {
        let text = """
            import Foundation
            let scenario = Scenario("singleton", until: .seconds(3), variants: [.ios10])
            class Store {
                static let shared = Store()
                var hits = 0
                init() { print("store made") }
                func hit() { hits += 1 }
            }
            scenario.at(.seconds(1)) {
                Store.shared.hit()
                Store.shared.hit()
                if Store.shared.hits == 2 { print("one store") }
            }
            scenario.expect(.ios10, [
                "logs": 2, "logs[0].text": "store made", "logs[0].at_ms": 1000, "logs[1].text": "one store",
                "objects.leaked": 0,
            ])
            """
        try Self.passes(text)
        let tree = try #require(SwiftScenarioLoader.lower(text: text, file: "L.swift").0)
        #expect(tree.mapping?["main"] == nil || SwiftLoweringTests.render(tree.mapping!["main"]!) == "[]")
        let unknown = Self.problems("Page.shared.go()")
        #expect(unknown.map(\.id) == ["swift.unsupported"])
    }

    // MARK: params, cases, sweeps

    static let parameterized = """
        import Foundation
        let scenario = Scenario("ticks", until: .seconds(10), variants: [.ios10])
        let interval = scenario.param("interval", default: 1.0, in: [0.5, 1, 2])
        let stop = scenario.param("stop", default: false)
        class Ticker {
            func start() {
                Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { timer in
                    if stop { timer.invalidate() }
                }
            }
        }
        let ticker = Ticker()
        ticker.start()
        scenario.case("runs")
        scenario.case("stops", params: ["stop": true])
        scenario.expect(.ios10, ["timers.fires": 10], case: "runs")
        scenario.expect(.ios10, ["timers.fires": 1], case: "stops")
        """

    @Test func parametersAndCasesLowerToParamsAndCases() throws {
        let cases = SwiftScenarioLoader.loadCases(text: Self.parameterized, file: "T.swift")
        #expect(cases.map { $0.scenario?.caseName } == ["runs", "stops"])
        for loaded in cases {
            let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
            for run in try ScenarioRunner.run(scenario) {
                #expect(run.failedExpectations.isEmpty, "\(run.failedExpectations)")
            }
        }
        // --param over the default: twice the interval, half the fires (the `runs` case's 10 fails).
        let slow = SwiftScenarioLoader.loadCases(
            text: Self.parameterized, file: "T.swift", parameters: [("interval", "2")], only: "runs")
        let scenario = try #require(slow.first?.scenario)
        #expect(scenario.givenParameters.map(\.value) == ["2"])
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.failedExpectations.count == 1)
        #expect(run.report.value(at: "timers.fires")?.compact == "5")
    }

    @Test func aSweepRunsTheParameterValuesOfASwiftFile() throws {
        let plan = try Sweep.Plan(
            text: Self.parameterized, file: "T.swift", replications: 1,
            loader: { SwiftScenarioLoader.loadCases(text: $0, file: $1, parameters: $2, only: "runs")[0] })
        #expect(plan.pointCount == 3)
        #expect(plan.point(0).map(\.value) == ["0.5"])
        var rows: [String] = []
        _ = try plan.run(jobs: 1) { row in rows.append(row.compact) }
        #expect(rows.count == 3)
        #expect(rows[0].contains("\"interval\":\"0.5\""), "\(rows[0])")
    }

    // MARK: app code in Swift files

    static let app = """
        import Foundation
        class Page {
            var timer: Timer?
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }
            }
            func tick() { print("tick") }
        }
        var page: Page? = Page()
        page?.start()
        """

    static func appScenario(_ swift: String = "swift: app/Page.swift") -> String {
        """
        name: app code in Swift
        until: 5s
        variants: [ios10]
        \(swift)
        user:
          - at: 2.5s
            do: [release: page]
        expect:
          ios10:
            logs: 5
            leaks[0].class: Page
        """
    }

    @Test func aYAMLScenarioTakesItsClassesAndMainFromSwiftFiles() throws {
        var asked: [String] = []
        let loaded = SwiftScenarioLoader.loadCases(yaml: Self.appScenario(), file: "dir/x.yaml") { path in
            asked.append(path)
            return Self.app
        }
        #expect(asked == ["dir/app/Page.swift"])
        let scenario = try #require(loaded.first?.scenario, "\(loaded.first?.diagnostics ?? [])")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.failedExpectations.isEmpty, "\(run.failedExpectations)")
    }

    @Test func appCodeDiagnosticsNameTheSwiftFile() throws {
        let bad = Self.app.replacingOccurrences(of: "self.tick()", with: "self.tock()")
        let loaded = SwiftScenarioLoader.loadCases(yaml: Self.appScenario(), file: "x.yaml") { _ in bad }
        let error = try #require(loaded.first?.diagnostics.first)
        #expect(error.location.file == "app/Page.swift")
        #expect(error.location.line == 5)
        let both = SwiftScenarioLoader.loadCases(
            yaml: Self.appScenario("swift: app/Page.swift\nmain: []"), file: "x.yaml"
        ) { _ in Self.app }
        #expect(both.first?.diagnostics.map(\.id) == ["swift.scenario"])
        let missing = SwiftScenarioLoader.loadCases(yaml: Self.appScenario(), file: "x.yaml") { _ in nil }
        #expect(missing.first?.diagnostics.map(\.id) == ["file.unreadable"])
        let withHeader = SwiftScenarioLoader.loadCases(yaml: Self.appScenario(), file: "x.yaml") { _ in
            "let scenario = Scenario(\"x\")\n" + Self.app
        }
        #expect(withHeader.first?.diagnostics.map(\.id) == ["swift.scenario"])
        // Without the Swift front-end the key is refused, not ignored.
        #expect(
            ScenarioLoader.load(text: Self.appScenario(), file: "x.yaml").diagnostics.map(\.id).contains(
                "key.unknown"))
    }

    @Test func theAppCodeScenarioGivesItsTwinsFindings() throws {
        let root = SwiftTwinTests.root
        let path = "examples/swift-app/s02-timerbutton-swift-app.yaml"
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let loaded = SwiftScenarioLoader.loadCases(yaml: text, file: root.appendingPathComponent(path).path)
        let scenario = try #require(loaded.first?.scenario, "\(loaded.first?.diagnostics ?? [])")
        let twin = try SwiftTwinTests.load("scenarios/swift/s02-timerbutton-worker-loop.swift")
        for variant in scenario.variants {
            let run = try #require(try ScenarioRunner.run(scenario, variants: [variant]).first)
            let twinRun = try #require(try ScenarioRunner.run(twin, variants: [variant]).first)
            #expect(run.failedExpectations.isEmpty)
            #expect(run.outcome.fingerprint == twinRun.outcome.fingerprint, "\(variant)")
        }
    }
}
