// sw55: a poller pasted as apps write it — a final class, a private `TimeInterval` constant, its timer code in
// `// MARK: -` extensions, `[weak self]` with `guard let self = self`, `timer?.invalidate(); timer = nil` in
// deinit. It polls at 1 s, 2 s and 3 s; the action at 3.5 s lets it go, deinit invalidates the timer (Apple,
// `invalidate()`), and nothing is polled after. Timer's block API, which swift-corelibs-foundation has.
import Foundation

let scenario = Scenario(
    "sw55 a poller grouped in extensions stops when its owner lets go", until: .seconds(5),
    variants: [.linuxCorelibs])

final class Poller {
    // MARK: - Properties

    private let interval: TimeInterval = 1.0
    private var timer: Timer?
    private(set) var polls = 0

    // MARK: - Lifecycle

    deinit {
        stop()
    }
}

// MARK: - Timer

extension Poller {
    func start() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            guard let self = self else { return }
            self.poll()
        }
    }

    func stop() {
        timer?.invalidate(); timer = nil
    }
}

// MARK: - Private

private extension Poller {
    func poll() {
        polls += 1
        print("poll")
    }
}

var poller: Poller? = Poller()
poller?.start()

scenario.at(.milliseconds(3500), "leave the screen") {
    poller = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].at_ms": 1000, "logs[2].at_ms": 3000, "timers.fires": 3, "objects.leaked": 0,
])
