import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Swift dictionaries (SwiftLowering+Dictionaries.swift, docs/swift-scenarios.md "Dictionaries"): `[K: V]`
/// properties and locals, subscripts read and stored, `default:`, removals, counts, sorted keys and loops, lowered to
/// the scenario language's dictionaries, whose places retain their object values.
@Suite struct SwiftDictionaryTests {
    private static func logs(_ members: String, _ top: String, until: Int = 5) throws -> [String] {
        try DateValueTests.logs(members, top, until: until)
    }

    private static func run(_ text: String) throws -> VariantRun {
        try #require(try ScenarioRunner.run(try SwiftLanguageTests.load(text)).first)
    }

    /// The diagnostics of `text` as `id line:column`.
    private static func diagnostics(_ text: String) -> [String] {
        SwiftScenarioLoader.load(text: text, file: "D.swift").diagnostics.map {
            "\($0.id) \($0.location.line):\($0.location.column)"
        }
    }

    /// A timer per key: storing a new timer under a key, invalidating through `timers[key]?`, removing with
    /// `= nil`, counting, and invalidating every value with `values.forEach`.
    @Test func aTimerManagerKeyedByName() throws {
        let logs = try Self.logs(
            """
                private var timers: [String: Timer] = [:]
                private var fires = [String: Int]()
                var running: Int { timers.count }
                func start(_ key: String, every interval: TimeInterval) {
                    timers[key]?.invalidate()
                    timers[key] = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
                        self?.fires[key, default: 0] += 1
                    }
                }
                func stop(_ key: String) {
                    timers.removeValue(forKey: key)?.invalidate()
                    print("stopped \\(key), \\(timers.count) left, fired \\(fires[key] ?? 0)")
                }
                func stopAll() {
                    timers.values.forEach { $0.invalidate() }
                    timers.removeAll()
                    print("empty \\(timers.isEmpty), keys \\(fires.keys.sorted())")
                    for key in fires.keys.sorted() { print("\\(key): \\(fires[key, default: 0])") }
                }
            """,
            """
            let w = W()
            w.start("poll", every: 0.5)
            w.start("sync", every: 1.0)
            scenario.at(.milliseconds(1200), "stop") { w.stop("poll") }
            scenario.at(.milliseconds(2100), "all") { w.stopAll() }
            scenario.at(.milliseconds(2500), "status") { print("running \\(w.running)") }
            """, until: 3)
        #expect(
            logs == [
                "1200 stopped poll, 1 left, fired 2", "2100 empty true, keys [\"poll\", \"sync\"]", "2100 poll: 2",
                "2100 sync: 2", "2500 running 0",
            ])
    }

    /// `if let`, `guard`, `??`, `updateValue`, `removeValue(forKey:)`, a `for (key, value)` loop with `where`, and
    /// a dictionary local; a literal as a property's initial value.
    @Test func readsStoresAndLoops() throws {
        let logs = try Self.logs(
            """
                var limits = ["a": 2, "b": 5]
                func go() {
                    var seen: [Int: Bool] = [:]
                    seen[3] = true
                    if let a = limits["a"] { print("a \\(a)") }
                    guard limits["z"] == nil else { return }
                    limits.updateValue(7, forKey: "c")
                    if let b = limits.removeValue(forKey: "b") { print("b \\(b)") }
                    limits["a"]! += 1
                    var total = 0
                    for (key, value) in limits where key != "c" { total += value }
                    print("total \\(total) count \\(limits.count) seen \\(seen[3] ?? false) \\(seen.count)")
                    limits = [:]
                    print("cleared \\(limits.isEmpty)")
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 a 2", "0 b 5", "0 total 3 count 2 seen true 1", "0 cleared true"])
    }

    /// The in-flight de-duplication idiom: callers wait on one request kept under its key; when it finishes, its
    /// waiting handlers are read through the subscript (`inFlight[key]?.completions ?? []`, nil for a missing key)
    /// and called with `forEach`, and the entry is removed in a `defer`.
    @Test func aFieldIsReadThroughASubscript() throws {
        let logs = try Self.logs(
            """
                private var inFlight: [String: Pending] = [:]
                func load(_ key: String, _ done: @escaping (Int) -> Void) {
                    if let pending = inFlight[key] {
                        pending.completions.append(done)
                        return
                    }
                    let pending = Pending()
                    pending.completions.append(done)
                    inFlight[key] = pending
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                        let waiting = self.inFlight[key]?.completions ?? []
                        let none = self.inFlight["other"]?.completions ?? []
                        defer { self.inFlight[key] = nil }
                        print("\\(waiting.count) waiting, \\(none.count) other")
                        waiting.forEach { $0(7) }
                    }
                }
                func report() { print("in flight \\(inFlight.count)") }
            """,
            """
            final class Pending {
                var completions: [(Int) -> Void] = []
            }
            let w = W()
            w.load("a") { v in print("first \\(v)") }
            w.load("a") { v in print("second \\(v)") }
            scenario.at(.seconds(2), "report") { w.report() }
            """, until: 3)
        #expect(logs == ["1000 2 waiting, 0 other", "1000 first 7", "1000 second 7", "2000 in flight 0"])
    }

    /// `reduce(0, +)` sums an array or a dictionary's values (Int, or TimeInterval); an empty one sums to 0 (`0.0`);
    /// another `reduce` is refused where it is written.
    @Test func reduceSumsValues() throws {
        let logs = try Self.logs(
            """
                private var counts = ["a": 2, "b": 5]
                private var frames: [TimeInterval] = [0.25, 0.5]
                private var none: [TimeInterval] = []
                func go() {
                    let total = counts.values.reduce(0, +)
                    print("total \\(total) over \\(frames.reduce(0, +) > 0.7) none \\(none.reduce(0.0) { $0 + $1 } == 0)")
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 total 7 over true none true"])
        #expect(
            Self.diagnostics(
                """
                import Foundation
                let scenario = Scenario("d", until: .seconds(1), variants: [.ios13])
                final class W {
                    var a = [1, 2]
                    func go() { let m = a.reduce(1, *) }
                }
                """) == ["swift.unsupported 5:25"])
    }

    /// A controller kept in a dictionary of a singleton lives while its entry does: removing the key frees it.
    @Test func aDictionaryRetainsItsObjectValues() throws {
        let run = try Self.run(
            """
            import Foundation
            let scenario = Scenario("registry", until: .seconds(2), variants: [.ios13])
            final class Screen {
                let name: String
                init(name: String) { self.name = name }
                deinit { print("\\(name) deinit") }
            }
            final class Registry {
                static let shared = Registry()
                var screens: [String: Screen] = [:]
            }
            Registry.shared.screens["home"] = Screen(name: "home")
            Registry.shared.screens["cart"] = Screen(name: "cart")
            scenario.at(.seconds(1), "drop home") { Registry.shared.screens.removeValue(forKey: "home") }
            """)
        #expect(run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } == ["1000 home deinit"])
        #expect(run.outcome.findings.leaks.isEmpty)
    }

    /// A loop over a dictionary that prints shows the model's order, where Swift's is unpredictable: a warning
    /// at the loop; a loop over sorted keys, or one that prints nothing, has none.
    @Test func aPrintingLoopWarnsOfTheOrder() {
        let base = """
            import Foundation
            let scenario = Scenario("order", until: .seconds(1), variants: [.ios13])
            final class W {
                var d: [String: Int] = [:]
                func go() {
                    LOOP
                }
            }
            W().go()
            """
        #expect(
            Self.diagnostics(base.replacingOccurrences(of: "LOOP", with: "for (k, v) in d { print(\"\\(k) \\(v)\") }"))
                == ["swift.order 6:9"])
        #expect(
            Self.diagnostics(base.replacingOccurrences(of: "LOOP", with: "d.values.forEach { print($0) }"))
                == ["swift.order 6:9"])
        #expect(
            Self.diagnostics(base.replacingOccurrences(of: "LOOP", with: "for k in d.keys.sorted() { print(k) }"))
                .isEmpty)
        #expect(
            Self.diagnostics(base.replacingOccurrences(of: "LOOP", with: "var n = 0\nfor v in d.values { n += v }"))
                .isEmpty)
    }

    /// What the model does not hold is a located error.
    @Test func outsideTheSubsetIsLocated() {
        func ids(_ member: String, _ body: String = "") -> [String] {
            Self.diagnostics(
                """
                import Foundation
                let scenario = Scenario("d", until: .seconds(1), variants: [.ios13])
                final class W {
                    \(member)
                    func go() { \(body) }
                }
                """)
        }
        #expect(ids("var d: [String: [Int]] = [:]") == ["swift.unsupported 4:9"])
        #expect(ids("var d: [Double: Int] = [:]") == ["swift.unsupported 4:9"])
        #expect(ids("var d: [String: Int] = [:]", "_ = d.filter { $0.value > 1 }").first?.hasPrefix("swift.") == true)
        #expect(ids("var d: [String: Int] = [:]", "d.merge([\"a\": 1]) { $1 }") == ["swift.unsupported 5:17"])
        #expect(ids("var d: [String: Int] = [:]", "let x = d.first") == ["swift.unsupported 5:25"])
    }
}
