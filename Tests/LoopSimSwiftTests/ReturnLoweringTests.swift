import LoopSimKernel
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Methods that return values (docs/swift-scenarios.md, "Computed properties and returned values"): `returns:` and
/// `return:`, `let x = f()` as `call:` with `result:`, a call inside an expression hoisted before its statement, and
/// the runs that show the values.
@Suite struct ReturnLoweringTests {
    static let header = """
        import Foundation
        let scenario = Scenario("returns", until: .seconds(2), variants: [.ios10])

        """

    /// A loader with the forms an engineer writes.
    static let loader = """
        enum Phase { case idle, loading, done }

        final class Child {
            var n = 0
            deinit { print("child \\(n) freed") }
        }

        final class Loader {
            var isLoading = false
            var loads = 0
            var phase: Phase = .idle
            var kept: Child?

            func loadSync() -> Bool {
                guard !isLoading else { return false }
                isLoading = true
                loads += 1
                return true
            }

            func delay(for attempt: Int) -> Int {
                if attempt > 3 {
                    return 1000
                }
                var total = 0
                for i in 0..<attempt {
                    if i == 2 { return 999 }
                    total += 100
                }
                return total
            }

            func describe() -> String {
                switch phase {
                case .idle: return "idle"
                case .loading: return "loading"
                default: return "done"
                }
            }

            func next() -> Phase {
                if phase == .idle { return .loading }
                return .done
            }

            func makeChild(_ n: Int) -> Child {
                let c = Child()
                c.n = n
                return c
            }

            func countdown(_ n: Int) -> Int {
                if n == 0 { return 0 }
                return countdown(n - 1) + 1
            }
        }

        """

    static func lowered(_ text: String) throws -> LocatedNode {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "R.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree)
    }

    static func logs(_ text: String) throws -> [String] {
        let loaded = SwiftScenarioLoader.load(text: text, file: "R.swift")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let outcome = Kernel(
            program: scenario.program,
            configuration: scenario.configuration(profile: try scenario.profile(for: "ios10"))
        ).run()
        #expect(outcome.crash == nil && outcome.limit == nil)
        return outcome.logs.map(\.text)
    }

    /// A closure passed to a method that returns a value (`let token = store.observe { … }`, a hand-made observable)
    /// is a temporary block made before the call and released after it, as for a method that returns nothing: the
    /// store keeps it, the caller keeps the token.
    @Test func aReturningMethodTakesAClosureArgument() throws {
        let logs = try Self.logs(
            """
            import Foundation
            let scenario = Scenario("observers", until: .seconds(1), variants: [.ios10])
            final class Store {
                private var handler: ((Int) -> Void)?
                private var next = 0
                func observe(_ handler: @escaping (Int) -> Void) -> Int {
                    self.handler = handler
                    handler(0)
                    next += 1
                    return next
                }
                func send(_ n: Int) { handler?(n) }
            }
            let store = Store()
            let token = store.observe { n in print("got \\(n)") }
            print("token \\(token)")
            store.send(4)
            """)
        #expect(logs == ["got 0", "token 1", "got 4"])
    }

