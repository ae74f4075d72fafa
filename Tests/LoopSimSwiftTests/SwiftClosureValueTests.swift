import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Closures kept as values (SwiftLowering+ClosureValues.swift, and the YAML steps `block:` and `callBlock:`): a
/// closure property's strong capture of self is a cycle the report finds, gone with `[weak self]`.
@Suite struct SwiftClosureValueTests {
    /// A scenario whose `Ticker` keeps `onTick`, stores `closure` into it in `start()`, and calls it in `tick()`.
    static func ticker(_ closure: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("closures", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
        class Ticker {
            var onTick: (() -> Void)?
            var count = 0
            func start() {
                self.onTick = \(closure)
            }
            func tick() {
                onTick?()
            }
        }
        var ticker: Ticker? = Ticker()
        ticker?.start()
        ticker?.tick()
        scenario.at(.seconds(1)) { ticker = nil }
        scenario.expect(.all, \(expect))
        """
    }

    @Test func aClosurePropertyIsABlockFieldStoredByBlockAndCalledBehindANilTest() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: Self.ticker("{ self.count += 1 }", expect: "[\"logs\": 0]"), file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let ticker = try #require(tree?.mapping?["classes"]?.mapping?["Ticker"])
        #expect(
            SwiftLoweringTests.render(try #require(ticker.mapping?["fields"]?.mapping?["onTick"])) == "strong block")
        let methods = try #require(ticker.mapping?["methods"])
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["start"]))
                == "[{block: self.onTick, captures: [strong self], do: [{increment: self.count}]}]")
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["tick"]))
                == "[{if: self.onTick != nil, then: [{callBlock: self.onTick}]}]")
    }

    @Test func aStrongSelfInAClosurePropertyLeaksAndAWeakSelfDoesNot() throws {
        try SwiftLanguageTests.passes(
            Self.ticker(
                "{ self.count += 1; print(\"tick\") }",
                expect: "[\"logs\": 1, \"leaks[0].class\": \"Ticker\", \"objects.deallocated\": 0]"))
        try SwiftLanguageTests.passes(
            Self.ticker(
                "{ [weak self] in self?.count += 1; print(\"tick\") }",
                expect: "[\"logs\": 1, \"objects.leaked\": 0, \"objects.deallocated\": 2]"))
    }

    @Test func aLocalClosureIsCalledAndDispatched() throws {
        let steps = try SwiftLoweringTests.probeSteps(
            """
            let work = { self.go() }
            work()
            DispatchQueue.main.async(execute: work)
            """)
        #expect(
            steps
                == "[{block: work, captures: [strong self], do: [{call: self.go}]}, {callBlock: work}, "
                + "{dispatch_async: main, captures: [strong work], do: [{callBlock: work}]}]")
    }

    @Test func closuresWithParametersAreRefusedAtTheirLine() {
        let withParameters = SwiftLanguageTests.problems("let work = { (n: Int) in self.go() }")
        #expect(withParameters.contains { $0.message.contains("a closure with parameters kept as a value") })
        let calledWithArguments = SwiftLanguageTests.problems("let work = { self.go() }\nwork(1)")
        #expect(calledWithArguments.contains { $0.message.contains("calling a closure value with arguments") })
    }

    @Test func theYAMLStepsCheckTheirPlacesTypes() {
        let yaml = """
            name: blocks
            until: 1s
            classes:
              Box:
                fields:
                  n: int
            main:
              - let: b = new Box
              - block: b.n
                do: [log: x]
              - callBlock: b.n
            """
        let diagnostics = ScenarioLoader.load(text: yaml, file: "b.yaml").diagnostics
        #expect(diagnostics.contains { $0.location.line == 9 && $0.message.contains("block: stores a block") })
        #expect(diagnostics.contains { $0.location.line == 11 && $0.message.contains("callBlock: calls a block") })
    }
}
