import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Error enums whose cases carry values (SwiftLowering+ErrorPayloads.swift), each checked by what the run logs: a
/// thrown case keeps its values through every method it leaves, a `catch`, `switch` or `if case` pattern binds them,
/// a `Result`'s failure carries them, and `print` writes Swift's text, `server(code: 503)` (measured with swiftc,
/// conformance sw89).
@Suite struct ErrorPayloadTests {
    static let header = """
        import Foundation
        let scenario = Scenario("payload errors", until: .seconds(5), variants: [.ios13])
        enum NetError: Error {
            case offline
            case server(code: Int)
            case slow(Int, retry: Bool)
        }

        """

    /// The run's logs as "MS TEXT".
    static func logs(_ body: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(header + body, file: "P.swift")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// The error diagnostics of a file.
    static func errors(_ body: String) -> [Diagnostic] {
        SwiftScenarioLoader.load(text: header + body, file: "P.swift").diagnostics.filter { $0.severity == .error }
    }

    @Test func aCatchPatternBindsTheValueAndAnotherErrorFallsToThePlainCatch() throws {
        let logs = try Self.logs(
            """
            final class SignUp {
                var attempts = 0
                func validate(_ status: Int) throws {
                    attempts += 1
                    defer { print("attempt \\(attempts) checked") }
                    guard status != 0 else { throw NetError.offline }
                    guard status < 500 else { throw NetError.server(code: status) }
                    print("valid \\(status)")
                }
                func tap(_ status: Int) {
                    do {
                        try validate(status)
                        print("created")
                    } catch NetError.server(let code) {
                        print("server says \\(code)")
                    } catch {
                        print("error: \\(error)")
                    }
                }
            }
            let s = SignUp()
            s.tap(0)
            s.tap(503)
            s.tap(200)
            """)
        #expect(
            logs == [
                "0 attempt 1 checked", "0 error: offline", "0 attempt 2 checked", "0 server says 503", "0 valid 200",
                "0 attempt 3 checked", "0 created",
            ])
    }

    @Test func aWhereClauseIsTestedAfterItsPatternAndAFailedOneTriesTheNextCatch() throws {
        let logs = try Self.logs(
            """
            final class Client {
                func fetch(_ status: Int) throws {
                    if status == 1 { throw NetError.slow(3, retry: true) }
                    throw NetError.server(code: status)
                }
                func run(_ status: Int) {
                    do {
                        try fetch(status)
                    } catch let NetError.server(code) where code >= 500 {
                        print("down \\(code)")
                    } catch NetError.server(let code) {
                        print("refused \\(code)")
                    } catch NetError.slow(_, let retry) where retry {
                        print("retry")
                    } catch {
                        print("other \\(error)")
                    }
                }
            }
            let c = Client()
            c.run(503)
            c.run(404)
            c.run(1)
            """)
        #expect(logs == ["0 down 503", "0 refused 404", "0 retry"])
    }

    @Test func aThrownCaseKeepsItsValuesThroughTwoThrowingMethods() throws {
        let logs = try Self.logs(
            """
            final class Store {
                var status = 502
                func fetch() throws -> Int {
                    if status >= 500 { throw NetError.server(code: status) }
                    return status
                }
                func load() throws -> Int {
                    let n = try fetch()
                    print("fetched")
                    return n + 1
                }
                func refresh() throws {
                    let n = try load()
                    print("loaded \\(n)")
                }
                func run() {
                    do {
                        try refresh()
                    } catch let e as NetError {
                        switch e {
                        case .server(let code) where code > 501: print("server \\(code)")
                        case .server: print("some server error")
                        case .slow(let n, _): print("slow \\(n)")
                        case .offline: print("offline")
                        }
                    } catch {
                        print("unknown")
                    }
                }
            }
            let s = Store()
            s.run()
            s.status = 7
            s.run()
            """)
        #expect(logs == ["0 server 502", "0 fetched", "0 loaded 8"])
    }

