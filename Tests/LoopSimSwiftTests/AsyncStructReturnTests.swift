import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An `async` method or an actor's method that returns a struct of the file (SwiftLowering+AsyncStructReturns.swift):
/// it returns the struct's stored properties as one value (`returns: (string, int)`), which the `await:` takes into a
/// temporary of the caller's frame and unpacks, so a call's value is never shared with another call's
/// (docs/swift-scenarios.md, "Structs"; docs/fidelity.md, "Structs returned by async methods").
@Suite struct AsyncStructReturnTests {
    /// Two tasks call the same actor's method; the first call suspends longer, so the second call starts, returns
    /// and is read before the first returns. Each caller prints the value of its own call.
    static let interleaved = """
        struct Profile {
            let name: String
            let visits: Int
            var premium: Bool = false
        }
        actor ProfileStore {
            var calls = 0
            func fetch(_ name: String, tenths: Int) async -> Profile {
                calls += 1
                let n = calls
                try? await Task.sleep(nanoseconds: UInt64(tenths) * 100_000_000)
                return Profile(name: name, visits: n * 10, premium: n > 1)
            }
        }
        let store = ProfileStore()
        Task {
            let p = await store.fetch("ann", tenths: 3)
            print("ann got \\(p.name) \\(p.visits) \\(p.premium)")
        }
        Task {
            let p = await store.fetch("bob", tenths: 1)
            print("bob got \\(p.name) \\(p.visits) \\(p.premium)")
        }
        """

    @Test func twoTasksInterleavingOnOneActorEachGetTheirOwnValue() throws {
        let report = try SwiftUIKitTests.report(Self.interleaved)
        #expect(SwiftUIKitTests.logs(report) == ["bob got bob 20 true", "ann got ann 10 false"])
    }

    /// Both calls sleep as long: both return at one instant, one right after the other on the actor, before either
    /// caller has resumed on the main actor. A value left in a field of the actor would be the second call's for both.
    @Test func twoCallsReturningAtOneInstantKeepTheirOwnValues() throws {
        let code = Self.interleaved.replacingOccurrences(of: "tenths: 3", with: "tenths: 1")
        let report = try SwiftUIKitTests.report(code)
        #expect(SwiftUIKitTests.logs(report) == ["ann got ann 10 false", "bob got bob 20 true"])
    }

    @Test func theMethodReturnsItsPartsAndTheClassHasNoHiddenFields() throws {
        let tree = try SwiftUIKitTests.lowered(Self.interleaved)
        let store = try #require(tree.mapping?["classes"]?.mapping?["ProfileStore"]?.mapping)
        #expect(store["fields"]?.mapping?["returnedProfile_name"] == nil)
        let method = try #require(store["methods"]?.mapping?["fetch"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(method["returns"])) == "(string, int, bool)")
        let text = SwiftLoweringTests.render(try #require(method["do"]))
        #expect(text.contains("return: [returnedProfile_"), "\(text)")
    }

    /// A class's `async` and `async throws` methods, awaited into a local, a property and an argument, with a
    /// ternary return and a throw.
    @Test func aClassesAsyncMethodsReturnStructsToEveryKindOfPlace() throws {
        let code = """
            enum Tier { case free, gold }
            enum LoadError: Error { case offline }
            struct Quote {
                let symbol: String
                let cents: Int
                var tier: Tier = .free
            }
            final class QuoteService {
                var tick = 0
                var online = true
                func quote(for symbol: String) async -> Quote {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    tick += 1
                    return tick > 1 ? Quote(symbol: symbol, cents: 100 + tick, tier: .gold) : Quote(symbol: "-", cents: 0)
                }
                func checked(_ symbol: String) async throws -> Quote {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    if !online { throw LoadError.offline }
                    return Quote(symbol: symbol, cents: 7)
                }
            }
            @MainActor
            final class Ticker {
                let service = QuoteService()
                var last = Quote(symbol: "?", cents: 0)
                func show(_ q: Quote) { print("show \\(q.symbol) \\(q.cents)") }
                func run() async {
                    let first = await service.quote(for: "AAPL")
                    print("first \\(first.symbol) \\(first.cents)")
                    self.last = await service.quote(for: "MSFT")
                    print("last \\(last.symbol) \\(last.cents) \\(last.tier == .gold)")
                    do {
                        let c = try await service.checked("IBM")
                        print("checked \\(c.symbol) \\(c.cents)")
                        service.online = false
                        let d = try await service.checked("HP")
                        print("unreached \\(d.cents)")
                    } catch {
                        print("caught \\(error)")
                    }
                }
            }
            let ticker = Ticker()
            Task { await ticker.run() }
            """
        let report = try SwiftUIKitTests.report(code)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "first - 0", "last MSFT 102 true", "checked IBM 7", "caught offline",
            ])
    }
}
