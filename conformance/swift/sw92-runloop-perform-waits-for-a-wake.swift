// sw92: `RunLoop.perform(_:)` and `perform(inModes:_:)` (Foundation's wrappers of CFRunLoopPerformBlock:
// swift-corelibs-foundation RunLoop.swift) queue a block on another thread's run loop without waking it. A worker
// sleeps in `run(mode: .default, before: .distantFuture)` until its one-shot timer at 500 ms; the main thread queues
// a block at 200 ms: it runs at 500 ms, after the fire, in the pass the timer woke. A block queued for another mode
// never runs while the loop runs in the default mode.
import Foundation

let scenario = Scenario("sw92 RunLoop.perform waits for the next wake", until: .seconds(1),
                        variants: [.linuxCorelibs])

final class Worker {
    var loop: RunLoop?

    func start() {
        DispatchQueue.global().async {
            self.loop = RunLoop.current
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                print("fired")
            }
            RunLoop.current.run(mode: .default, before: .distantFuture)
            print("run returned")
        }
    }
}

let worker = Worker()
worker.start()

scenario.at(.milliseconds(200), "queue the blocks") {
    worker.loop?.perform {
        print("performed")
    }
    worker.loop?.perform(inModes: [RunLoop.Mode("other")]) {
        print("other mode")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "fired", "logs[0].at_ms": 500, "logs[1].text": "performed", "logs[1].at_ms": 500,
    "logs[2].text": "run returned", "logs[2].at_ms": 500,
])
