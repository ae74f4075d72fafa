// The restart idiom: `var timer: Timer? { didSet { oldValue?.invalidate() } }`, so that every assignment stops the
// timer it replaces. Swift calls a stored property's `didSet` after every assignment to it, with the previous value
// as `oldValue`, except inside the class's own initializers, and an observer that assigns its own property does not
// call itself again (The Swift Programming Language, "Properties" › "Property Observers"). The banner tries three
// times (0 s, 1.2 s, 2.7 s) and gives up at 4.2 s: each new timer invalidates the one before, so only the newest
// fires: at 1 s, 2.2 s and 3.7 s, 3 fires (without the `didSet` the first timer alone would fire 4 times). `attempts` has a `didSet` too: the init's `attempts = 0` prints
// nothing, each `attempts += 1` prints. `willSet` sees the new value before the store.
import Foundation

let scenario = Scenario(
    "Pasted: didSet invalidates the replaced timer", until: .seconds(5), variants: [.ios10, .ios13])

final class ReconnectBanner {
    var timer: Timer? {
        didSet {
            oldValue?.invalidate()
        }
    }
    var attempts: Int {
        didSet { print("attempt \(attempts) after \(oldValue)") }
    }
    var state = "idle" {
        willSet { print("state \(state) -> \(newValue)") }
    }

    init() {
        attempts = 0
    }

    func retry() {
        attempts += 1
        state = "retrying"
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    func tick() {
        print("tick")
    }

    func stop() {
        timer = nil
        state = "stopped"
    }
}

let banner = ReconnectBanner()
banner.retry()

scenario.at(.milliseconds(1200), "retry") { banner.retry() }
scenario.at(.milliseconds(2700), "retry") { banner.retry() }
scenario.at(.milliseconds(4200), "give up") { banner.stop() }

scenario.expect(
    .all,
    [
        "logs[0].text": "attempt 1 after 0",
        "logs[1].text": "state idle -> retrying",
        "logs[3].text": "attempt 2 after 1",
        "logs[9].text": "state retrying -> stopped",
        "timers.fires": 3,
        "objects.abandoned": 0,
        "objects.leaked": 0,
    ])
