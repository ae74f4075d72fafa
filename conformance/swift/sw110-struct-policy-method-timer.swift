// sw110: a struct's methods that return a value from one expression (the Swift book, "Methods" › "Instance
// Methods": a non-`mutating` method reads its own copy's properties). A backoff policy struct computes each retry's
// delay from the attempt (`policy.delay(afterAttempt: n)`) and whether another is allowed (`policy.allows(n)`); a
// one-shot Timer scheduled with that delay retries, and the policy's label prints as its value. Real and simulated
// on Linux.
import Foundation

let scenario = Scenario("sw110 struct policy methods and a timer", until: .seconds(2), variants: [.linuxCorelibs])

struct BackoffPolicy {
    let maxAttempts: Int
    let step: TimeInterval
    var name = "linear"

    func delay(afterAttempt attempt: Int) -> TimeInterval {
        step * Double(attempt)
    }

    func allows(_ attempt: Int) -> Bool { attempt < maxAttempts }

    func label() -> String { name }
}

final class Retrier {
    private var attempt = 0
    private var policy = BackoffPolicy(maxAttempts: 4, step: 0.1)
    private var timer: Timer?

    func attemptOnce() {
        attempt += 1
        print("attempt \(attempt) with \(policy.label())")
        guard policy.allows(attempt) else {
            print("gave up")
            return
        }
        let delay = policy.delay(afterAttempt: attempt)
        timer = Timer.scheduledTimer(withTimeInterval: delay, repeats: false) { [weak self] _ in
            self?.attemptOnce()
        }
    }
}

let retrier = Retrier()
retrier.attemptOnce()

scenario.expect(.linuxCorelibs, [
    "logs": 5,
    "logs[0].text": "attempt 1 with linear", "logs[0].at_ms": 0,
    "logs[1].text": "attempt 2 with linear", "logs[1].at_ms": 100,
    "logs[2].text": "attempt 3 with linear", "logs[2].at_ms": 300,
    "logs[3].text": "attempt 4 with linear", "logs[3].at_ms": 600,
    "logs[4].text": "gave up", "logs[4].at_ms": 600,
])
