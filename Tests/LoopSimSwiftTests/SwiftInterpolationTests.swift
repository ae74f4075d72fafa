import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `print("tick \(count)")` logs the value where the lowering proves it is a plain `Int`, `Bool` or `String`, and
/// the text as written elsewhere (SwiftLowering+Interpolation.swift, docs/swift-scenarios.md "What print logs").
@Suite struct SwiftInterpolationTests {
    /// The texts a scenario whose top level calls `S(label: "L").a(1)` then `.a(2)` logs, `body` being `a`'s.
    static func logs(fields: String = "", _ body: String) throws -> [String] {
        let scenario = try SwiftLanguageTests.load(
            """
            let scenario = Scenario("interpolation", until: .seconds(3), variants: [.ios10])
            final class S {
                private(set) var samples = 0
                var count: Int?
                var name = "n"
                let label: String
                private let interval: TimeInterval = 1
                var isBig: Bool { samples > 1 }
            \(fields)
                init(label: String) { self.label = label }
                func a(_ step: Int) {
                    samples += step
                    count = samples
            \(body)
                }
            }
            let s = S(label: "L")
            s.a(1)
            s.a(2)
            """)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        return run.outcome.logs.map(\.text)
    }

    @Test func plainValuesAreLogged() throws {
        let texts = try Self.logs(
            #"print("sample \(samples) step \(step) x2 \(samples * 2) big \(isBig) \(self.samples)")"#)
        #expect(texts == ["sample 1 step 1 x2 2 big false 1", "sample 3 step 2 x2 6 big true 3"])
    }

    @Test func whatSwiftPrintsDifferentlyIsLoggedAsWritten() throws {
        // Swift prints `Optional(1)` for the `Int?` and `1.0` for the TimeInterval: neither is a plain value.
        let texts = try Self.logs(#"print("count \(count) name \(name) label \(label) every \(interval)")"#)
        #expect(texts.first == #"count \(count) name n label L every \(interval)"#)
    }

    @Test func bindingsAndLoopsGivePlainValues() throws {
        let texts = try Self.logs(
            #"""
                    if let c = count { print("c \(c)") }
                    guard let d = count else { return }
                    print("d \(d)", samples, "\(d > 1)")
                    for i in 1..<2 { print("i \(i)") }
                    var opt: Int? = nil
                    opt = 3
                    print("opt \(opt) \\(lit)")
            """#)
        #expect(texts.prefix(5) == ["c 1", "d 1 1 false", "i 1", #"opt \(opt) \(lit)"#, "c 3"], "\(texts)")
    }

    @Test func aWeakSelfChainIsAnOptional() throws {
        let texts = try Self.logs(
            #"""
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
                        print("weak \(self?.samples)")
                        guard let self else { return }
                        print("strong \(self.samples) \(samples)")
                    }
            """#)
        #expect(texts == [#"weak \(self?.samples)"#, "strong 3 3", #"weak \(self?.samples)"#, "strong 3 3"])
    }

    /// `Thread.current.name ?? "?"`: the thread's name or the default, logged as its value; without a default it is
    /// an optional, logged as written (Swift prints `Optional("…")`).
    @Test func aThreadsNameWithADefaultIsPlain() throws {
        let texts = try Self.logs(
            #"""
                    let worker = Thread {
                        print("on \(Thread.current.name ?? "?") main \(Thread.current.isMainThread)")
                        print("raw \(Thread.current.name)")
                    }
                    worker.name = "w1"
                    worker.start()
            """#)
        #expect(texts.contains("on w1 main false"), "\(texts)")
        #expect(texts.contains(#"raw \(Thread.current.name)"#), "\(texts)")
    }

    /// `self?.samples ?? -1` unwraps the weak chain with a default: a plain `Int`, logged as its value.
    @Test func aWeakSelfChainWithADefaultIsPlain() throws {
        let texts = try Self.logs(
            #"""
                    Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
                        print("weak \(self?.samples ?? -1) \(self?.name ?? "none")")
                    }
            """#)
        #expect(texts == ["weak 3 n", "weak 3 n"])
    }

    @Test func aLaterDeclarationShadowsTheField() throws {
        let texts = try Self.logs(
            #"""
                    let samples: Int? = 7
                    print("shadowed \(samples)")
            """#)
        #expect(texts == [#"shadowed \(samples)"#, #"shadowed \(samples)"#])
    }

    @Test func anEnumCaseIsPrintedByItsNameUnlessItHasRawValues() throws {
        let scenario = try SwiftLanguageTests.load(
            #"""
            let scenario = Scenario("enums", until: .seconds(1), variants: [.ios10])
            enum Phase { case idle, running }
            enum Speed: Int { case slow, fast }
            final class Job {
                var phase: Phase = .idle
                var speed: Speed = .fast
                func go() {
                    phase = .running
                    print("phase \(phase) was \(Phase.idle) speed \(speed)")
                }
            }
            let job = Job()
            job.go()
            """#)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        // Swift prints `speed fast` (the case's name); the lowering holds the raw value 1, so it stays as written.
        #expect(run.outcome.logs.map(\.text) == [#"phase running was idle speed \(speed)"#])
    }
}

/// `\(session.userID)` through a property of `self` (or a chain of them) prints the stored value, read when the log
/// runs: through an `unowned` reference whose object is gone, that read traps, as Swift's does.
@Suite struct ReachedMemberInterpolationTests {
    @Test func aMemberReachedThroughAPropertyPrintsItsValueAndTrapsOnceItsObjectIsGone() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("reached", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Session {
                let userID: String
                init(userID: String) { self.userID = userID }
            }
            final class Heartbeat {
                unowned let session: Session
                init(session: Session) { self.session = session }
                func beat() { print("beat \\(session.userID) \\(self.session.userID.count)") }
            }
            var s: Session? = Session(userID: "ann")
            let h = Heartbeat(session: s!)
            h.beat()
            scenario.at(.milliseconds(100), "logout") { s = nil }
            scenario.at(.milliseconds(200), "beat") { h.beat() }
            scenario.expect(.all, [
                "logs": 1, "logs[0].text": "beat ann 3", "crashed": true, "crash.at_ms": 200,
            ])
            """)
    }
}
