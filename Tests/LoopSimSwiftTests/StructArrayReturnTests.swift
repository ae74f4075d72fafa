import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method that returns an array of the file's structs (SwiftLowering+StructArrayReturns.swift): it returns the
/// parallel arrays as one value (`returns: ([int], [string])`), which the `call:` or the `await:` takes into a
/// temporary of the caller's frame and unpacks, so a call's array is never shared with another call's
/// (docs/swift-scenarios.md, "Arrays of structs").
@Suite struct StructArrayReturnTests {
    /// Two tasks call the same actor's method; the first call suspends longer, so the second call starts, returns
    /// and is read before the first returns. Each caller prints the array of its own call.
    static let interleaved = """
        struct FeedItem {
            let id: Int
            var title: String
        }
        actor FeedStore {
            var calls = 0
            func page(_ n: Int, tenths: Int) async -> [FeedItem] {
                calls += 1
                let c = calls
                try? await Task.sleep(nanoseconds: UInt64(tenths) * 100_000_000)
                return (1...n).map { FeedItem(id: $0 * 10 + c, title: "p\\(c)-\\($0)") }
            }
        }
        let store = FeedStore()
        Task {
            let a = await store.page(2, tenths: 3)
            print("a \\(a.count) \\(a[0].id) \\(a[1].title)")
        }
        Task {
            let b = await store.page(3, tenths: 1)
            print("b \\(b.count) \\(b[2].id) \\(b[2].title)")
        }
        """

    @Test func twoTasksInterleavingOnOneActorEachGetTheirOwnArray() throws {
        let report = try SwiftUIKitTests.report(Self.interleaved)
        #expect(SwiftUIKitTests.logs(report) == ["b 3 32 p2-3", "a 2 11 p1-2"])
    }

    @Test func theMethodReturnsItsParallelArraysAsOneValue() throws {
        let tree = try SwiftUIKitTests.lowered(Self.interleaved)
        let store = try #require(tree.mapping?["classes"]?.mapping?["FeedStore"]?.mapping)
        let method = try #require(store["methods"]?.mapping?["page"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(method["returns"])) == "([int], [string])")
        let text = SwiftLoweringTests.render(try #require(method["do"]))
        #expect(text.contains("return: [returnedFeedItems_"), "\(text)")
    }

    /// `async throws` into a property, synchronous returns into `+=`, `append(contentsOf:)` and a local, an empty
    /// return, a `defer` before the return, a synchronous `throws` method, and the throw of the awaited one.
    @Test func asyncAndSynchronousReturnsReachEveryKindOfPlace() throws {
        let code = """
            enum Kind { case post, ad }
            enum FeedError: Error { case offline }
            struct FeedItem {
                let id: Int
                var title: String
                var kind: Kind = .post
            }
            final class FeedAPI {
                var online = true
                var served = 0
                func fetchFeed() async throws -> [FeedItem] {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    if !online { throw FeedError.offline }
                    var out: [FeedItem] = []
                    out.append(FeedItem(id: 1, title: "a"))
                    out.append(FeedItem(id: 2, title: "b", kind: .ad))
                    return out.filter { $0.kind == .post }
                }
                func parse(_ n: Int) -> [FeedItem] {
                    defer { served += 1 }
                    if n == 0 { return [] }
                    return [FeedItem(id: n, title: "parsed \\(n)")]
                }
                func parseOrThrow(_ n: Int) throws -> [FeedItem] {
                    if n < 0 { throw FeedError.offline }
                    return [FeedItem(id: n, title: "ok")]
                }
            }
            final class Screen {
                let api = FeedAPI()
                var items: [FeedItem] = []
                func load() async {
                    do {
                        items = try await api.fetchFeed()
                        print("loaded \\(items.count) \\(items[0].title)")
                        items += api.parse(5)
                        items.append(contentsOf: api.parse(6))
                        let none = api.parse(0)
                        print("now \\(items.count) last \\(items[items.count - 1].title) empty \\(none.isEmpty) served \\(api.served)")
                        let one = try api.parseOrThrow(3)
                        print("one \\(one[0].id) \\(one[0].title)")
                        _ = try api.parseOrThrow(-1)
                        print("unreached")
                    } catch {
                        print("caught")
                    }
                    api.online = false
                    do {
                        let more = try await api.fetchFeed()
                        print("unreached \\(more.count)")
                    } catch {
                        print("offline caught, kept \\(items.count)")
                    }
                }
            }
            let screen = Screen()
            Task { await screen.load() }
            """
        let report = try SwiftUIKitTests.report(code)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "loaded 1 a", "now 3 last parsed 6 empty true served 3", "one 3 ok", "caught",
                "offline caught, kept 3",
            ])
    }

    /// A top-level function's array, a completion handler called with an array literal and with a parsed array
    /// after a hop from a global queue to the main queue, and a method called with a literal.
    @Test func completionHandlersAndTopLevelFunctionsPassArrays() throws {
        let code = """
            struct FeedItem {
                let id: Int
                let title: String
            }
            func parse(_ n: Int) -> [FeedItem] {
                var out: [FeedItem] = []
                for i in 1...n {
                    out.append(FeedItem(id: i, title: "t\\(i)"))
                }
                return out
            }
            final class Loader {
                func load(_ n: Int, completion: @escaping ([FeedItem]) -> Void) {
                    DispatchQueue.global().async {
                        let items = parse(n)
                        DispatchQueue.main.async {
                            completion(items)
                        }
                    }
                }
                func placeholder(completion: @escaping ([FeedItem]) -> Void) {
                    completion([FeedItem(id: 0, title: "loading"), FeedItem(id: -1, title: "wait")])
                }
                func show(_ items: [FeedItem]) { print("show \\(items.count) \\(items[0].title)") }
            }
            let loader = Loader()
            let first = parse(2)
            print("top \\(first.count) \\(first[1].title)")
            loader.show([FeedItem(id: 9, title: "nine")])
            loader.placeholder { items in print("placeholder \\(items.count) \\(items[1].title)") }
            loader.load(3) { items in print("loaded \\(items.count) \\(items[2].title)") }
            """
        let report = try SwiftUIKitTests.report(code)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "top 2 t2", "show 1 nine", "placeholder 2 wait", "loaded 3 t3",
            ])
    }
}
