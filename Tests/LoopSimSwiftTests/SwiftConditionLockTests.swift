import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// NSConditionLock in Swift (SwiftLowering+Locks.swift): made with its first condition, taken when a condition
/// holds, let go with a new one (docs/scenario-format.md §7.14).
@Suite struct SwiftConditionLockTests {
    @Test func aConditionLockIsANewLockTakenAndLetGoWithConditions() throws {
        let steps = try SwiftLoweringTests.probeSteps(
            """
            let l = NSConditionLock(condition: 1)
            l.lock(whenCondition: 1)
            l.unlock(withCondition: count)
            l.lock()
            l.unlock()
            """)
        #expect(
            steps
                == "[{newLock: l, class: NSConditionLock, condition: 1}, {lock: l, whenCondition: 1}, "
                + "{unlock: l, withCondition: self.count}, {lock: l}, {unlock: l}]")
    }

    /// A consumer waits for condition 1, which the producer's unlock sets 200 ms later: the consumer logs after it.
    /// On ios10 only: under linux-corelibs a `lock(whenCondition:)` that has to wait crashes, as corelibs' does
    /// (`Date.distantFuture` overflows in `timeSpecFrom`, docs/scenario-format.md §7.14).
    @Test func aThreadWaitsUntilTheConditionItAsksFor() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("condition lock", until: .seconds(2), variants: [.ios10])
            class Pipe {
                let lock = NSConditionLock(condition: 0)
                func consume() {
                    lock.lock(whenCondition: 1)
                    print("consumed")
                    lock.unlock(withCondition: 0)
                }
                func produce() {
                    lock.lock()
                    usleep(200_000)
                    print("produced")
                    lock.unlock(withCondition: 1)
                }
            }
            let pipe = Pipe()
            DispatchQueue.global().async { pipe.consume() }
            DispatchQueue.global().async { pipe.produce() }
            scenario.expect(.all, ["logs": 2, "logs[0].text": "produced", "logs[1].text": "consumed",
                "logs[1].at_ms": 200])
            """)
    }
}
