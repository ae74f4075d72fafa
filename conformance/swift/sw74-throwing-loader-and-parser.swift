// sw74: errors thrown and caught, run on this machine's Foundation and predicted by LoopSim from the same file. A
// loader's `load()` propagates the `LoadError.timeout` a throwing `checkNetwork()` throws (a plain `try` inside a
// `throws` method), logging from its `defer` on every exit; a screen catches it in `do { … } catch` and retries
// from a one-shot main-run-loop `Timer` until the load succeeds. A parser's `parse(_:)` throws `ParseError` cases:
// `try?` turns a throw into nil, a loop inside `do` stops at the first throw, `catch let error as ParseError` and
// `error is LoadError` sort the errors, and an `async throws` method is awaited with `try await` in a `Task`. The
// Swift Programming Language, "Error Handling": statements after a throw do not run, `defer` does, clauses are
// tried in order; `print` of an enum case writes its name.
import Foundation

let scenario = Scenario("sw74 throwing loader and parser", until: .seconds(3), variants: [.linuxCorelibs])

enum LoadError: Error {
    case timeout
    case offline
}

enum ParseError: Error {
    case outOfRange
    case negative
}

final class Loader {
    var slowAttempts = 2
    var attempts = 0

    func checkNetwork() throws {
        if slowAttempts > 0 {
            slowAttempts -= 1
            throw LoadError.timeout
        }
    }

    func load() throws -> Int {
        attempts += 1
        defer { print("attempt \(attempts) over") }
        try checkNetwork()
        return 40 + attempts
    }

    func fetch() async throws -> Int {
        try await Task.sleep(nanoseconds: 100_000_000)
        if attempts < 3 { throw LoadError.offline }
        return attempts
    }
}

final class Parser {
    func parse(_ raw: Int) throws -> Int {
        guard raw >= 0 else { throw ParseError.negative }
        if raw > 5 { throw ParseError.outOfRange }
        return raw
    }

    func sum(_ first: Int, _ count: Int) {
        do {
            var total = 0
            for raw in first..<(first + count) {
                total += try parse(raw)
            }
            print("sum \(total)")
        } catch let error as ParseError {
            print("parse failed: \(error)")
        } catch {
            print("other")
        }
    }
}

final class Screen {
    let loader = Loader()
    let parser = Parser()
    var retryTimer: Timer?

    func refresh() {
        do {
            let id = try loader.load()
            print("loaded \(id)")
            let small = try? parser.parse(id - 40)
            let large = try? parser.parse(id)
            print("parsed \(small ?? -1) \(large ?? -1)")
        } catch {
            if error is LoadError {
                print("load failed: \(error)")
            }
            retryTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
                self?.refresh()
            }
        }
    }
}

let screen = Screen()
screen.refresh()
screen.parser.sum(1, 3)
screen.parser.sum(4, 3)

scenario.at(.seconds(2), "fetch in a task") {
    Task { @MainActor in
        do {
            let n = try await screen.loader.fetch()
            print("fetched \(n)")
        } catch {
            print("fetch failed: \(error)")
        }
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 10,
    "logs[0].text": "attempt 1 over", "logs[1].text": "load failed: timeout",
    "logs[2].text": "sum 6", "logs[3].text": "parse failed: outOfRange",
    "logs[4].text": "attempt 2 over", "logs[4].at_ms": 500, "logs[5].text": "load failed: timeout",
    "logs[6].text": "attempt 3 over", "logs[6].at_ms": 1000, "logs[7].text": "loaded 43",
    "logs[8].text": "parsed 3 -1", "logs[9].text": "fetched 3", "logs[9].at_ms": 2100,
])
