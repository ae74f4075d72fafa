// sw08: two user actions signal a semaphore a GCD worker waits on; the worker logs each hand-over at the action's
// instant, and its count with it (DispatchSemaphore; a closure captures the variable, not its value).
import Foundation

let scenario = Scenario(
    "sw08 a worker waits for the user's actions", until: .seconds(3), variants: [.linuxCorelibs])

let ready = DispatchSemaphore(value: 0)
var handed = 0

DispatchQueue.global().async {
    for _ in 0..<2 {
        ready.wait()
        print("worker got hand-over \(handed)")
    }
}

scenario.at(.milliseconds(800), "first tap") {
    handed += 1
    ready.signal()
}
scenario.at(.milliseconds(1600), "second tap") {
    handed += 1
    ready.signal()
}

scenario.expect(.linuxCorelibs, [
    "logs": 2, "logs[0].thread": "worker-1", "logs[0].at_ms": 800, "logs[1].at_ms": 1600,
])
