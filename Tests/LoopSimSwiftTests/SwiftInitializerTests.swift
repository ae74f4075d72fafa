import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Inits with parameters, convenience inits and their call sites (docs/swift-scenarios.md, "Initializers"): each
/// lowered to `new C` and a call of the init's method, and run where the run shows Swift's semantics (two-phase
/// initialization, a weak destination).
@Suite struct SwiftInitializerTests {
    /// The lowered tree of a whole file, requiring no diagnostics.
    static func tree(_ text: String) throws -> LocatedNode {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "I.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree)
    }

    static let poller = """
        import Foundation
        let scenario = Scenario("init-params", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
        class Part {
            init() { print("part") }
        }
        class Poller {
            var part = Part()
            var count = 0
            init(count: Int) {
                print("body")
                self.count = count
            }
            convenience init() {
                self.init(count: 7)
                print("convenience")
            }
        }
        let a = Poller(count: 3)
        let b = Poller()
        if a.count == 3 { print("three") }
        if b.count == 7 { print("seven") }
        """

    @Test func anInitWithParametersIsAMethodCalledRightAfterNew() throws {
        let tree = try Self.tree(Self.poller)
        let methods = try #require(tree.mapping?["classes"]?.mapping?["Poller"]?.mapping?["methods"])
        #expect(
            SwiftLoweringTests.render(methods)
                == "{init_count: {params: [{count: int}], do: [{log: body}, {set: self.count = count}]}, "
                + "init_: [{call: self.init_count, with: [7]}, {log: convenience}]}")
        let main = try #require(tree.mapping?["main"])
        #expect(
            SwiftLoweringTests.render(main).hasPrefix(
                "[{let: a = new Poller}, {call: a.init_count, with: [3]}, {let: b = new Poller}, {call: b.init_}"))
        // The property initializers stay in `init:`, which `new` runs before the body (two-phase initialization).
        let initSteps = try #require(tree.mapping?["classes"]?.mapping?["Poller"]?.mapping?["init"])
        #expect(SwiftLoweringTests.render(initSteps) == "[{set: self.part = new Part}]")
    }

    @Test func propertyInitializersRunBeforeTheBodyAndTheArgumentsArrive() throws {
        // Swift's two-phase initialization: `part` is made (logging "part") before the body logs "body"; the
        // convenience init's own statements run after the init it delegates to.
        try SwiftLanguageTests.passes(
            Self.poller + """

                scenario.expect(.all, [
                    "logs[0].text": "part", "logs[1].text": "body", "logs[2].text": "part", "logs[3].text": "body",
                    "logs[4].text": "convenience", "logs[5].text": "three", "logs[6].text": "seven",
                    "objects.leaked": 0,
                ])
                """)
    }

    /// An object made by its init as an argument (`take(Hub(n: 1))`, a display link's weak target) is made before
    /// the statement and released after it: freed at once when the callee keeps nothing, kept when it stores it.
    @Test func anInitInsideAnExpressionIsMadeBeforeTheStatement() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("init-argument", until: .seconds(1), variants: [.ios10])
            class Hub {
                let n: Int
                init(n: Int) { self.n = n; print("init \\(n)") }
                deinit { print("deinit \\(n)") }
            }
            class Use {
                var kept: Hub?
                func take(_ h: Hub) { print("take") }
                func keep(_ h: Hub) { kept = h }
            }
            let u = Use()
            u.take(Hub(n: 1))
            u.keep(Hub(n: 2))
            print("end")
            scenario.expect(.all, ["logs": 5, "logs[0].text": "init 1", "logs[1].text": "take",
                                   "logs[2].text": "deinit 1", "logs[3].text": "init 2", "logs[4].text": "end"])
            """)
    }

    @Test func aWeakDestinationSeesTheObjectFreedAtOnce() throws {
        // `weakChild = Child(n: 1)`: nothing but the weak reference would hold the new object, so Swift frees it
        // at the end of the statement and the field reads nil; a strong field keeps its object.
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("weak-init", until: .seconds(3), variants: [.ios10])
            class Child {
                var n = 0
                init(n: Int) { self.n = n }
                deinit { print("child gone") }
            }
            class Holder {
                weak var weakChild: Child?
                var child: Child?
                func make() {
                    weakChild = Child(n: 1)
                    if weakChild == nil { print("weak nil") }
                    child = Child(n: 2)
                    if child != nil { print("strong kept") }
                }
            }
            let holder = Holder()
            holder.make()
            scenario.expect(.all, [
                "logs[0].text": "child gone", "logs[1].text": "weak nil", "logs[2].text": "strong kept",
                "objects.leaked": 0,
            ])
            """)
    }

    @Test func aFieldInitializedWithArgumentsIsMadeOnATemporary() throws {
        let tree = try Self.tree(
            """
            import Foundation
            let scenario = Scenario("field-init", until: .seconds(3), variants: [.ios10])
            class Child { var n = 0; init(n: Int) { self.n = n } }
            class Holder { var child = Child(n: 4) }
            let holder = Holder()
            """)
        let initSteps = try #require(tree.mapping?["classes"]?.mapping?["Holder"]?.mapping?["init"])
        #expect(
            SwiftLoweringTests.render(initSteps)
                == "[{let: newChild4x28 = new Child}, {call: newChild4x28.init_n, with: [4]}, "
                + "{set: self.child = newChild4x28}, {release: newChild4x28}]")
    }

    @Test func overloadedInitsAreToldApartByTheirLabels() throws {
        let text = """
            import Foundation
            let scenario = Scenario("overloads", until: .seconds(3), variants: [.ios10])
            class Gauge {
                var value = 0
                init(value: Int) { self.value = value }
                init(_ other: Gauge) { self.value = other.value }
            }
            let g = Gauge(value: 2)
            let h = Gauge(g)
            """
        let tree = try Self.tree(text)
        let main = SwiftLoweringTests.render(try #require(tree.mapping?["main"]))
        #expect(main.contains("{call: g.init_value, with: [2]}"), "\(main)")
        #expect(main.contains("{call: h.init__, with: [g]}"), "\(main)")
        // Labels no init declares: an undefined name, listing the inits there are.
        let wrong = SwiftScenarioLoader.lower(
            text: text.replacingOccurrences(of: "Gauge(g)", with: "Gauge(other: g)"), file: "I.swift"
        ).1
        let problem = try #require(wrong.first)
        #expect(problem.message.contains("init(_:), init(value:)"), "\(problem.message)")
        #expect(problem.location.line == 9)
    }

    @Test func aClassWithOnlyAnInitWithParametersCannotBeMadeWithoutArguments() throws {
        // Declaring `init(n:)` removes the implicit `init()` (The Swift Programming Language, "Default
        // Initializers"): `Child()` names no init.
        let problems = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("no-default", until: .seconds(3), variants: [.ios10])
                class Child { var n = 0; init(n: Int) { self.n = n } }
                let c = Child()
                """, file: "I.swift"
        ).1
        #expect(problems.contains { $0.message.contains("no init with these labels") && $0.location.line == 4 })
    }

    // MARK: computed properties

    static let ticker = """
        import Foundation
        let scenario = Scenario("computed", until: .seconds(5), variants: [.ios10, .linuxCorelibs])
        class Ticker {
            var timer: Timer?
            var ticks = 0
            var isRunning: Bool { timer != nil }
            var isBusy: Bool {
                get { return isRunning && ticks < 3 }
            }
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
            }
            func tick() {
                ticks += 1
                if !isBusy { timer?.invalidate(); timer = nil }
            }
        }
        let t = Ticker()
        if !t.isRunning { print("idle") }
        t.start()
        if t.isRunning { print("running") }
        """

    @Test func aComputedPropertyReadIsItsGetterInlinedOnTheReceiver() throws {
        let tree = try Self.tree(Self.ticker)
        let main = SwiftLoweringTests.render(try #require(tree.mapping?["main"]))
        #expect(main.contains("{if: !(t.timer != nil), then: [{log: idle}]}"), "\(main)")
        let tick = try #require(tree.mapping?["classes"]?.mapping?["Ticker"]?.mapping?["methods"]?.mapping?["tick"])
        let rendered = SwiftLoweringTests.render(tick)
        #expect(rendered.contains("{if: !((self.timer != nil) && self.ticks < 3)"), "\(rendered)")
        // No field is declared for it.
        let fields = try #require(tree.mapping?["classes"]?.mapping?["Ticker"]?.mapping?["fields"])
        #expect(fields.mapping?["isRunning"] == nil)
        #expect(fields.mapping?["timer"] != nil)
    }

    @Test func aComputedPropertyReadsTheStateAtTheRead() throws {
        // The timer fires thrice; at the third tick `isBusy` is false and the timer is invalidated.
        try SwiftLanguageTests.passes(
            Self.ticker + """

                scenario.expect(.all, [
                    "logs[0].text": "idle", "logs[1].text": "running", "timers.fires": 3, "objects.leaked": 0,
                ])
                """)
    }

    @Test func aComputedPropertyThatReadsItselfIsRefused() {
        let problems = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("loop", until: .seconds(3), variants: [.ios10])
                class Loop {
                    var on: Bool { !on }
                    func f() { if on { print("x") } }
                }
                let l = Loop()
                l.f()
                """, file: "I.swift"
        ).1
        #expect(problems.contains { $0.message.contains("reads itself") }, "\(problems)")
    }

    @Test func aMethodReturningOneExpressionIsReadInlineAndItsObjectIsTheCallers() throws {
        // `makeChild()` returns a new object owned by the caller (+1): the caller's variable is its only holder,
        // so dropping it frees the child at once; no hidden reference outlives the call.
        let text = """
            import Foundation
            let scenario = Scenario("returns", until: .seconds(3), variants: [.ios10])
            class Child {
                deinit { print("child gone") }
            }
            class Factory {
                var made = 0
                func isFresh() -> Bool { return made == 0 }
                func makeChild() -> Child { Child() }
                func check() { if isFresh() { print("fresh") } }
            }
            let f = Factory()
            f.check()
            var c: Child? = f.makeChild()
            c = nil
            if !f.isFresh() { print("stale") }
            scenario.expect(.all, ["logs[0].text": "fresh", "logs[1].text": "child gone", "objects.leaked": 0])
            """
        let main = SwiftLoweringTests.render(try #require(try Self.tree(text).mapping?["main"]))
        #expect(main.contains("{let: c = new Child}"), "\(main)")
        #expect(main.contains("{if: !(f.made == 0), then: [{log: stale}]}"), "\(main)")
        try SwiftLanguageTests.passes(text)
    }

    // MARK: weak proxies

    @Test func forwardingTargetMakesTheClassAProxyOfItsField() throws {
        let tree = try Self.tree(
            """
            import Foundation
            let scenario = Scenario("proxy", until: .seconds(3), variants: [.ios10])
            class Target: NSObject { @objc func tick() {} }
            class WeakProxy: NSObject {
                weak var target: Target?
                override func responds(to aSelector: Selector!) -> Bool { return target != nil }
                override func forwardingTarget(for aSelector: Selector!) -> Any? { return self.target }
            }
            let t = Target()
            let p = WeakProxy()
            p.target = t
            """)
        let proxy = try #require(tree.mapping?["classes"]?.mapping?["WeakProxy"])
        #expect(
            SwiftLoweringTests.render(proxy)
                == "{fields: {target: weak Target}, proxy: {target: target, whenTargetIsNil: crash}}")
    }

    @Test func aProxyKeepsItsInitRefusedAsTheLanguagesProxyForwardsEveryMessage() {
        let problems = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("proxy-init", until: .seconds(3), variants: [.ios10])
                class Target: NSObject {}
                class WeakProxy: NSObject {
                    weak var target: Target?
                    init(target: Target) { self.target = target }
                    override func forwardingTarget(for aSelector: Selector!) -> Any? { return target }
                }
                """, file: "I.swift"
        ).1
        #expect(
            problems.contains { $0.message.contains("set them after creating the object") && $0.location.line == 6 })
    }

    @Test func theWeakProxyTwinsRun() throws {
        for name in ["s08-weak-proxy", "s08-proxy-nil-target-crash"] {
            let url = SwiftTwinTests.root.appendingPathComponent("scenarios/swift/\(name).swift")
            try SwiftLanguageTests.passes(try String(contentsOf: url, encoding: .utf8))
        }
    }
}
