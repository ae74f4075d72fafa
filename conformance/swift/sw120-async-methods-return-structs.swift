// sw120: `async` and actor methods that return a struct of the file. An actor's method suspends inside (a sleep)
// while a second task calls it on the same actor (actor reentrancy, SE-0306): the second call returns first, and
// each caller reads the value of its own call after its `await`. A class's `async throws` method returns a struct
// to a `try await`, then throws into the `catch`; an `async let` child returns a struct awaited with a second child
// as a tuple. A main-queue `asyncAfter` starts the second task; a repeating Timer counts ticks meanwhile. Real and
// simulated on Linux.
import Foundation

let scenario = Scenario("sw120 async methods return structs", until: .seconds(2), variants: [.linuxCorelibs])

enum Tier { case free, gold }
enum FetchError: Error { case offline }

struct Profile {
    let name: String
    let visits: Int
    var tier: Tier = .free
}

actor ProfileStore {
    var calls = 0

    func fetch(_ name: String, tenths: Int) async -> Profile {
        calls += 1
        let n = calls
        try? await Task.sleep(nanoseconds: UInt64(tenths) * 100_000_000)
        return Profile(name: name, visits: n * 10, tier: n > 1 ? .gold : .free)
    }
}

final class Backend {
    var online = true

    func checked(_ name: String) async throws -> Profile {
        try? await Task.sleep(nanoseconds: 100_000_000)
        if !online { throw FetchError.offline }
        return Profile(name: name, visits: 1)
    }

    func latest() async -> Profile {
        try? await Task.sleep(nanoseconds: 300_000_000)
        return Profile(name: "eve", visits: 5, tier: .gold)
    }

    func count() async -> Int {
        try? await Task.sleep(nanoseconds: 200_000_000)
        return 3
    }
}

final class Screen {
    let backend = Backend()
    var ticks = 0

    func load() async {
        do {
            let p = try await backend.checked("cy")
            print("checked \(p.name) \(p.visits)")
            backend.online = false
            let q = try await backend.checked("dee")
            print("unreached \(q.visits)")
        } catch {
            print("caught at tick \(ticks)")
        }
        async let first = backend.latest()
        async let n = backend.count()
        let (e, c) = await (first, n)
        print("async let \(e.name) \(e.visits) \(c) \(e.tier == .gold) at tick \(ticks)")
    }
}

let store = ProfileStore()
let screen = Screen()
let ticker = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { _ in screen.ticks += 1 }
Task { @MainActor in
    let a = await store.fetch("ann", tenths: 5)
    print("ann got \(a.name) \(a.visits) \(a.tier == .gold)")
    await screen.load()
    ticker.invalidate()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
    Task { @MainActor in
        let b = await store.fetch("bob", tenths: 1)
        print("bob got \(b.name) \(b.visits) \(b.tier == .gold)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].text": "bob got bob 20 true", "logs[0].at_ms": 200,
    "logs[1].text": "ann got ann 10 false", "logs[1].at_ms": 500,
    "logs[2].text": "checked cy 1", "logs[2].at_ms": 600,
    "logs[3].text": "caught at tick 2", "logs[3].at_ms": 700,
    "logs[4].text": "async let eve 5 3 true at tick 3", "logs[4].at_ms": 1000,
])
