// A resend-code countdown as it is pasted: its constants in a `private enum` nested in the class, a local `let`
// for the grace before the first tick, and `Timer(fire:interval:repeats:block:)` added in the common modes. A
// repeating timer first fires at its fire date, then every interval after it (Apple, `Timer.init(fire:interval:
// repeats:block:)`; CFRunLoopTimer's grid), so the ticks are at 0.5 s, 1.5 s and 2.5 s, where the count reaches 0
// and the timer invalidates itself.
import Foundation

let scenario = Scenario(
    "Pasted: a countdown whose constants live in a nested enum", until: .seconds(5), variants: [.ios10, .ios13])

final class ResendCodeCountdown {
    private enum Constants {
        static let tick: TimeInterval = 1
        static let start = 3
    }

    private var timer: Timer?
    private var remaining = 0

    func begin() {
        remaining = Constants.start
        let grace = 0.5
        let t = Timer(fire: Date().addingTimeInterval(grace), interval: Constants.tick, repeats: true) {
            [weak self] timer in
            guard let self else {
                timer.invalidate()
                return
            }
            self.remaining -= 1
            print("remaining \(self.remaining)")
            if self.remaining == 0 {
                timer.invalidate()
            }
        }
        RunLoop.main.add(t, forMode: .common)
        timer = t
    }
}

let countdown = ResendCodeCountdown()
countdown.begin()

scenario.expect(.all, [
    "timers.fires": 3, "logs": 3, "logs[0].at_ms": 500, "logs[1].at_ms": 1500, "logs[2].at_ms": 2500,
])
