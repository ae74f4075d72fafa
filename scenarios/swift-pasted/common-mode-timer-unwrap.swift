// A countdown timer added to the main run loop in the common modes with the force-unwrapped property, the way the
// "timer stops while scrolling" answers write it: `RunLoop.main.add(timer!, forMode: .common)`. In the common
// modes the timer keeps firing while the user drags a scroll view (UITrackingRunLoopMode is a common mode; Apple,
// "Run Loops", Run Loop Modes), so all six half-second ticks, 0.5 s to 3 s, fire on time during the drag (0.1 s
// to 2.1 s) and the deceleration after it; the sixth brings the count to 0 and invalidates the timer.
import UIKit

let scenario = Scenario(
    "Pasted: a common-mode countdown keeps ticking during a scroll", until: .seconds(4),
    variants: [.ios10, .ios13])

final class CountdownController: UIViewController {
    private var timer: Timer?
    private var remaining = 6

    override func viewDidLoad() {
        super.viewDidLoad()
        startCountdown()
    }

    private func startCountdown() {
        timer = Timer(timeInterval: 0.5, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.remaining -= 1
            print("remaining \(self.remaining)")
            if self.remaining == 0 {
                timer.invalidate()
            }
        }
        RunLoop.main.add(timer!, forMode: .common)
    }
}

var controller: CountdownController? = CountdownController()
controller?.loadViewIfNeeded()

scenario.at(.milliseconds(100), "drag the list") {
    scenario.scroll(.seconds(2), decelerate: .seconds(1))
}

scenario.expect(.all, ["timers.fires": 6, "logs": 6, "logs[5].at_ms": 3000, "timers.skipped": 0])
