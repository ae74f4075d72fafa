// A poller as it is pasted from an app: a final class, private constants and state, its timer code grouped in an
// extension under `// MARK: -`. The block timer's closure captures self weakly, so releasing the owner at 3.5 s
// frees the poller; its deinit invalidates the timer (Apple, `invalidate()`: "removes it from its run loop"), so
// the timer fires three times on its 1 s grid and is never fired again. `loopsim conform` runs this file on the
// real RunLoop (swift-corelibs-foundation has Timer's block API), against the `linux-corelibs` run.
import Foundation

let scenario = Scenario(
    "Pasted: a poller grouped in extensions stops when its owner lets go", until: .seconds(6),
    variants: [.ios10, .ios13, .linuxCorelibs])

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

scenario.expect(.all, [
    "timers.fires": 3, "logs": 3, "logs[0].at_ms": 1000, "logs[2].at_ms": 3000, "objects.leaked": 0,
])
scenario.expect(.ios10, ["objects.abandoned": 0])
scenario.expect(.ios13, ["objects.abandoned": 0])
// swift-corelibs-foundation's Timer keeps a +1 on itself that nothing releases (its CF context has no release
// callback): the invalidated timer and its block stay, abandoned.
scenario.expect(.linuxCorelibs, ["objects.abandoned": 2])
