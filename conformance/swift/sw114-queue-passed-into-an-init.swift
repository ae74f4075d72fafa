// sw114: utility classes that take their queue in `init`, as engineers write them: a DispatchWorkItem debouncer
// `init(delay: TimeInterval = 0.3, queue: DispatchQueue = .main)` keeps the queue in `private let queue:
// DispatchQueue`, and a heartbeat makes its DispatchSourceTimer on the queue its init is given. One debouncer takes
// both defaults (the main queue, 0.3 s), one is given 0.5 s and leaves the queue; each burst runs only its last
// call, 300 or 500 ms after it, on main. The heartbeat is given a queue of the file: it beats off the main thread
// (`Thread.isMainThread` tells which). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw114 queues passed into an init", until: .milliseconds(1300), variants: [.linuxCorelibs])

let worker = DispatchQueue(label: "worker")

final class Debouncer {
    private let delay: TimeInterval
    private let queue: DispatchQueue
    private var item: DispatchWorkItem?

    init(delay: TimeInterval = 0.3, queue: DispatchQueue = .main) {
        self.delay = delay
        self.queue = queue
    }

    func call(_ action: @escaping () -> Void) {
        item?.cancel()
        let next = DispatchWorkItem(block: action)
        item = next
        queue.asyncAfter(deadline: .now() + delay, execute: next)
    }
}

final class Heartbeat {
    private let source: DispatchSourceTimer
    private var beats = 0

    init(interval: DispatchTimeInterval, queue: DispatchQueue = .main) {
        source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [weak self] in
            guard let self = self else { return }
            self.beats += 1
            print("beat \(self.beats) on main \(Thread.isMainThread)")
        }
        source.resume()
    }

    func stop() {
        source.cancel()
    }
}

let onMain = Debouncer()
let slower = Debouncer(delay: 0.5)
let heartbeat = Heartbeat(interval: .milliseconds(400), queue: worker)

scenario.at(.milliseconds(100), "types s") {
    onMain.call { print("search s") }
    slower.call { print("save s") }
}
scenario.at(.milliseconds(200), "types sw") {
    onMain.call { print("search sw on main \(Thread.isMainThread)") }
    slower.call { print("save sw on main \(Thread.isMainThread)") }
}
scenario.at(.milliseconds(1000), "leaves") {
    heartbeat.stop()
}

scenario.expect(.linuxCorelibs, [
    "logs": 4,
    "logs[0].text": "beat 1 on main false", "logs[0].at_ms": 400,
    "logs[1].text": "search sw on main true", "logs[1].at_ms": 500,
    "logs[2].text": "save sw on main true", "logs[2].at_ms": 700,
    "logs[3].text": "beat 2 on main false", "logs[3].at_ms": 800,
])
