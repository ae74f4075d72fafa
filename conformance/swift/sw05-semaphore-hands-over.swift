// sw05: the main thread waits on a semaphore that a worker signals when its own one-shot timer fires a second
// later; the main thread resumes when the signal comes, not before.
import Foundation

let scenario = Scenario(
    "sw05 a semaphore hands the main thread over", until: .seconds(3), variants: [.linuxCorelibs])

class Handover {
    var timer: Timer?

    func begin() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                print("worker signals")
                done.signal()
            }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 2))
        }
        done.wait()
        print("main resumed")
    }
}

let handover = Handover()
handover.begin()

scenario.expect(.linuxCorelibs, [
    "logs": 2, "logs[0].text": "worker signals", "logs[0].at_ms": 1000, "logs[1].text": "main resumed",
    "logs[1].thread": "main", "logs[1].at_ms": 1000,
])
