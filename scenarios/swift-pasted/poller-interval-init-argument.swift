// A poller whose interval is an init argument, as engineers pass it: `StatusPoller(interval: 0.5)`, stored in a
// `TimeInterval` property, used for the timer and, scaled, for its tolerance (`interval * 0.1`). The timer fires
// every interval from when it is made (Apple, `scheduledTimer(withTimeInterval:repeats:block:)`: "fires after
// interval seconds"), so at 0.5, 1, 1.5 and 2 s; the tolerance lets it fire up to 50 ms late but never early
// (Apple, `Timer.tolerance`), and the idle main loop fires it on time. The screen lets go at 2.2 s: the poller's
// deinit invalidates the timer, which held its block and only a weak reference back.
import Foundation

let scenario = Scenario(
    "Pasted: a poller whose interval is an init argument", until: .seconds(4), variants: [.ios10, .ios13])

final class StatusPoller {
    private let interval: TimeInterval
    private var timer: Timer?
    private var polls = 0

    init(interval: TimeInterval) {
        self.interval = interval
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            self?.poll()
        }
        timer?.tolerance = interval * 0.1
    }

    private func poll() {
        polls += 1
        print("poll \(polls)")
    }

    deinit {
        timer?.invalidate()
    }
}

final class StatusScreen {
    private var poller: StatusPoller?

    func viewDidAppear() {
        poller = StatusPoller(interval: 0.5)
        poller?.start()
    }
}

var screen: StatusScreen? = StatusScreen()
screen?.viewDidAppear()

scenario.at(.milliseconds(2200), "leave the screen") { screen = nil }

scenario.expect(.all, [
    "logs": 4, "logs[0].at_ms": 500, "logs[1].at_ms": 1000, "logs[3].text": "poll 4", "logs[3].at_ms": 2000,
    "timers.fires": 4, "objects.leaked": 0, "objects.alive": 0,
])
