import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The classic bridge of a callback to a synchronous API: `var result: String?` set by the callback, a semaphore
/// signalled, `if semaphore.wait(timeout:) == .timedOut { return nil }`, then `return result`. The wait inside the
/// condition is made before the `if` (SwiftLowering+DispatchSources.swift `hoistedTimedWait`), and the captured
/// optional is a `__block` of its type (`__block result: string = nil`), so a method returning `String?` may
/// return it.
@Suite struct SemaphoreBridgeTests {
    @Test func aWaitInAConditionAndACapturedOptionalResult() throws {
        let scenario = try SwiftLanguageTests.load(
            """
            import Foundation
            let scenario = Scenario("bridge", until: .seconds(5), variants: [.ios13, .linuxCorelibs])
            final class Vault {
                private var calls = 0
                private func fetch(_ completion: @escaping (String?) -> Void) {
                    let delay = calls == 0 ? 0.3 : 2.0
                    calls += 1
                    DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion("secret") }
                }
                func readSync() -> String? {
                    let semaphore = DispatchSemaphore(value: 0)
                    var result: String?
                    fetch { value in
                        result = value
                        semaphore.signal()
                    }
                    if semaphore.wait(timeout: .now() + 1.0) == .timedOut {
                        print("timed out")
                        return nil
                    }
                    return result
                }
            }
            let vault = Vault()
            DispatchQueue.global().async {
                let first = vault.readSync() ?? "none"
                print("first \\(first)")
                let second = vault.readSync() ?? "none"
                print("second \\(second)")
            }
            """)
        for run in try ScenarioRunner.run(scenario) {
            let logs = run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
            #expect(logs == ["300 first secret", "1300 timed out", "1300 second none"], "\(run.variant)")
        }
    }

    @Test func aWaitRightOfAndIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                let scenario = Scenario("bridge", until: .seconds(1), variants: [.ios13])
                final class V {
                    var ready = false
                    func go() {
                        let s = DispatchSemaphore(value: 0)
                        if ready && s.wait(timeout: .now() + 1) == .timedOut { print("late") }
                    }
                }
                let v = V()
                v.go()
                """, file: "B.swift")
        let messages = loaded.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(messages.contains { $0.contains("wait into a local first") }, "\(messages)")
    }
}
