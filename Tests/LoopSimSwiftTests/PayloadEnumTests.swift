import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Enums whose cases carry values (SwiftLowering+PayloadEnums.swift) and methods with default arguments. Each
/// expectation is a value a wrong model gets wrong: a case's value read under another case, a copy that shares
/// the original's values, a default taken where an argument was given.
@Suite struct PayloadEnumTests {
    @Test func aStateMachineStoresSwitchesAndMatchesCases() throws {
        let logs = try DateValueTests.logs(
            """
                enum FetchState: Equatable {
                    case idle
                    case loading(attempt: Int)
                    case failed(reason: String, retryIn: TimeInterval)
                    case loaded(Int)
                }
                private var state: FetchState = .idle {
                    didSet { print("state \\(describe(state))") }
                }
                private func describe(_ s: FetchState) -> String {
                    switch s {
                    case .idle: return "idle"
                    case .loading(let attempt) where attempt > 1: return "retry#\\(attempt)"
                    case .loading(let attempt): return "loading#\\(attempt)"
                    case let .failed(reason, _): return "failed:\\(reason)"
                    case .loaded(let n): return "loaded \\(n)"
                    }
                }
                func refresh(attempt: Int, limit: Int) {
                    state = .loading(attempt: attempt)
                    let before = state
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
                        guard let self else { return }
                        if case .loading(let n) = before, n < limit {
                            self.refresh(attempt: n + 1, limit: limit)
                        } else {
                            self.state = .failed(reason: "offline", retryIn: 2)
                        }
                        if self.state == .idle { print("never") }
                        guard case .failed(_, let wait) = self.state else { return }
                        print("retry in \\(Int(wait))")
                    }
                }
            """, "let w = W()\nw.refresh(attempt: 1, limit: 2)")
        #expect(
            logs == [
                "0 state loading#1", "500 state retry#2", "1000 state failed:offline", "1000 retry in 2",
            ])
    }

    /// `print(state)` writes what Swift's `print` writes for a case: its name, and its values with their labels.
    @Test func aPrintedStateWritesItsCaseAndValues() throws {
        let logs = try DateValueTests.logs(
            """
                enum Sync { case idle; case running(attempt: Int); case done(Int, ok: Bool) }
                var state: Sync = .idle
                func go() {
                    print(state)
                    state = .running(attempt: 2)
                    print("now \\(state)")
                    state = .done(3, ok: true)
                    print("state:", state)
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["0 idle", "0 now running(attempt: 2)", "0 state: done(3, ok: true)"])
    }

    @Test func whatIsNotModelledIsRefused() throws {
        for (code, fragment) in [
            ("enum E: Int { case a(Int) }\nvar e: E? = nil", "associated values in an enum with raw values"),
            ("enum E: Error { case http(Double) }\nvar e: E? = nil", "of type `Double` in an error enum"),
            ("enum E { case a(RunLoop.Mode) }\nvar e: E = .a(.default)", "an associated value of type"),
            ("enum E { case a(Int), b }\nvar e: E = .b\nfunc f() { if e == .a(1) { } }", "match it"),
        ] {
            let loaded = SwiftScenarioLoader.load(
                text: """
                    let scenario = Scenario("enums", until: .seconds(1), variants: [.ios13])
                    final class W {
                        \(code)
                        func go() { print("go") }
                    }
                    let w = W()
                    w.go()
                    """, file: "E.swift")
            let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(messages.contains { $0.contains(fragment) }, "\(code): \(messages)")
        }
    }
}
