// models: scenarios/cookbook/objc/timer-on-gcd-thread.m
// Cookbook in Swift: a Timer scheduled from a global queue goes into the pool thread's run loop, which nobody runs:
// it never fires, and that run loop keeps the timer and its target after the screen lets the poller go.
// YAML twin: scenarios/cookbook/timer-on-gcd-thread.yaml.
import Foundation

let scenario = Scenario(
    "A timer scheduled from a global queue never fires (cookbook, the bug, Swift)",
    until: .seconds(5), variants: [.ios9, .ios10])

class Poller: NSObject {
    weak var timer: Timer?
    var polls = 0

    func start() {
        DispatchQueue.global().async {
            self.schedule()
        }
    }

    func schedule() {
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(poll), userInfo: nil, repeats: true)
    }

    func stop() {
        timer?.invalidate()
    }

    @objc func poll() {
        polls += 1
        print("poll")
    }
}

var poller: Poller? = Poller()
poller?.start()

scenario.at(.milliseconds(3500), "the screen goes away") {
    poller = nil
}

scenario.expect(.all, ["timers.fires": 0, "logs": 0, "objects.abandoned": 2, "leaks[0].class": "Poller"])
