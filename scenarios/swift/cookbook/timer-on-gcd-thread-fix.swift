// models: scenarios/cookbook/objc/timer-on-gcd-thread.m
// The fix of timer-on-gcd-thread.swift: make the timer unscheduled and add it to the main run loop, which runs, and
// invalidate it when the screen goes away. YAML twin: scenarios/cookbook/timer-on-gcd-thread-fix.yaml.
import Foundation

let scenario = Scenario(
    "A timer added to the main run loop fires (cookbook, the fix, Swift)",
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
        let timer = Timer(timeInterval: 1, target: self, selector: #selector(poll), userInfo: nil, repeats: true)
        RunLoop.main.add(timer, forMode: .default)  // FIX: the main run loop runs, this thread's never does
        self.timer = timer
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
    poller?.stop()
    poller = nil
}

scenario.expect(.all, ["timers.fires": 3, "logs": 3, "objects.abandoned": 0, "objects.leaked": 0])
