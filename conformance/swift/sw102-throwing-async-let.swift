// sw102: `async let` of a throwing method (SE-0317). Each child starts at once; `try await a` takes its value or
// rethrows its error. A child the scope leaves without awaiting (its sibling threw first) is cancelled and awaited
// on the way out: its sleep throws `CancellationError` at once, so the error reaches the caller at 200 ms, not
// 500 ms. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw102 throwing async let", until: .seconds(2), variants: [.linuxCorelibs])

enum LoadError: Error {
    case notFound
}

final class Loader {
    func load(_ id: Int) async throws -> Int {
        try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
        if id == 2 { throw LoadError.notFound }
        return id * 10
    }

    func slowLoad() async throws -> Int {
        do {
            try await Task.sleep(nanoseconds: 500_000_000)
        } catch {
            print("slow cancelled")
            throw error
        }
        return 5
    }

    func both(_ x: Int, _ y: Int) async throws -> Int {
        async let a = load(x)
        async let b = load(y)
        let first = try await a
        print("first \(first)")
        let second = try await b
        return first + second
    }

    func firstFails() async throws -> Int {
        async let s = slowLoad()
        async let f = load(2)
        let failed = try await f
        let slow = try await s
        return failed + slow
    }
}

let loader = Loader()
Task { @MainActor in
    do {
        let n = try await loader.both(1, 3)
        print("sum \(n)")
        let m = try await loader.both(1, 2)
        print("not reached \(m)")
    } catch {
        print("caught \(error)")
    }
    do {
        let n = try await loader.firstFails()
        print("not reached \(n)")
    } catch {
        print("caught again \(error)")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "first 10", "logs[0].at_ms": 100,
    "logs[1].text": "sum 40", "logs[1].at_ms": 300,
    "logs[2].text": "first 10", "logs[2].at_ms": 400,
    "logs[3].text": "caught notFound", "logs[3].at_ms": 500,
    "logs[4].text": "slow cancelled", "logs[4].at_ms": 700,
    "logs[5].text": "caught again notFound", "logs[5].at_ms": 700,
])
