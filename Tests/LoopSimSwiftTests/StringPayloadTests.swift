import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `String` associated values of error enums and payload enums, printed as Swift prints them
/// (SwiftLowering+StringPayloads.swift): a case's `String` value quoted and escaped (`failed("timeout")`,
/// `server(message: "busy")`), measured with swiftc 6.3.1 on this machine (conformance sw97).
@Suite struct StringPayloadTests {
    static let header = """
        import Foundation
        let scenario = Scenario("string payloads", until: .seconds(5), variants: [.ios13])

        """

    /// The run's logs as "MS TEXT".
    static func logs(_ body: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(header + body, file: "S.swift")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    /// The error diagnostics of a file.
    static func errors(_ body: String) -> [Diagnostic] {
        SwiftScenarioLoader.load(text: header + body, file: "S.swift").diagnostics.filter { $0.severity == .error }
    }

    /// `\"` and `\\` in a printed literal and in a string value are what Swift writes: `say "hi"`, `a\b`.
    @Test func aQuoteInAPrintAndInAStringValueIsLogged() throws {
        let logs = try Self.logs(
            #"""
            final class Greeter {
                var last = "none"
                func greet(_ name: String) {
                    last = "said \"hi\" to \(name)"
                    let path = "a\\b \"q\""
                    print("greeter: \"\(name)\" \(last) \(path)")
                }
            }
            let g = Greeter()
            g.greet("ann")
            print("done \"\(g.last)\"")
            """#)
        #expect(
            logs == [
                #"0 greeter: "ann" said "hi" to ann a\b "q""#, #"0 done "said "hi" to ann""#,
            ])
    }

    static let errors = """
        enum LoadError: Error {
            case offline
            case server(message: String)
            case rejected(Int, reason: String, retry: Bool)
        }

        """

    /// A thrown `.server(message:)` keeps its `String` through a throwing method, is caught by each pattern form
    /// and printed as swiftc prints it: `failed: server(message: "busy")`.
    @Test func aStringValueOfAnErrorIsThrownCaughtAndPrinted() throws {
        let logs = try Self.logs(
            Self.errors + #"""
                final class Loader {
                    func fetch(_ status: Int) throws -> Int {
                        if status == 0 { throw LoadError.offline }
                        if status == 503 { throw LoadError.server(message: "busy") }
                        if status == 429 { throw LoadError.rejected(status, reason: "too \"many\"", retry: true) }
                        if status >= 500 { throw LoadError.server(message: "down \(status)") }
                        return status
                    }
                    func load(_ status: Int) throws -> Int { try fetch(status) + 1 }
                    func run(_ status: Int) {
                        do {
                            let n = try load(status)
                            print("loaded \(n)")
                        } catch LoadError.server(let message) where message == "busy" {
                            print("server said \(message)")
                        } catch let LoadError.rejected(code, reason: why, retry: again) {
                            print("rejected \(code) \(why) \(again)")
                        } catch LoadError.server(message: "down 502") {
                            print("bad gateway")
                        } catch {
                            print("failed: \(error)")
                        }
                    }
                }
                let l = Loader()
                l.run(503)
                l.run(429)
                l.run(502)
                l.run(500)
                l.run(0)
                l.run(200)
                """#)
        #expect(
            logs == [
                "0 server said busy", #"0 rejected 429 too "many" true"#, "0 bad gateway",
                #"0 failed: server(message: "down 500")"#, "0 failed: offline", "0 loaded 201",
            ])
    }

    /// `if case`, `guard case`, `switch error` and an `Error?` property carry and match the `String`.
    @Test func aStringValueIsMatchedByIfCaseSwitchAndAnOptionalError() throws {
        let logs = try Self.logs(
            Self.errors + #"""
                final class Screen {
                    var lastError: Error?
                    func fail(_ text: String) throws { throw LoadError.server(message: text) }
                    func tap(_ text: String) {
                        do {
                            try fail(text)
                        } catch {
                            lastError = error
                            if case LoadError.server(let m) = error, m.hasPrefix("x") { print("x-error \(m)") }
                            switch error {
                            case LoadError.server(let m) where m.count > 3: print("long \(m)")
                            case LoadError.server(let m): print("short \(m)")
                            default: print("other")
                            }
                        }
                    }
                    func report() {
                        guard case LoadError.server(let m)? = lastError else {
                            print("no server error")
                            return
                        }
                        print("last \(m) of \(lastError!)")
                    }
                }
                let s = Screen()
                s.report()
                s.tap("xyz")
                s.tap("timeout")
                s.report()
                """#)
        #expect(
            logs == [
                "0 no server error", "0 x-error xyz", "0 short xyz", "0 long timeout",
                #"0 last timeout of server(message: "timeout")"#,
            ])
    }

    /// A `Result<Int, LoadError>`'s failure and an `async throws` method awaited in a `Task` carry the `String`
    /// value (a throwing `Task`'s `value` is outside the subset: docs/swift-scenarios.md).
    @Test func aStringValueTravelsInAResultAndATask() throws {
        let logs = try Self.logs(
            Self.errors + #"""
                final class Service {
                    func load(_ ok: Bool, completion: @escaping (Result<Int, LoadError>) -> Void) {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) {
                            if ok { completion(.success(7)) } else { completion(.failure(.server(message: "busy"))) }
                        }
                    }
                    func send(_ size: Int) async throws -> Int {
                        try await Task.sleep(nanoseconds: 200_000_000)
                        if size > 100 { throw LoadError.server(message: "too big") }
                        return size
                    }
                }
                let service = Service()
                service.load(false) { result in
                    switch result {
                    case .success(let n): print("got \(n)")
                    case .failure(.server(let message)): print("server: \(message)")
                    case .failure(let error): print("failed: \(error)")
                    }
                    do {
                        _ = try result.get()
                    } catch {
                        print("rethrown: \(error)")
                    }
                }
                Task {
                    do {
                        let n = try await service.send(500)
                        print("sent \(n)")
                    } catch LoadError.server(let message) {
                        print("upload refused: \(message)")
                    } catch {
                        print("upload failed: \(error)")
                    }
                }
                """#)
        #expect(
            logs == [
                "100 server: busy", #"100 rethrown: server(message: "busy")"#, "200 upload refused: too big",
            ])
    }

    static let states = """
        enum State {
            case idle
            case failed(String)
            case moved(from: Int, to: String)
            case note(String?, count: Int?)
            case flag(ok: Bool)
        }

        """

    /// A payload enum printed whole from a property, a local, a parameter and a closure's parameter, in a `print`
    /// and in a string value, as swiftc prints it (conformance sw97): `failed("timeout")`, `moved(from: 1, to: "x")`,
    /// `note(Optional("x"), count: nil)`.
    @Test func aPayloadEnumIsPrintedWholeWhereverItIsRead() throws {
        let logs = try Self.logs(
            Self.states + #"""
                final class Machine {
                    var state: State = .idle
                    var onChange: ((State) -> Void)?
                    var last = ""
                    func show(_ s: State) { print("param \(s)") }
                    func run(_ reason: String) {
                        print("state \(state)")
                        state = .failed(reason)
                        print("state \(state)")
                        let local: State = .moved(from: 1, to: "x \"y\"")
                        print(local)
                        show(.note("x", count: nil))
                        show(.note(nil, count: 3))
                        let flag = State.flag(ok: true)
                        last = "described \(flag)"
                        print(last, String(describing: local))
                        onChange?(state)
                    }
                }
                let m = Machine()
                m.onChange = { s in print("changed to \(s)") }
                m.run("timeout")
                """#)
        #expect(
            logs == [
                "0 state idle", #"0 state failed("timeout")"#, #"0 moved(from: 1, to: "x \"y\"")"#,
                #"0 param note(Optional("x"), count: nil)"#, "0 param note(nil, count: Optional(3))",
                #"0 described flag(ok: true) moved(from: 1, to: "x \"y\"")"#, #"0 changed to failed("timeout")"#,
            ])
    }

    /// A `String` value of a payload enum is matched and bound as any value is, and compared after binding.
    @Test func aStringValueOfAPayloadEnumIsMatched() throws {
        let logs = try Self.logs(
            Self.states + #"""
                final class Machine {
                    var state: State = .idle
                    func check() {
                        switch state {
                        case .failed(let why) where why == "timeout": print("timed out")
                        case .failed(let why): print("failed: \(why)")
                        case let .moved(from, to): print("moved \(from) \(to)")
                        default: print("other \(state)")
                        }
                        if case .note(let text, _) = state, let text { print("note \(text)") }
                    }
                }
                let m = Machine()
                m.state = .failed("timeout")
                m.check()
                m.state = .failed("offline")
                m.check()
                m.state = .moved(from: 2, to: "b")
                m.check()
                m.state = .note("hi", count: 1)
                m.check()
                """#)
        #expect(
            logs == [
                "0 timed out", "0 failed: offline", "0 moved 2 b", #"0 other note(Optional("hi"), count: Optional(1))"#,
                "0 note hi",
            ])
    }

    /// A `Double` value of a payload enum is stored, matched and compared (a `duration`, docs/scenario-format.md §6);
    /// printed, it is logged as written, as any `Double` is (Swift writes its shortest round-trip digits,
    /// `running(0.25)`, which a duration's nanoseconds do not keep), and `loopsim conform` matches it with any text.
    @Test func aDoubleValueIsStoredMatchedAndComparedButLoggedAsWritten() throws {
        let logs = try Self.logs(
            #"""
            enum Progress { case idle; case running(Double); case paused(at: TimeInterval, reason: String) }
            final class Job {
                var state: Progress = .idle
                var done = 0
                func step() {
                    done += 1
                    state = .running(0.25 * Double(done))
                    if case .running(let p) = state, p >= 0.5 { print("half done") }
                    switch state {
                    case .running(let p) where p < 0.5: print("early \(p)")
                    case .running: print("late")
                    default: print("other")
                    }
                    print("state \(state)")
                    state = .paused(at: 1.5, reason: "user")
                    if case .paused(let t, let why) = state { print("paused \(why) \(t > 1.0)") }
                }
            }
            let j = Job()
            j.step()
            j.step()
            """#)
        #expect(
            logs == [
                #"0 early \(p)"#, #"0 state \(state)"#, "0 paused user true", "0 half done", "0 late",
                #"0 state \(state)"#, "0 paused user true",
            ])
    }

    /// A struct printed whole writes a `String` property as its `debugDescription` too (swiftc 6.3.1:
    /// `Config(retries: 2, name: "say \"hi\" a\\b")`).
    @Test func aStructsStringPropertyIsEscapedWhenPrintedWhole() throws {
        let logs = try Self.logs(
            #"""
            struct Config { var retries: Int; var name: String }
            final class Holder {
                var config = Config(retries: 2, name: "say \"hi\" a\\b")
                func show() { print("cfg \(config)") }
            }
            Holder().show()
            """#)
        #expect(logs == [#"0 cfg Config(retries: 2, name: "say \"hi\" a\\b")"#])
    }

    /// A value written in a payload enum's case pattern is compared with the case's value (`~=`, `==` of a String,
    /// an Int, a Bool): `case .failed("timeout")`, `if case .moved(from: 1, to: let to) = state`.
    @Test func aValueInAPayloadCasePatternIsCompared() throws {
        let logs = try Self.logs(
            Self.states + #"""
                final class Machine {
                    var state: State = .idle
                    let expected = "offline"
                    func check() {
                        switch state {
                        case .failed("timeout"): print("timed out")
                        case .failed(expected): print("expected \(expected)")
                        case .failed(let why): print("failed: \(why)")
                        case .moved(from: 1, to: let to): print("from one to \(to)")
                        default: print("other \(state)")
                        }
                        if case .flag(ok: true) = state { print("ok") }
                    }
                }
                let m = Machine()
                m.state = .failed("timeout")
                m.check()
                m.state = .failed("offline")
                m.check()
                m.state = .failed("x")
                m.check()
                m.state = .moved(from: 1, to: "b")
                m.check()
                m.state = .moved(from: 2, to: "c")
                m.check()
                m.state = .flag(ok: true)
                m.check()
                """#)
        #expect(
            logs == [
                "0 timed out", "0 expected offline", "0 failed: x", "0 from one to b",
                #"0 other moved(from: 2, to: "c")"#, "0 other flag(ok: true)", "0 ok",
            ])
    }

    /// The brief's forms as written: `catch let LoadError.server(message: m)`, `error as LoadError` switched,
    /// `==` of an `Equatable` error with a String value, `"\(error)"` kept in a property, `String(describing:)`.
    @Test func theEverydayFormsOfAStringErrorAreModelled() throws {
        let logs = try Self.logs(
            #"""
            enum LoadError: Error, Equatable { case offline; case server(message: String) }
            final class Loader {
                var lastMessage = ""
                func fetch(_ n: Int) throws { throw LoadError.server(message: "busy \(n)") }
                func run(_ n: Int) {
                    do {
                        try fetch(n)
                    } catch let LoadError.server(message: m) where n == 1 {
                        print("server said \(m)")
                    } catch let error as LoadError {
                        switch error {
                        case .server(let message): print("server \(message)")
                        case .offline: print("offline")
                        }
                        if error == .server(message: "busy 2") { print("equal") }
                        lastMessage = "\(error)"
                        print("kept \(lastMessage) \(String(describing: error))")
                    } catch {
                        print("other \(error)")
                    }
                }
            }
            let l = Loader()
            l.run(1)
            l.run(2)
            """#)
        #expect(
            logs == [
                "0 server said busy 1", "0 server busy 2", "0 equal",
                #"0 kept server(message: "busy 2") server(message: "busy 2")"#,
            ])
    }
}
