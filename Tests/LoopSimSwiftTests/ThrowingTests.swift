import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `throws`, `throw`, `try`, `try?`, `try!` and `do`-`catch` (SwiftLowering+Throws.swift), each checked by what the
/// run logs: the Swift book, "Error Handling" — statements after a throw do not run, `defer` blocks do, a `catch`
/// clause is tried in order, an error no clause matches goes on to the caller, `try?` is nil on a throw and `try!`
/// traps.
@Suite struct ThrowingTests {
    static let header = """
        import Foundation
        let scenario = Scenario("throws", until: .seconds(5), variants: [.ios13])
        enum LoadError: Error {
            case timeout
            case offline
        }
        enum ParseError: Error {
            case badDigit
        }

        """

    /// The run's logs as "MS TEXT", and the run.
    static func run(_ body: String, file: String = "T.swift") throws -> (logs: [String], run: VariantRun) {
        let scenario = try SwiftLanguageTests.load(header + body, file: file)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return (run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }, run)
    }

    @Test func aThrowSkipsTheRestRunsDeferAndPropagatesThroughTwoMethods() throws {
        let (logs, _) = try Self.run(
            """
            final class Loader {
                var failures = 1
                func validate() throws {
                    defer { print("validate ends") }
                    if failures > 0 {
                        failures -= 1
                        throw LoadError.timeout
                    }
                    print("valid")
                }
                func load() throws -> Int {
                    try validate()
                    print("after validate")
                    return 42
                }
            }
            final class Screen {
                let loader = Loader()
                func show() {
                    do {
                        let n = try loader.load()
                        print("loaded \\(n)")
                    } catch {
                        print("failed: \\(error)")
                    }
                    print("shown")
                }
            }
            let screen = Screen()
            screen.show()
            screen.show()
            """)
        #expect(
            logs == [
                "0 validate ends", "0 failed: timeout", "0 shown",
                "0 valid", "0 validate ends", "0 after validate", "0 loaded 42", "0 shown",
            ])
    }

    @Test func catchClausesAreTriedInOrder() throws {
        let (logs, _) = try Self.run(
            """
            final class Source {
                func fail(_ code: Int) throws {
                    if code == 0 { throw LoadError.offline }
                    if code == 1 { throw LoadError.timeout }
                    throw ParseError.badDigit
                }
                func probe() {
                    for code in 0..<3 {
                        do {
                            try fail(code)
                            print("unreachable")
                        } catch LoadError.offline {
                            print("offline")
                        } catch let e as LoadError {
                            print("load \\(e)")
                        } catch is ParseError {
                            print("parse")
                        } catch {
                            print("other \\(error)")
                        }
                    }
                }
            }
            Source().probe()
            """)
        #expect(logs == ["0 offline", "0 load timeout", "0 parse"])
    }

    @Test func anErrorIsCastToItsEnumAndSwitchedOn() throws {
        let (logs, _) = try Self.run(
            """
            final class Source {
                func fail(_ code: Int) throws {
                    if code == 0 { throw LoadError.offline }
                    throw ParseError.badDigit
                }
                func probe() {
                    for code in 0..<2 {
                        do {
                            try fail(code)
                        } catch {
                            if let e = error as? LoadError { print("load \\(e)") }
                            guard !(error is LoadError) else { continue }
                            if error is ParseError || code > 5 { print("is parse") }
                            switch error {
                            case LoadError.offline: print("switch offline")
                            case is ParseError: print("switch parse")
                            default: print("switch other")
                            }
                        }
                    }
                }
            }
            Source().probe()
            """)
        #expect(logs == ["0 load offline", "0 is parse", "0 switch parse"])
    }

    @Test func anErrorNoClauseMatchesGoesOnToTheCaller() throws {
        let (logs, _) = try Self.run(
            """
            final class Inner {
                func step() throws { throw ParseError.badDigit }
                func run() throws {
                    do {
                        try step()
                    } catch LoadError.timeout {
                        print("timeout")
                    }
                    print("not after an uncaught error")
                }
            }
            final class Outer {
                let inner = Inner()
                func go() {
                    do {
                        try inner.run()
                    } catch let error as ParseError {
                        print("outer caught \\(error)")
                    } catch {
                        print("other")
                    }
                }
            }
            Outer().go()
            """)
        #expect(logs == ["0 outer caught badDigit"])
    }

    @Test func aThrowInALoopLeavesTheLoopAndTheDoBody() throws {
        let (logs, _) = try Self.run(
            """
            final class Parser {
                func digit(_ n: Int) throws -> Int {
                    guard n < 10 else { throw ParseError.badDigit }
                    return n
                }
                func parse() {
                    do {
                        for i in 8..<12 {
                            for j in 0..<2 {
                                let d = try digit(i + j)
                                print("digit \\(d)")
                            }
                            print("row \\(i)")
                        }
                        print("all digits")
                    } catch {
                        print("bad: \\(error)")
                    }
                    print("done")
                }
            }
            Parser().parse()
            """)
        #expect(logs == ["0 digit 8", "0 digit 9", "0 row 8", "0 digit 9", "0 bad: badDigit", "0 done"])
    }

    @Test func tryOptionalIsNilOnAThrow() throws {
        let (logs, _) = try Self.run(
            """
            final class Parser {
                func digit(_ n: Int) throws -> Int {
                    if n > 9 { throw ParseError.badDigit }
                    return n
                }
                func check() throws {
                    if false { throw ParseError.badDigit }
                }
                func parse() {
                    let good = try? digit(3)
                    let bad = try? digit(12)
                    print("good \\(good ?? -1) bad \\(bad ?? -1)")
                    if let value = try? digit(7) { print("seven \\(value)") }
                    try? check()
                    print("checked")
                    let fallback = (try? digit(30)) ?? 2
                    print("fallback \\(fallback)")
                }
            }
            Parser().parse()
            """)
        #expect(logs == ["0 good 3 bad -1", "0 seven 7", "0 checked", "0 fallback 2"])
    }

    @Test func tryResultGetThrowsTheFailure() throws {
        let (logs, _) = try Self.run(
            """
            final class Fetcher {
                func load(_ n: Int, completion: @escaping (Result<Int, LoadError>) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        if n > 1 { completion(.failure(.timeout)) } else { completion(.success(n * 10)) }
                    }
                }
            }
            final class Screen {
                let fetcher = Fetcher()
                func open(_ n: Int) {
                    fetcher.load(n) { result in
                        do {
                            let value = try result.get()
                            print("value \\(value)")
                        } catch {
                            print("failed \\(error)")
                        }
                    }
                }
            }
            let screen = Screen()
            screen.open(1)
            screen.open(2)
            """)
        #expect(logs == ["500 value 10", "500 failed timeout"])
    }

    @Test func tryForcedCrashesTheRunWhereItThrew() throws {
        let (logs, run) = try Self.run(
            """
            final class Parser {
                func digit(_ n: Int) throws -> Int {
                    if n > 9 { throw ParseError.badDigit }
                    return n
                }
            }
            let parser = Parser()
            scenario.at(.seconds(1)) {
                let d = try! parser.digit(4)
                print("four \\(d)")
                let e = try! parser.digit(40)
                print("never \\(e)")
            }
            """, file: "F.swift")
        #expect(logs == ["1000 four 4"])
        let crash = try #require(run.outcome.crash)
        #expect(crash.message == "F.swift:20: Fatal error: 'try!' expression unexpectedly raised an error")
        #expect(crash.at.nanoseconds == 1_000_000_000)
    }

    @Test func asyncThrowsInATaskRetries() throws {
        let (logs, _) = try Self.run(
            """
            final class Loader {
                var attempts = 0
                func fetch() async throws -> Int {
                    attempts += 1
                    try await Task.sleep(nanoseconds: 100_000_000)
                    if attempts < 3 { throw LoadError.timeout }
                    return 7
                }
            }
            let loader = Loader()
            Task {
                for _ in 0..<5 {
                    do {
                        let n = try await loader.fetch()
                        print("fetched \\(n)")
                        break
                    } catch {
                        print("retry after \\(error)")
                    }
                }
            }
            """)
        #expect(logs == ["100 retry after timeout", "200 retry after timeout", "300 fetched 7"])
    }

    @Test func aThrowReleasesTheObjectsTheMethodMade() throws {
        let (logs, _) = try Self.run(
            """
            final class Connection {
                deinit { print("connection closed") }
            }
            final class Loader {
                func load() throws {
                    let connection = Connection()
                    print("opened")
                    throw LoadError.offline
                }
            }
            final class Screen {
                let loader = Loader()
                func show() {
                    do {
                        try loader.load()
                    } catch {
                        print("caught \\(error)")
                    }
                }
            }
            Screen().show()
            """)
        #expect(logs == ["0 opened", "0 connection closed", "0 caught offline"])
    }

    /// A cancelled task's `try await Task.sleep` throws `CancellationError` into the `do` around it, also from a
    /// throwing method it calls, where `catch is CancellationError` (or a catch-all, printing `CancellationError()`)
    /// catches it; `try Task.checkCancellation()` throws it too; a file's error enum is not matched by it.
    @Test func aCancelledSleepThrowsCancellationError() throws {
        let (logs, _) = try Self.run(
            """
            final class Poller {
                private var task: Task<Void, Never>?
                private var other: Task<Void, Never>?
                func pause() async throws { try await Task.sleep(nanoseconds: 400_000_000) }
                func start() {
                    task = Task {
                        do {
                            while true {
                                try await pause()
                                print("poll")
                            }
                        } catch is CancellationError {
                            print("cancelled")
                        } catch {
                            print("other")
                        }
                    }
                    other = Task {
                        do {
                            try await Task.sleep(nanoseconds: 2_000_000_000)
                            try Task.checkCancellation()
                        } catch let e as LoadError {
                            print("load \\(e)")
                        } catch {
                            print("stopped: \\(error)")
                        }
                    }
                }
                func stop() { task?.cancel(); other?.cancel() }
            }
            let p = Poller()
            p.start()
            scenario.at(.milliseconds(1000), "stop") { p.stop() }
            """)
        #expect(logs == ["400 poll", "800 poll", "1000 cancelled", "1000 stopped: CancellationError()"])
    }

    @Test func aThrowOutsideAThrowingMethodIsRefused() {
        let loaded = SwiftScenarioLoader.load(
            text: Self.header + """
                final class Hub {
                    func f() { throw LoadError.timeout }
                }
                """, file: "R.swift")
        #expect(loaded.scenario == nil)
        let diagnostic = loaded.diagnostics.first { $0.id == "swift.unsupported" }
        #expect(diagnostic?.location.line == 11)
        #expect(diagnostic?.message.contains("do { try") == true)
    }
}