    @Test func aResultFailureCarriesItsValuesThroughACompletion() throws {
        let logs = try Self.logs(
            """
            final class Service {
                var next = 200
                func load(completion: @escaping (Result<Int, NetError>) -> Void) {
                    let status = next
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                        let result: Result<Int, NetError>
                        if status == 200 {
                            result = .success(1)
                        } else if status == 0 {
                            result = .failure(.offline)
                        } else {
                            result = .failure(.server(code: status))
                        }
                        DispatchQueue.main.async { completion(result) }
                    }
                }
            }
            final class Screen {
                let service = Service()
                func reload() {
                    service.load { result in
                        switch result {
                        case .success(let n): print("ok \\(n)")
                        case .failure(.offline): print("offline")
                        case .failure(.server(let code)): print("server \\(code)")
                        case .failure(let error): print("other \\(error)")
                        }
                        if case .failure(.server(let code)) = result, code == 503 { print("503 again") }
                        do {
                            let n = try result.get()
                            print("got \\(n)")
                        } catch NetError.server(let code) {
                            print("rethrown \\(code)")
                        } catch {
                            print("rethrown \\(error)")
                        }
                    }
                }
            }
            let screen = Screen()
            screen.reload()
            scenario.at(.seconds(1), "down") {
                screen.service.next = 503
                screen.reload()
            }
            scenario.at(.seconds(2), "offline") {
                screen.service.next = 0
                screen.reload()
            }
            """)
        #expect(
            logs == [
                "300 ok 1", "300 got 1", "1300 server 503", "1300 503 again", "1300 rethrown 503", "2300 offline",
                "2300 rethrown offline",
            ])
    }

    @Test func anErrorPrintsAsSwiftWritesItsCaseAndValues() throws {
        let logs = try Self.logs(
            """
            final class Printer {
                func fail(_ n: Int) throws {
                    if n == 0 { throw NetError.server(code: -3) }
                    throw NetError.slow(n, retry: n > 1)
                }
                func run(_ n: Int) {
                    do {
                        try fail(n)
                    } catch {
                        print(error)
                        print("failed: \\(error)")
                    }
                }
            }
            let p = Printer()
            p.run(0)
            p.run(2)
            """)
        // swiftc: `print(NetError.server(code: -3))` writes `server(code: -3)`, an unlabelled value as itself.
        #expect(
            logs == [
                "0 server(code: -3)", "0 failed: server(code: -3)", "0 slow(2, retry: true)",
                "0 failed: slow(2, retry: true)",
            ])
    }

    @Test func aThrowInsideATimerAGCDBlockAndATaskIsCaughtByPattern() throws {
        let logs = try Self.logs(
            """
            final class Poller {
                var timer: Timer?
                var code = 500
                func check() throws {
                    code += 1
                    throw NetError.server(code: code)
                }
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
                        guard let self else { return }
                        do {
                            try self.check()
                        } catch NetError.server(let code) {
                            print("timer \\(code)")
                        } catch {
                            print("timer other")
                        }
                    }
                    DispatchQueue.global().async {
                        do {
                            throw NetError.slow(2, retry: false)
                        } catch let NetError.slow(n, retry) {
                            print("queue \\(n) \\(retry)")
                        } catch {
                            print("queue other")
                        }
                    }
                    Task {
                        do {
                            try await Task.sleep(nanoseconds: 1_000_000_000)
                            try self.check()
                        } catch NetError.server(let code) where code > 501 {
                            print("task \\(code)")
                        } catch {
                            print("task \\(error)")
                        }
                    }
                }
            }
            let p = Poller()
            p.start()
            """)
        #expect(logs == ["0 queue 2 false", "500 timer 501", "1000 task 502"])
    }

    @Test func anErrorPropertyKeepsTheValuesForALaterSwitchOrIfCase() throws {
        let logs = try Self.logs(
            """
            final class Screen {
                var lastError: Error?
                func fail(_ code: Int) throws { throw NetError.server(code: code) }
                func load(_ code: Int) {
                    do {
                        try fail(code)
                    } catch {
                        self.lastError = error
                    }
                }
                func show() {
                    if let e = lastError as? NetError {
                        switch e {
                        case .server(let code): print("server \\(code)")
                        default: print("other")
                        }
                    }
                    if case NetError.server(let code)? = lastError { print("again \\(code)") }
                    if let error = lastError, case NetError.server(404) = error { print("not found") }
                    if lastError is NetError { print("a net error: \\(lastError!)") }
                }
            }
            let s = Screen()
            s.load(404)
            s.show()
            """)
        #expect(logs == ["0 server 404", "0 again 404", "0 not found", "0 a net error: server(code: 404)"])
    }

    /// The same forms in typed throws (`throw .badDigit(at: …)`, `catch .badDigit(at: let i)`), an error enum nested
    /// in a class (`Loader.Failure.http(…)`, a pattern comparing a value), a `rethrows` closure, a throwing init and a
    /// continuation resumed with a case: the logs are those of swiftc's build of the same code on this machine.
    @Test func typedThrowsNestedEnumsRethrowsInitsAndContinuationsCarryTheValues() throws {
        let logs = try Self.logs(
            """
            enum ParseError: Error {
                case empty
                case badDigit(at: Int)
            }
            final class Loader {
                enum Failure: Error {
                    case gone
                    case http(status: Int, retry: Bool)
                }
                var n = 0
                init(limit: Int) throws {
                    if limit < 0 { throw ParseError.badDigit(at: limit) }
                    n = limit
                }
                func parse(_ s: Int) throws(ParseError) -> Int {
                    if s < 0 { throw .badDigit(at: 0 - s) }
                    if s == 0 { throw .empty }
                    return s
                }
                func fetch() throws {
                    throw Loader.Failure.http(status: 429, retry: true)
                }
                func guarded(_ body: () throws -> Void) rethrows {
                    try body()
                }
                func value() async throws -> Int {
                    try await withCheckedThrowingContinuation { continuation in
                        DispatchQueue.global().async {
                            continuation.resume(throwing: ParseError.badDigit(at: 7))
                        }
                    }
                }
                func run() {
                    do {
                        _ = try parse(-4)
                    } catch .badDigit(at: let i) {
                        print("bad digit at \\(i)")
                    } catch {
                        print("typed \\(error)")
                    }
                    do {
                        try fetch()
                    } catch Failure.http(let status, true) {
                        print("retry \\(status)")
                    } catch {
                        print("fetch \\(error)")
                    }
                    do {
                        try guarded { try self.fetch() }
                    } catch let e as Failure {
                        if case .http(status: let s, retry: _) = e { print("guarded \\(s)") }
                    } catch {
                        print("?")
                    }
                    do {
                        let l = try Loader(limit: -2)
                        print("made \\(l.n)")
                    } catch ParseError.badDigit(let at) {
                        print("init threw \\(at)")
                    } catch {
                        print("init \\(error)")
                    }
                    Task {
                        do {
                            let v = try await self.value()
                            print("v \\(v)")
                        } catch {
                            print("continuation threw \\(error)")
                        }
                    }
                }
            }
            let l = try! Loader(limit: 1)
            l.run()
            """)
        #expect(
            logs == [
                "0 bad digit at 4", "0 retry 429", "0 guarded 429", "0 init threw -2",
                "0 continuation threw badDigit(at: 7)",
            ])
    }

    /// A `switch` on an `Error` whose case returns, `guard case` in a method that returns a value, `==` of an
    /// `Equatable` error enum with values (the synthesized `==`: same case, equal values), and a plain enum whose case
    /// has an error case's name: the logs of swiftc's build of the same code.
    @Test func returningCasesGuardCaseEqualityAndACaseNameSharedWithAnotherEnum() throws {
        let logs = try Self.logs(
            """
            enum ProfileError: Error, Equatable {
                case missingUser
                case backend(code: Int)
            }
            enum Route { case home, backend }
            final class Screen {
                var lastError: ProfileError?
                var route: Route = .backend
                func describe(_ error: Error) -> Int {
                    guard case ProfileError.backend(let code) = error else { return 0 }
                    return code
                }
                func handle(_ error: Error) {
                    switch error {
                    case ProfileError.backend(let code) where code > 500:
                        print("5xx \\(code)")
                        return
                    case ProfileError.missingUser:
                        print("missing user")
                    default:
                        print("default \\(error)")
                    }
                    print("handled \\(describe(error))")
                }
                func run() {
                    handle(ProfileError.backend(code: 503))
                    handle(ProfileError.missingUser)
                    handle(ProfileError.backend(code: 404))
                    lastError = .backend(code: 503)
                    if lastError == .backend(code: 503) { print("same 503") }
                    if lastError != .missingUser { print("not missingUser") }
                    if let e = lastError, e == ProfileError.backend(code: 500) { print("wrong") }
                    switch route {
                    case .backend: print("route backend")
                    case .home: print("route home")
                    }
                }
            }
            Screen().run()
            """)
        #expect(
            logs == [
                "0 5xx 503", "0 missing user", "0 handled 0", "0 default backend(code: 404)", "0 handled 404",
                "0 same 503",
                "0 not missingUser", "0 route backend",
            ])
    }

    /// `try r.get()` as a statement (also `_ = try r.get()` and `try? r.get()`) of a `Result` property: its failure
    /// thrown with its values, as swiftc's build of the same code does.
    @Test func aResultGetAsAStatementRethrowsTheFailureWithItsValues() throws {
        let logs = try Self.logs(
            """
            final class Screen {
                var last: Result<String, NetError> = .success("x")
                func check() throws {
                    try last.get()
                    print("checked")
                }
                func run() {
                    do {
                        _ = try last.get()
                        print("first ok")
                        last = .failure(.server(code: 500))
                        try check()
                        print("not here")
                    } catch NetError.server(let code) {
                        print("caught \\(code)")
                    } catch {
                        print("other")
                    }
                    try? last.get()
                    print("after try?")
                }
            }
            Screen().run()
            """)
        #expect(logs == ["0 first ok", "0 caught 500", "0 after try?"])
    }

    /// `-s` of a name (an error's value `.server(code: -status)`, a local `let x = -s`) is `0 - s`: the language's
    /// `-` prefixes a number literal only.
    @Test func aNegatedNameIsItsValueSubtractedFromZero() throws {
        let logs = try Self.logs(
            """
            final class C {
                var total = 0
                func fail(_ s: Int) throws { throw NetError.server(code: -s) }
                func run(_ s: Int) {
                    let x = -s
                    total = -x
                    print("x \\(x) \\(total) \\(-4)")
                    do { try fail(s) } catch { print("\\(error)") }
                }
            }
            C().run(4)
            """)
        #expect(logs == ["0 x -4 4 -4", "0 server(code: -4)"])
    }

    @Test func whatIsNotModelledIsRefusedWhereItIsWritten() throws {
        for (code, line, fragment) in [
            ("enum Bad: Error { case text(String?) }", 8, "an associated value of type `String?` in an error enum"),
            ("enum Bad: Error { case wait(TimeInterval) }", 8, "an associated value of type `TimeInterval`"),
            (
                "final class C {\n    func f() throws { throw NetError.server(code: 1, 2) }\n}", 9,
                "`.server` with 2 value(s)"
            ),
            (
                "final class C {\n    func f() throws { throw NetError.server(status: 1) }\n}", 9,
                "write the case's labels as declared"
            ),
        ] {
            let errors = Self.errors(code + "\nlet x = 1\n")
            #expect(
                errors.contains { $0.location.line == line && $0.message.contains(fragment) },
                "\(code): \(errors.map { "\($0.location.line): \($0.message)" })")
        }
    }
}
