// sw116: `Thread.cancel()` only sets a flag (Apple, `-[NSThread cancel]`: "Changes the cancelled state of the receiver
// to indicate that it should exit"; swift-corelibs-foundation Sources/Foundation/Thread.swift, `cancel()` sets
// `_cancelled` under its lock and nothing more). A worker thread with its own run loop and a repeating Timer polls
// `Thread.current.isCancelled` between `run(until:)` slices of 300 ms: cancelled from the main thread at 350 ms, it
// goes on ticking until its slice ends at 600 ms, then sees the flag, invalidates its timer and exits. The main
// thread's own flag stays false. Real and simulated on Linux. The worker reports through the main queue: on Linux
// a name set before `start()` does not reach the OS thread (variant flag `threadNames`), so the real run labels the
// worker's own lines with the process's name, which the comparison cannot pair with the model's thread name.
import Foundation

let scenario = Scenario("sw116 Thread.cancel() only sets a flag", until: .seconds(1), variants: [.linuxCorelibs])

final class Poller {
    var thread: Thread?
    var ticks = 0

    func start() {
        let thread = Thread { [self] in
            let timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
                self.ticks += 1
                let n = self.ticks
                DispatchQueue.main.async { print("tick \(n)") }
            }
            while !Thread.current.isCancelled {
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
            }
            timer.invalidate()
            let n = self.ticks
            DispatchQueue.main.async { print("worker saw cancel after \(n) ticks") }
        }
        thread.name = "poller"
        self.thread = thread
        thread.start()
    }

    func stop() {
        guard let thread else { return }
        thread.cancel()
        print("cancel sent, flag \(thread.isCancelled)")
    }
}

let poller = Poller()
poller.start()

DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(350)) {
    poller.stop()
    print("main cancelled \(Thread.current.isCancelled)")
}

scenario.expect(.linuxCorelibs, [
    "logs": 5,
    "logs[0].text": "tick 1", "logs[0].at_ms": 250,
    "logs[1].text": "cancel sent, flag true", "logs[1].at_ms": 350,
    "logs[2].text": "main cancelled false", "logs[2].at_ms": 350,
    "logs[3].text": "tick 2", "logs[3].at_ms": 500,
    "logs[4].text": "worker saw cancel after 2 ticks", "logs[4].at_ms": 600,
])