    /// A method with a return type declares `returns:`; `guard … else { return false }` is a `return:` in the
    /// `if:`'s branch, and the value at the end is `return:` too.
    @Test func aReturningMethodLowersWithReturns() throws {
        let tree = try Self.lowered(Self.header + Self.loader)
        let method = try #require(
            tree.mapping?["classes"]?.mapping?["Loader"]?.mapping?["methods"]?.mapping?["loadSync"])
        let text = SwiftLoweringTests.render(method)
        #expect(
            text == "{returns: bool, do: [{if: !self.isLoading, then: [{set: self.isLoading = true}, "
                + "{increment: self.loads}, {return: true}], else: [{return: false}]}]}")
    }

    /// `let ok = f()` takes the value into the local; `if f()`, `x += f(…)` and an argument hoist the call before
    /// the statement into a local named after its place, an argument's call before the call it is passed to.
    @Test func callsAsValuesBecomeCallsWithResult() throws {
        let tree = try Self.lowered(
            Self.header + """
                final class Page {
                    var count = 0
                    func check() -> Bool { count += 1; return count > 1 }
                    func size(_ n: Int) -> Int { return n * 2 }
                    func probe() {
                        let ok = check()
                        if check() { count = 0 }
                        count += size(size(count))
                    }
                }
                let page = Page()
                page.probe()
                """)
        let probe = try #require(tree.mapping?["classes"]?.mapping?["Page"]?.mapping?["methods"]?.mapping?["probe"])
        #expect(
            SwiftLoweringTests.render(probe)
                == "[{call: self.check, result: ok}, {call: self.check, result: check_9x12}, "
                + "{if: check_9x12, then: [{set: self.count = 0}]}, "
                + "{call: self.size, with: [self.count], result: size_10x23}, "
                + "{call: self.size, with: [size_10x23], result: size_10x18}, "
                + "{set: self.count = self.count + (size_10x18)}]")
    }

    /// The values the forms compute, run: the guard's two answers, a value from inside a loop, a `switch`'s case,
    /// nested calls as arguments, an interpolated call, a kept returned object, recursion.
    @Test func theValuesAreSwiftsValues() throws {
        let logs = try Self.logs(
            Self.header + Self.loader + """
                let loader = Loader()
                let ok = loader.loadSync()
                print("first \\(ok)")
                if loader.loadSync() { print("never") } else { print("busy") }
                var total = 0
                total += loader.delay(for: 1)
                let d = loader.delay(for: loader.delay(for: 0) + 2)
                print("total \\(total) d \\(d) \\(loader.delay(for: 3)) \\(loader.delay(for: 9))")
                print("phase \\(loader.describe())")
                loader.phase = loader.next()
                print("phase \\(loader.describe())")
                loader.kept = loader.makeChild(3)
                _ = loader.makeChild(4)
                print("kept \\(loader.countdown(5))")
                """)
        #expect(
            logs == [
                "first true", "busy", "total 100 d 200 999 1000", "phase idle", "phase loading", "child 4 freed",
                "kept 5",
            ])
    }

    /// A call right of `&&`, in a `repeat` condition, or an object returned into a condition is refused with its
    /// place; a call in a `while` condition runs before each test.
    @Test func aCallInAWhileConditionRunsEachTurn() throws {
        let logs = try Self.logs(
            Self.header + """
                final class Counter {
                    var n = 0
                    func next() -> Int {
                        n += 1
                        return n
                    }
                    func run() {
                        while next() < 4 {
                            if n == 2 { continue }
                            print("turn \\(n)")
                        }
                        print("left at \\(n)")
                    }
                }
                let c = Counter()
                c.run()
                """)
        #expect(logs == ["turn 1", "turn 3", "left at 4"])
    }

    /// A getter of several statements, and one that calls a method, are methods returning their value: each read
    /// (`x.status`, a bare `isStale` inside the class) runs the getter where Swift runs it.
    @Test func aGetterOfSeveralStatementsRunsAtEachRead() throws {
        let logs = try Self.logs(
            Self.header + """
                final class Cache {
                    var entries = 0
                    var reads = 0
                    var status: String {
                        reads += 1
                        guard entries > 0 else { return "empty" }
                        if entries > 2 { return "full" }
                        return "partial"
                    }
                    var isStale: Bool { age() > 1 }
                    func age() -> Int { return reads }
                    func report() {
                        if isStale { print("stale after \\(reads) reads") }
                    }
                }
                let cache = Cache()
                print("first \\(cache.status)")
                cache.entries = 1
                let s: String = cache.status
                print("then \\(s)")
                cache.entries = 3
                print("last \\(cache.status)")
                cache.report()
                """)
        #expect(logs == ["first empty", "then partial", "last full", "stale after 3 reads"])
    }

    /// `return c ? a : b` returns the branch Swift takes; a `switch` over every case of an enum and a `while true`
    /// left only by `return` end their methods without a `return` after them, which Swift proves unreachable: a
    /// `trap:` stands there, never reached.
    @Test func ternaryReturnsAndExhaustiveSwitches() throws {
        let logs = try Self.logs(
            Self.header + """
                enum Mode { case fast, slow, off }
                final class Picker {
                    var count = 0
                    func mode(after n: Int) -> Mode {
                        return n < 2 ? .fast : .slow
                    }
                    func label(for m: Mode) -> String {
                        switch m {
                        case .fast: return "fast"
                        case .slow: return "slow"
                        case .off: return "off"
                        }
                    }
                    func spin() -> Int {
                        while true {
                            count += 1
                            if count > 2 { return count }
                        }
                    }
                }
                let p = Picker()
                let a = p.label(for: p.mode(after: 1))
                let b = p.label(for: p.mode(after: 5))
                let n = p.spin()
                print("\\(a) \\(b) \\(n)")
                """)
        #expect(logs == ["fast slow 3"])
    }
}

/// A call left of `&&` or `||` runs each time its statement does: it is hoisted, not refused (the refusal is for
/// the operand to the right, which Swift may skip).
@Suite struct HoistedCallLeftOfAndTests {
    @Test func aCallLeftOfAndIsHoisted() throws {
        let logs = try DateValueTests.logs(
            """
                var fast = true
                var count = 0
                func bump() -> Int { count += 1; return count }
                func go() {
                    if bump() > 0 && fast { print("first \\(count)") }
                    let both = (bump() > 1) && fast
                    print("both \\(both) \\(count)")
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 first 1", "0 both true 2"])
    }
}
