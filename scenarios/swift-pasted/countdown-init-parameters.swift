// A countdown configured through its init's parameters, with a computed `isRunning`: a block timer with a
// weak capture fires at 1, 2 and 3 s and invalidates itself at zero (Apple, Timer.invalidate(): the run loop
// lets go of it), so nothing is left.
import Foundation

let scenario = Scenario("A countdown with its length passed to init", until: .seconds(8),
                        variants: [.ios10, .ios13])

final class Countdown {
    private var timer: Timer?
    private var remaining: Int
    private let label: String

    init(seconds: Int, label: String) {
        self.remaining = seconds
        self.label = label
    }

    var isRunning: Bool {
        return timer != nil
    }

    func start() {
        guard !isRunning else { return }
        timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] timer in
            guard let self = self else {
                timer.invalidate()
                return
            }
            self.tick()
        }
    }

    private func tick() {
        remaining -= 1
        print("\(label): \(remaining)")
        if remaining == 0 {
            stop()
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

let countdown = Countdown(seconds: 3, label: "otp")
countdown.start()

scenario.expect(.all, ["timers.fires": 3, "logs": 3, "objects.leaked": 0, "objects.abandoned": 0])
