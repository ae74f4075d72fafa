import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Closures called for their value (`compute: () -> Int`, `format: (Int) -> String`): the block returns its value
/// to the very `callBlock:` that called it (SwiftLowering+ClosureResults.swift).
@Suite struct ClosureResultTests {
    /// A get-or-compute cache: the closure runs once, its value is stored and returned; the second read finds it.
    @Test func aCacheComputesOnceAndReturnsTheClosuresValue() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("cache", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Cache {
                private var heights: [String: Int] = [:]
                func height(for key: String, orCompute compute: () -> Int) -> Int {
                    if let cached = heights[key] { return cached }
                    let value = compute()
                    heights[key] = value
                    return value
                }
            }
            final class Screen {
                let cache = Cache()
                var measured = 0
                func row(_ id: String) {
                    let h = cache.height(for: id) {
                        measured += 1
                        print("measuring \\(id)")
                        return 80 + measured
                    }
                    print("row \\(id) height \\(h)")
                }
            }
            let screen = Screen()
            screen.row("a")
            screen.row("a")
            screen.row("b")
            """)
        for run in try ScenarioRunner.run(scenario) {
            #expect(
                run.outcome.logs.map(\.text) == [
                    "measuring a", "row a height 81", "row a height 81", "measuring b", "row b height 82",
                ], "\(run.variant)")
        }
    }

    /// A one-expression closure with a parameter, kept in a property, and a `Bool`-returning one as a value in an
    /// `if` condition.
    @Test func storedClosuresWithParametersReturnValues() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("format", until: .seconds(1), variants: [.ios13])
            final class Label {
                var format: (Int) -> String
                var accepts: (Int) -> Bool
                init() {
                    format = { n in "n=\\(n)" }
                    accepts = { $0 > 2 }
                }
                func show(_ n: Int) {
                    let text = format(n)
                    let ok = accepts(n)
                    if ok { print("show \\(text)") } else { print("hide \\(text)") }
                }
            }
            let label = Label()
            label.show(1)
            label.show(3)
            label.format = { n in
                if n > 2 { return "many" }
                return "few"
            }
            label.show(5)
            """)
        for run in try ScenarioRunner.run(scenario) {
            #expect(run.outcome.logs.map(\.text) == ["hide n=1", "show n=3", "show many"], "\(run.variant)")
        }
    }

    /// The lowered tree: the literal is a `block:` with `returns: int`, the call a `callBlock:` with `result:`.
    @Test func theLoweringUsesBlockReturnsAndCallBlockResult() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("measure", until: .seconds(1), variants: [.ios13])
                final class Meter {
                    func measure(_ body: () -> Int) -> Int {
                        let v = body()
                        return v * 2
                    }
                }
                let meter = Meter()
                let twice = meter.measure { 21 }
                print("got \\(twice)")
                """, file: "M.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let yaml = SwiftLoweringTests.render(try #require(tree))
        #expect(yaml.contains("returns: int"))
        #expect(yaml.contains("callBlock: body"))
        #expect(yaml.contains("result: value"))
    }
}
