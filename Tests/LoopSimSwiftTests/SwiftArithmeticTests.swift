import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `*`, `/` and `%` in Swift scenarios: lowered to the language's own operators, with Swift's precedence and traps
/// (docs/scenario-format.md §6).
@Suite struct SwiftArithmeticTests {
    @Test func productsLowerAsWritten() throws {
        let steps = try SwiftLanguageTests.steps("count = (count + 1) % 3 * 2 / 1")
        #expect(steps.contains("(self.count + 1) % 3 * 2 / 1"), "\(steps)")
    }

    @Test func compoundProductsLowerToTheirOperators() throws {
        let steps = try SwiftLanguageTests.steps("count *= 2\ncount /= 3 + 1\ncount %= 5")
        #expect(
            steps == "[{set: self.count = self.count * (2)}, {set: self.count = self.count / (3 + 1)}, "
                + "{set: self.count = self.count % (5)}]", "\(steps)")
    }

    @Test func aPagerWrapsAroundAsSwiftComputesIt() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("pager", until: .seconds(2), variants: [.ios10])
            class Pager {
                var page = 0
                var pageCount = 3
                func next() {
                    page = (page + 1) % pageCount
                }
            }
            let pager = Pager()
            for _ in 0..<4 { pager.next() }
            scenario.at(.seconds(1), "look") {
                scenario.sample("page", pager.page)
                scenario.sample("half", pager.pageCount * 10 / 4)
            }
            scenario.expect(.all, ["samples[0].value": 1, "samples[1].value": 7])
            """)
    }

    @Test func divisionByZeroIsTheAppsCrash() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            let scenario = Scenario("zero", until: .seconds(2), variants: [.ios10])
            class Meter {
                var total = 10
                var samples = 0
                func average() { total = total / samples }
            }
            let meter = Meter()
            meter.average()
            """)
        let runs = try ScenarioRunner.run(scenario)
        #expect(runs.first?.outcome.crash?.message.hasPrefix("division by zero: 10 / 0") == true)
    }
}

/// `??` in Swift scenarios, and `Int?`/`Bool?` properties that start nil (docs/swift-scenarios.md).
@Suite struct SwiftNilCoalescingTests {
    @Test func anOptionalIntPropertyStartsNilAndTakesTheDefault() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("retries", until: .seconds(2), variants: [.ios10, .linuxCorelibs])
            final class Session {
                var retries: Int?
                var isMuted: Bool? = nil
                var name: String?
                func start() {
                    let attempts = retries ?? 2
                    let label = isMuted ?? false ? "muted" : "loud"
                    print("\\(label) \\(attempts) \\(name ?? "anon")")
                    if retries == nil { print("no retries yet") }
                    retries = attempts + 1
                    print("then \\(retries ?? 0)")
                }
            }
            let session = Session()
            session.start()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "loud 2 anon", "logs[1].text": "no retries yet", "logs[2].text": "then 3",
            ])
            """)
    }

    @Test func theDefaultOfAnObjectIsMadeOnlyWhenNeeded() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("cache", until: .seconds(2), variants: [.ios10])
            final class Cache {}
            final class Holder {
                var cache: Cache?
                func warm() {
                    let c = cache ?? Cache()
                    cache = c
                }
            }
            let holder = Holder()
            holder.warm()
            holder.warm()
            scenario.expect(.all, ["objects.allocated": 2, "objects.leaked": 0])
            """)
    }
}

/// Strings built from values: `+` of two strings, `n.description`, `String(n)`, printed and kept (the language's
/// interpolated string values, docs/scenario-format.md §6).
@Suite struct SwiftStringValueTests {
    @Test func stringsConcatenateAndDescribeTheirValues() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("strings", until: .seconds(2), variants: [.ios10, .linuxCorelibs])
            final class Meter {
                private let name = "meter"
                var label = "x"
                private var count = 2
                func go() {
                    print(label + " " + count.description)
                    print("n \\(count.description)")
                    let joined = String(count) + label
                    print(joined)
                    let t = "\\(name)" + "?"
                    print(t)
                    print("\\(name)" + "!")
                }
            }
            let meter = Meter()
            meter.go()
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "x 2", "logs[1].text": "n 2", "logs[2].text": "2x", "logs[3].text": "meter?",
                "logs[4].text": "meter!",
            ])
            """)
    }
}
