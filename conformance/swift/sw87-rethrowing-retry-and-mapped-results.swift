// sw87: a sync engine retries a step through a `rethrows` helper whose `() throws -> Void` closure throws, keeps a
// throwing closure in a property and calls it with `try onFailure?()`, and folds outcomes into `Result`s with
// `Result { try f() }`, `map` and `mapError`, run on this machine's Foundation and predicted by LoopSim from the same
// file. A repeating main-run-loop `Timer` drives the attempts; a typed-throwing `parse` (`throws(ParseError)`) is
// caught with its `error` switched as a `ParseError`. The Swift Programming Language, "Error Handling",
// "Declarations" › "Rethrowing Functions and Methods"; SE-0413 (typed throws); the standard library's `Result`
// (`init(catching:)`, `map`, `mapError`).
import Foundation

let scenario = Scenario(
    "sw87 rethrowing retry and mapped results", until: .seconds(3), variants: [.linuxCorelibs])

enum SyncError: Error {
    case busy
    case gone
}

enum ParseError: Error {
    case notANumber
}

final class SyncEngine {
    var busyTurns = 2
    var synced = 0
    var timer: Timer?
    var onFailure: (() throws -> Void)?

    func step() throws {
        if busyTurns > 0 {
            busyTurns -= 1
            throw SyncError.busy
        }
        synced += 1
        print("synced \(synced)")
    }

    func count() throws -> Int {
        if synced == 0 { throw SyncError.gone }
        return synced
    }

    func parse(_ text: String) throws(ParseError) -> Int {
        if text == "two" { return 2 }
        throw .notANumber
    }

    func guarded(_ body: () throws -> Void) rethrows {
        defer { print("guarded ends") }
        try body()
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    func tick() {
        do {
            try guarded { try self.step() }
            timer?.invalidate()
            timer = nil
            report()
        } catch {
            print("tick failed: \(error)")
        }
    }

    func report() {
        let counted = Result { try count() }
        let doubled = counted.map { $0 * 2 }
        switch doubled {
        case .success(let n): print("doubled \(n)")
        case .failure(let error): print("count failed: \(error)")
        }
        let parsed = Result { try parse("three") }
        let renamed = parsed.mapError { _ in SyncError.gone }
        if case .failure(let error) = renamed { print("renamed \(error)") }
        do {
            let n = try parse("two")
            print("parsed \(n)")
            let m = try parse("ten")
            print("parsed \(m)")
        } catch {
            switch error {
            case .notANumber: print("not a number")
            }
        }
    }

    func fail() {
        onFailure = {
            throw SyncError.gone
        }
        do {
            try onFailure?()
        } catch {
            print("stored closure threw \(error)")
        }
        onFailure = nil
        guarded { print("nothing thrown") }
    }
}

let engine = SyncEngine()
engine.start()

scenario.at(.seconds(2), "fail") {
    engine.fail()
}

scenario.expect(.linuxCorelibs, [
    "logs": 13,
    "logs[0].text": "guarded ends", "logs[0].at_ms": 500, "logs[1].text": "tick failed: busy",
    "logs[2].text": "guarded ends", "logs[2].at_ms": 1000, "logs[3].text": "tick failed: busy",
    "logs[4].text": "synced 1", "logs[4].at_ms": 1500, "logs[5].text": "guarded ends", "logs[6].text": "doubled 2",
    "logs[7].text": "renamed gone", "logs[8].text": "parsed 2", "logs[9].text": "not a number",
    "logs[10].text": "stored closure threw gone", "logs[10].at_ms": 2000, "logs[11].text": "nothing thrown",
    "logs[12].text": "guarded ends", "timers.fires": 3,
])
