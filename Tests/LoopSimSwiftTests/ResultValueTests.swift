import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Result` kept in properties (optional or not) and locals (SwiftLowering+ResultValues.swift), each checked by what
/// the run logs: the standard library's `Result<Success, Failure>` is `.success(Success)` or `.failure(Failure)`,
/// `get()` returns the success or throws the failure, and an enum case pattern matches through an optional (the
/// Swift book, "Patterns"). Expected logs are what this machine's `swiftc` build of the same code prints.
@Suite struct ResultValueTests {
    /// The run's logs as "MS TEXT" (ThrowingTests' header: `LoadError`, `ParseError`).
    static func run(_ body: String) throws -> [String] {
        try ThrowingTests.run(body).logs
    }

    /// The error messages of loading `body` after ThrowingTests' header.
    static func errors(_ body: String) -> [String] {
        let loaded = SwiftScenarioLoader.load(text: ThrowingTests.header + body, file: "R.swift")
        return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.location.line): \($0.message)" }
    }

    @Test func aResultPropertyIsStoredSwitchedAndPassedOn() throws {
        let logs = try Self.run(
            """
            final class Cache {
                var lastResult: Result<Int, LoadError>?
                var current: Result<Int, LoadError> = .success(0)
                var stores = 0
                func store(_ value: Int) {
                    stores += 1
                    if stores % 2 == 0 {
                        self.lastResult = .failure(.timeout)
                    } else {
                        lastResult = .success(value)
                    }
                    current = lastResult!
                }
                func report(_ completion: (Result<Int, LoadError>) -> Void) {
                    if lastResult == nil {
                        print("nothing yet")
                        return
                    }
                    completion(lastResult!)
                }
                func describe() {
                    switch current {
                    case .success(let v): print("ok \\(v)")
                    case .failure(let e): print("bad \\(e)")
                    }
                    if case .failure = lastResult { print("last failed") }
                }
            }
            let cache = Cache()
            cache.describe()
            cache.report { r in print("never") }
            cache.store(5)
            cache.report { r in
                if case .success(let v) = r { print("reported \\(v)") }
            }
            cache.describe()
            cache.store(6)
            cache.report { r in
                if case .failure(let e) = r { print("reported error \\(e)") }
            }
            cache.describe()
            """)
        #expect(
            logs == [
                "0 ok 0", "0 nothing yet", "0 reported 5", "0 ok 5", "0 reported error timeout", "0 bad timeout",
                "0 last failed",
            ])
    }

    @Test func anOptionalResultIsUnwrappedBoundClearedAndSwitchedWithNil() throws {
        let logs = try Self.run(
            """
            final class Cache {
                var last: Result<String, LoadError>?
                func show() {
                    switch last {
                    case .success(let s)?: print("value \\(s)")
                    case .failure(let e)?: print("error \\(e)")
                    case nil: print("empty")
                    }
                    if let r = last {
                        guard case .success(let s) = r else {
                            print("bound a failure")
                            return
                        }
                        print("bound \\(s)")
                    }
                }
            }
            let cache = Cache()
            cache.show()
            cache.last = .success("ready")
            cache.show()
            cache.last = .failure(.offline)
            cache.show()
            cache.last = nil
            print("cleared \\(cache.last == nil)")
            cache.show()
            """)
        #expect(
            logs == [
                "0 empty", "0 value ready", "0 bound ready", "0 error offline", "0 bound a failure", "0 cleared true",
                "0 empty",
            ])
    }

    @Test func getThrowsTheFailureSkippingTheRestAndRunningDefer() throws {
        let logs = try Self.run(
            """
            final class Cache {
                var current: Result<Int, LoadError> = .success(2)
                func doubled() throws -> Int {
                    defer { print("doubled ends") }
                    let r = current
                    let v = try r.get()
                    print("got \\(v)")
                    return v * 2
                }
                func probe() {
                    do {
                        let n = try doubled()
                        print("n \\(n)")
                    } catch {
                        print("caught \\(error)")
                    }
                    let maybe = try? current.get()
                    print("maybe \\(maybe ?? -1)")
                }
            }
            let cache = Cache()
            cache.probe()
            cache.current = .failure(.timeout)
            cache.probe()
            """)
        #expect(
            logs == [
                "0 got 2", "0 doubled ends", "0 n 4", "0 maybe \\(maybe ?? -1)", "0 doubled ends", "0 caught timeout",
                "0 maybe \\(maybe ?? -1)",
            ])
    }

    @Test func aResultLocalIsCapturedByATimerAndAnObjectInASuccessLivesWithIt() throws {
        let (logs, run) = try ThrowingTests.run(
            """
            final class User {
                deinit { print("User deinit") }
            }
            final class Holder {
                var last: Result<User, LoadError>?
                func keep() {
                    let r: Result<User, LoadError> = .success(User())
                    last = r
                    Timer.scheduledTimer(withTimeInterval: 1.0, repeats: false) { _ in
                        if case .success = r { print("timer sees a user") }
                    }
                }
                func drop() {
                    last = .failure(.offline)
                    print("dropped")
                }
            }
            let holder = Holder()
            holder.keep()
            scenario.at(.seconds(2), "drop") { holder.drop() }
            """)
        // The store lets the user go at once (the timer's closure, which held it too, went when the one-shot timer fired).
        #expect(logs == ["1000 timer sees a user", "2000 User deinit", "2000 dropped"])
        #expect(run.outcome.findings.leaks.isEmpty)
    }

    @Test func aMethodReturnsAResultThatIsSwitchedStoredReturnedAndPassedOn() throws {
        let logs = try Self.run(
            """
            final class Loader {
                var calls = 0
                var last: Result<Int, LoadError>?
                func load() -> Result<Int, LoadError> {
                    calls += 1
                    if calls == 2 {
                        return .failure(.timeout)
                    }
                    return .success(calls * 10)
                }
                func relay() -> Result<Int, LoadError> {
                    return load()
                }
                func run(completion: (Result<Int, LoadError>) -> Void) {
                    let r = load()
                    switch r {
                    case .success(let v): print("first \\(v)")
                    case .failure(let e): print("first failed \\(e)")
                    }
                    last = relay()
                    if case .failure(let e) = last { print("last failed \\(e)") }
                    completion(load())
                    if case .success(let v) = load() { print("fourth \\(v)") }
                }
            }
            let loader = Loader()
            loader.run { r in
                switch r {
                case .success(let v): print("completed \\(v)")
                case .failure: print("completed with an error")
                }
            }
            """)
        #expect(logs == ["0 first 10", "0 last failed timeout", "0 completed 30", "0 fourth 40"])
    }

    @Test func resultCatchingMapAndMapErrorMakeNewResults() throws {
        let logs = try Self.run(
            """
            final class Parser {
                var n = 0
                var last: Result<Int, Error>?
                func parse() throws -> Int {
                    n += 1
                    if n % 2 == 0 { throw LoadError.timeout }
                    return n * 10
                }
                func typed() throws(ParseError) -> Int { throw .badDigit }
                func run() {
                    let r = Result { try parse() }
                    switch r {
                    case .success(let v): print("ok \\(v)")
                    case .failure(let e): print("failed \\(e)")
                    }
                    last = Result(catching: { try parse() })
                    if case .failure(let e) = last { print("last failed \\(e)") }
                    let doubled = r.map { $0 * 2 }
                    if case .success(let v) = doubled { print("doubled \\(v)") }
                    let t = Result { try typed() }
                    let renamed = t.mapError { _ in LoadError.offline }
                    switch renamed {
                    case .success: print("never")
                    case .failure(let e): print("renamed \\(e)")
                    }
                    let big = r.map { v in v > 5 }
                    if case .success(true) = big { print("big") }
                }
            }
            Parser().run()
            """)
        // swiftc's build of the same code prints these lines.
        #expect(logs == ["0 ok 10", "0 last failed timeout", "0 doubled 20", "0 renamed offline", "0 big"])
    }

    @Test func aStaticFuncReturnsAResultFromTheTypeObject() throws {
        let logs = try Self.run(
            """
            final class Parser {
                static func parse(_ s: String) -> Result<Int, ParseError> {
                    if s.isEmpty { return .failure(.badDigit) }
                    return .success(s.count)
                }
                var last: Result<Int, ParseError>?
                func run() {
                    for s in ["", "abc"] {
                        switch Parser.parse(s) {
                        case .success(let n): print("parsed \\(n)")
                        case .failure(let e): print("failed \\(e)")
                        }
                    }
                    last = Self.parse("ab")
                    if case .success(let n)? = last { print("last \\(n)") }
                }
            }
            Parser().run()
            """)
        #expect(logs == ["0 failed badDigit", "0 parsed 3", "0 last 2"])
    }

    @Test func flatMapCallsItsClosureOnlyOnASuccessAndATernaryReturnsEitherCase() throws {
        let logs = try Self.run(
            """
            final class Parser {
                var calls = 0
                func check(_ n: Int) -> Result<Int, ParseError> {
                    calls += 1
                    return n < 0 ? .failure(.badDigit) : .success(n + 1)
                }
                func read(_ s: String) -> Result<Int, LoadError> {
                    s.isEmpty ? .failure(.offline) : .success(s.count - 3)
                }
                func run() {
                    for s in ["", "ab", "abcde"] {
                        let r = read(s).mapError { _ in ParseError.badDigit }.flatMap { check($0) }
                        switch r {
                        case .success(let n): print("ok \\(n)")
                        case .failure(let e): print("failed \\(e)")
                        }
                    }
                    let wrapped = read("abcd").flatMap { v in .success(v * 10) }
                    if case .success(let n) = wrapped { print("wrapped \\(n)") }
                    print("calls \\(calls)")
                }
            }
            Parser().run()
            """)
        // swiftc's build of the same code prints these lines: `check` runs for the two successes only.
        #expect(logs == ["0 failed badDigit", "0 failed badDigit", "0 ok 3", "0 wrapped 10", "0 calls 2"])
    }

    @Test func whatIsNotModelledIsRefusedAtItsPlace() {
        for (code, fragment) in [
            (
                "final class C { var r: Result<Int, LoadError> = .success(1)\n func f() { let x = r\n if case .success = x { } } }",
                ""
            ),
            ("final class C { var r: Result<Int, LoadError>?\n func f() { let x = r } }", "an optional `Result` local"),
            ("final class C { var r: Result<Int, LoadError> = .success(1)\n func f() { r = nil } }", "not optional"),
            (
                "final class C { var r: Result<Int, LoadError> = .success(1)\n func f() { if r == r { print(1) } } }",
                "`==`"
            ),
            (
                "final class C { var r: Result<Int, LoadError> = .success(1)\n func f() { let n = r.hashValue } }",
                "as a value"
            ),
        ] {
            let messages = Self.errors(code + "\nlet c = C()\nc.f()\n")
            if fragment.isEmpty {
                #expect(messages.isEmpty, "\(code): \(messages)")
            } else {
                #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
            }
        }
    }
}