/// `return try f()` inside a `do`: the method returns only when `f` threw nothing; on a throw the `catch` runs and
/// the loop goes on (the Swift book, "Error Handling" › "Handling Errors Using Do-Catch").
@Suite struct ReturnTryTests {
    @Test func aReturnOfATriedValueWaitsForItsCheck() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("return try", until: .seconds(1), variants: [.ios13])
            enum FetchError: Error { case busy }
            final class Fetcher {
                var failures = 2
                func once(_ attempt: Int) throws -> Int {
                    print("attempt \\(attempt)")
                    if failures > 0 { failures -= 1; throw FetchError.busy }
                    return 40 + attempt
                }
                func retry() -> Int {
                    for attempt in 1...3 {
                        do {
                            return try once(attempt) * 2
                        } catch {
                            print("caught \\(error)")
                        }
                    }
                    return -1
                }
                func first() -> Int {
                    do { return try once(9) } catch { print("first failed") }
                    return 0
                }
            }
            let fetcher = Fetcher()
            print("got \\(fetcher.retry())")
            print("then \\(fetcher.first())")
            scenario.expect(.all, [
                "logs": 8, "logs[0].text": "attempt 1", "logs[1].text": "caught busy", "logs[2].text": "attempt 2",
                "logs[3].text": "caught busy", "logs[4].text": "attempt 3", "logs[5].text": "got 86",
                "logs[6].text": "attempt 9", "logs[7].text": "then 49",
            ])
            """)
    }
}
