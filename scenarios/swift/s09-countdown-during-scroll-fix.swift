// models: scenarios/swift/modelled/s09-countdown-during-scroll-fix.m
// S9 in Swift, the fix: add the timer to the common modes. The tracking mode is one of the main run loop's common
// modes, so the timer fires on its grid during the scroll as well.
// YAML twin: scenarios/s09-countdown-during-scroll-fix.yaml.
import UIKit

let scenario = Scenario(
    "Countdown timer during a 3 s scroll (S9, the fix, common modes, Swift)", covers: ["S9", "S10"],
    until: .seconds(10), variants: [.ios9, .ios10])

class CountdownVC: NSObject {
    weak var timer: Timer?
    var count = 60

    func startCountdown() {
        timer = Timer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
        if let timer {
            RunLoop.main.add(timer, forMode: .common)  // FIX: the common modes, tracking included
        }
    }

    @objc func tick() {
        count -= 1
    }
}

let vc = CountdownVC()
vc.startCountdown()

scenario.at(.milliseconds(2500), "drag the table view for 2 s, then it decelerates for 1 s") {
    scenario.scroll(.seconds(2), decelerate: .seconds(1))
}

scenario.expect(.all, [
    "timers.fires": 10, "timers.skipped": 0,
    "timers.latency_ms.max": 0,  // a callout on a free main thread is on time
    "timers.per_timer[0].drift_ms": 0,
    "objects.leaked": 0, "objects.abandoned": 0,
])
