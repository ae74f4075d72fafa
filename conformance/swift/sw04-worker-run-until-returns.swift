// sw04: a GCD worker schedules a repeating timer on its own run loop and runs it until a date: the timer fires
// on the worker while the loop runs, and run(until:) returns at the date, after which the worker goes on.
import Foundation

let scenario = Scenario(
    "sw04 a worker's run(until:) returns at its date", until: .seconds(4), variants: [.linuxCorelibs])

class Poller {
    var timer: Timer?

    func start() {
        DispatchQueue.global().async {
            self.timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in
                print("poll")
            }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 2.25))
            self.timer?.invalidate()
            print("run returned")
        }
    }
}

let poller = Poller()
poller.start()

scenario.expect(.linuxCorelibs, [
    "timers.fires": 4, "logs": 5, "logs[0].thread": "worker-1", "logs[4].text": "run returned",
    "logs[4].at_ms": 2250,
])
