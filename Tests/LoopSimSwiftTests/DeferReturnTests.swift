import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `defer` with the `return`s after it (SwiftLowering+Language.swift's `runningDeferred`): the lock a getter takes
/// is released when it returns.
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
}
