// sw139: arrays of structs returned and passed. A loader parses on a global queue (`func parse(_:) -> [Article]`, a
// synchronous return) and hands the array to a completion handler on the main queue (`@escaping ([Article]) ->
// Void`, called with a literal once and with the parsed array once). An actor's `async` method returns an array made
// by `map`; a second task calls it while the first call sleeps (actor reentrancy, SE-0306), and each caller reads
// its own call's array. A class's `async throws` method returns a filtered array to `try await`, stored in a
// property, extended with `+=` and `append(contentsOf:)`, then throws into the `catch`. A repeating Timer counts
// ticks meanwhile. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw139 arrays of structs returned and passed", until: .seconds(2), variants: [.linuxCorelibs])

enum Kind { case post, ad }
enum FeedError: Error { case offline }

struct Article {
    let id: Int
    var title: String
    var kind: Kind = .post
}

final class Loader {
    func parse(_ n: Int) -> [Article] {
        if n == 0 { return [] }
        var out: [Article] = []
        for i in 1...n {
            out.append(Article(id: i, title: "a\(i)"))
        }
        return out
    }

    func load(_ n: Int, completion: @escaping ([Article]) -> Void) {
        DispatchQueue.global().async {
            let parsed = self.parse(n)
            DispatchQueue.main.async {
                completion(parsed)
            }
        }
    }

    func placeholder(completion: @escaping ([Article]) -> Void) {
        DispatchQueue.main.async {
            completion([Article(id: 0, title: "loading")])
        }
    }
}

actor FeedStore {
    var calls = 0

    func page(_ n: Int, tenths: Int) async -> [Article] {
        calls += 1
        let c = calls
        try? await Task.sleep(nanoseconds: UInt64(tenths) * 100_000_000)
        return (1...n).map { Article(id: $0 * 10 + c, title: "p\(c)-\($0)") }
    }
}

final class FeedAPI {
    var online = true

    func fetchFeed() async throws -> [Article] {
        try? await Task.sleep(nanoseconds: 100_000_000)
        if !online { throw FeedError.offline }
        var all: [Article] = []
        all.append(Article(id: 1, title: "news"))
        all.append(Article(id: 2, title: "promo", kind: .ad))
        return all.filter { $0.kind == .post }
    }
}

final class Screen {
    let api = FeedAPI()
    let loader = Loader()
    var items: [Article] = []
    var ticks = 0

    func refresh() async {
        do {
            items = try await api.fetchFeed()
            print("fetched \(items.count) \(items[0].title) at tick \(ticks)")
            items += loader.parse(2)
            items.append(contentsOf: loader.parse(1))
            let none = loader.parse(0)
            print("now \(items.count) last \(items[items.count - 1].title) none \(none.isEmpty)")
            api.online = false
            let more = try await api.fetchFeed()
            print("unreached \(more.count)")
        } catch {
            print("offline at tick \(ticks), kept \(items.count)")
        }
    }
}

let store = FeedStore()
let screen = Screen()
let ticker = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { _ in screen.ticks += 1 }
screen.loader.placeholder { items in
    print("placeholder \(items.count) \(items[0].title)")
}
screen.loader.load(3) { items in
    print("loaded \(items.count) \(items[2].title)")
}
Task { @MainActor in
    let a = await store.page(2, tenths: 5)
    print("first page \(a.count) \(a[0].id) \(a[1].title)")
    await screen.refresh()
    ticker.invalidate()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    Task { @MainActor in
        let b = await store.page(3, tenths: 1)
        print("second page \(b.count) \(b[2].id) \(b[2].title)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 7,
    "logs[0].text": "placeholder 1 loading", "logs[0].at_ms": 0,
    "logs[1].text": "loaded 3 a3", "logs[1].at_ms": 0,
    "logs[2].text": "second page 3 32 p2-3", "logs[2].at_ms": 200,
    "logs[3].text": "first page 2 11 p1-2", "logs[3].at_ms": 500,
    "logs[4].text": "fetched 1 news at tick 2", "logs[4].at_ms": 600,
    "logs[5].text": "now 4 last a1 none true", "logs[5].at_ms": 600,
    "logs[6].text": "offline at tick 2, kept 4", "logs[6].at_ms": 700,
])
