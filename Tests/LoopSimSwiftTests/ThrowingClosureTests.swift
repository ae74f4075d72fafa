import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Throwing closures and `rethrows` (SwiftLowering+ThrowingClosures.swift), checked by what the run logs against
/// what this machine's swiftc build of the same code prints: a closure's throw leaves it and goes on from the
/// caller's `try body()` (to its `catch`es, or out of its `throws`/`rethrows` method, its `defer` running), and a
/// `rethrows` method called with a closure that does not throw needs no `try` (the Swift book, "Declarations" ›
/// "Rethrowing Functions and Methods").
@Suite struct ThrowingClosureTests {
    @Test func aClosureThrowGoesOnFromItsCallersTry() throws {
        let logs = try ThrowingTests.run(
            """
            final class Worker {
                var failures = 2
                var onStep: (() throws -> Void)?
                func step() throws {
                    if failures > 0 {
                        failures -= 1
                        throw LoadError.timeout
                    }
                    print("stepped")
                }
                func retry(_ body: () throws -> Void) rethrows {
                    defer { print("retry ends") }
                    try body()
                    print("body done")
                }
                func attempt(_ op: () throws -> Void) {
                    do {
                        try op()
                    } catch {
                        print("attempt caught \\(error)")
                    }
                }
                func run() {
                    do {
                        try retry { try self.step() }
                    } catch {
                        print("caught \\(error)")
                    }
                    attempt { try self.step() }
                    attempt { print("plain") }
                    retry { print("no throw") }
                    onStep = { [weak self] in
                        guard let self else { return }
                        throw LoadError.offline
                    }
                    do {
                        try onStep?()
                    } catch {
                        print("stored closure threw \\(error)")
                    }
                    onStep = nil
                }
            }
            let w = Worker()
            w.run()
            scenario.at(.seconds(1), "retry from a timer") {
                Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                    w.attempt { try w.step() }
                }
            }
            """
        ).logs
        #expect(
            logs == [
                "0 retry ends", "0 caught timeout", "0 attempt caught timeout", "0 plain", "0 no throw",
                "0 body done", "0 retry ends", "0 stored closure threw offline", "1500 stepped",
            ])
    }

    @Test func tryOptionalOfAThrowingClosureSwallowsTheError() throws {
        let logs = try ThrowingTests.run(
            """
            final class Runner {
                func run(_ body: () throws -> Void) {
                    try? body()
                    print("after try?")
                }
            }
            Runner().run { throw ParseError.badDigit }
            """
        ).logs
        #expect(logs == ["0 after try?"])
    }

    @Test func aForcedTryStatementTrapsOnAThrowOfAMethodOrAClosure() throws {
        let (logs, run) = try ThrowingTests.run(
            """
            final class Runner {
                var n = 0
                func check() throws {
                    n += 1
                    if n > 1 { throw LoadError.timeout }
                }
                func run(_ body: () throws -> Void) {
                    try! check()
                    print("first ok")
                    try! body()
                    print("never")
                }
            }
            Runner().run { throw LoadError.timeout }
            """, file: "F.swift")
        #expect(logs == ["0 first ok"])
        let crash = try #require(run.outcome.crash)
        #expect(crash.message == "F.swift:19: Fatal error: 'try!' expression unexpectedly raised an error")
    }

    @Test func aClosureKeptByOneClassIsCalledByAnother() throws {
        let logs = try ThrowingTests.run(
            """
            final class Worker {
                var onStep: (() throws -> Void)?
            }
            final class Driver {
                let worker = Worker()
                func drive() {
                    worker.onStep = { throw LoadError.offline }
                    do {
                        try worker.onStep?()
                        print("never")
                    } catch {
                        print("driver caught \\(error)")
                    }
                }
            }
            Driver().drive()
            """
        ).logs
        #expect(logs == ["0 driver caught offline"])
    }
}
