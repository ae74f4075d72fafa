import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A class's method that returns a struct of the file (SwiftLowering+StructReturns.swift): each `return` stores the
/// value into the object's hidden fields `returnedS_…`, and the caller copies them into temporaries right after the
/// call, so each call's value is its own (docs/swift-scenarios.md, "Structs").
@Suite struct StructReturnTests {
    static let feed = """
        enum Trend { case up, down }
        struct Quote {
            let symbol: String
            let cents: Int
            var trend: Trend = .up
        }
        final class Feed {
            var refreshes = 0
            var last = Quote(symbol: "-", cents: 0)
            func makeQuote() -> Quote {
                refreshes += 1
                if refreshes > 2 {
                    return Quote(symbol: "AAPL", cents: 100 + refreshes, trend: .down)
                }
                let q = Quote(symbol: "MSFT", cents: refreshes)
                return q
            }
            func lastQuote() -> Quote { self.last }
            func pick(_ fresh: Bool) -> Quote {
                return fresh ? Quote(symbol: "NEW", cents: 1) : last
            }
            func render(_ quote: Quote) { print("render \\(quote.symbol) \\(quote.cents)") }
            func tick() {
                let q = makeQuote()
                print("got \\(q.symbol) \\(q.cents)")
                self.last = makeQuote()
                print("last \\(last.symbol) \\(last.cents)")
                render(makeQuote())
                let again = lastQuote()
                print("again \\(again.symbol) \\(again.cents)")
                print("picked \\(pick(false).symbol) \\(pick(true).cents)")
                _ = makeQuote()
                print("cents \\(makeQuote().cents)")
                if makeQuote().trend == .down { print("down \\(refreshes)") }
            }
        }
        let feed = Feed()
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { feed.tick() }
        """

    @Test func eachCallTakesItsOwnReturnedStruct() throws {
        let report = try SwiftUIKitTests.report(Self.feed)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "got MSFT 1", "last MSFT 2", "render AAPL 103", "again MSFT 2", "picked MSFT 1", "cents 105",
                "down 6",
            ])
    }

    @Test func theMethodReturnsNothingAndLeavesTheValueInHiddenFields() throws {
        let tree = try SwiftUIKitTests.lowered(Self.feed)
        let feed = try #require(tree.mapping?["classes"]?.mapping?["Feed"]?.mapping)
        let fields = try #require(feed["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["returnedQuote_symbol"])) == "string")
        #expect(SwiftLoweringTests.render(try #require(fields["returnedQuote_cents"])) == "int")
        #expect(fields["returnedQuote_trend"] != nil)
        let method = try #require(feed["methods"]?.mapping?["makeQuote"])
        #expect(method.mapping?["returns"] == nil)
        let text = SwiftLoweringTests.render(method)
        #expect(text.contains("self.returnedQuote_cents = 100 + self.refreshes"), "\(text)")
    }

    @Test func twoCallsInOneStatementKeepTheirOwnValues() throws {
        let code = """
            struct Point { var x: Int; var y: Int }
            final class Walker {
                var n = 0
                func step() -> Point {
                    n += 1
                    return Point(x: n, y: n * 10)
                }
                func go() { print("\\(step().x) \\(step().y)") }
            }
            let w = Walker()
            w.go()
            """
        #expect(SwiftUIKitTests.logs(try SwiftUIKitTests.report(code)) == ["1 20"])
    }

    @Test func aCallFromAnotherThreadCopiesBeforeAnyOtherThreadRuns() throws {
        // two queues call the same object's method at once; each gets the value of its own call
        let code = """
            struct Stamp { let id: Int; let label: String }
            final class Counter {
                var n = 0
                func next(_ label: String) -> Stamp {
                    n += 1
                    Thread.sleep(forTimeInterval: 0.1)
                    return Stamp(id: n, label: label)
                }
            }
            let c = Counter()
            DispatchQueue.global().async { let s = c.next("a"); print("a \\(s.id) \\(s.label)") }
            DispatchQueue.global().async { let s = c.next("b"); print("b \\(s.id) \\(s.label)") }
            """
        // both increments happen before either sleep ends, so both read `n` 2; each label is its own call's
        #expect(SwiftUIKitTests.logs(try SwiftUIKitTests.report(code)) == ["a 2 a", "b 2 b"])
    }
}
