import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `defer` with the `return`s after it (SwiftLowering+Language.swift's `runningDeferred`) and `async(group:)`
/// (SwiftLowering+DispatchSources.swift): the lock a getter takes is released when it returns, and a group's
/// `notify` waits for the blocks queued into it.
@Suite struct DeferReturnTests {
    @Test func aReturnRunsTheDeferredCodeAfterItsValue() throws {
        let logs = try DateValueTests.logs(
            """
                private let lock = NSLock()
                private var value = 1
                var current: Int {
                    lock.lock()
                    defer { lock.unlock() }
                    return value
                }
                func next() -> Int {
                    defer { value += 1 }
                    return value
                }
                func early(_ stop: Bool) {
                    defer { print("deferred") }
                    if stop {
                        print("stopping")
                        return
                    }
                    print("went on")
                }
                func go() {
                    print("read \\(current) then \\(current)")
                    let a = next()
                    let b = next()
                    print("next \\(a) \\(b) value \\(value)")
                    early(true)
                    early(false)
                }
            """, "let w = W()\nw.go()")
        #expect(
            logs == [
                "0 read 1 then 1", "0 next 1 2 value 3", "0 stopping", "0 deferred", "0 went on", "0 deferred",
            ])
    }

    @Test func asyncWithAGroupEntersIt() throws {
        let logs = try DateValueTests.logs(
            """
                private let group = DispatchGroup()
                private let lock = NSLock()
                private var done = 0
                func go() {
                    for _ in 0..<3 {
                        DispatchQueue.global().async(group: group) {
                            Thread.sleep(forTimeInterval: 0.1)
                            self.lock.lock()
                            self.done += 1
                            self.lock.unlock()
                        }
                    }
                    group.notify(queue: .main) { print("done \\(self.done)") }
                }
            """, "let w = W()\nw.go()")
        #expect(logs == ["100 done 3"])
    }

    @Test func anArgumentOfAsyncThatIsNotModelledIsRefused() {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("async", until: .seconds(1), variants: [.ios13])
                final class W {
                    func go() {
                        DispatchQueue.main.async(target: nil) { print("x") }
                    }
                }
                let w = W()
                w.go()
                """, file: "A.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains("the argument `target`") && $0.location.line == 5 }, "\(errors)")
    }
}
