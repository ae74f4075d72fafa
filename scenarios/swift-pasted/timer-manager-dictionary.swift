// A timer manager keeps one repeating timer per key, `private var timers: [String: Timer] = [:]`, and a registry
// keeps a screen per route, `var screens: [String: Screen] = [:]`. A dictionary is a value whose storage holds
// strong references (The Swift Programming Language, "Collection Types"), so the manager retains each timer and
// the registry each screen; a scheduled timer is also retained by its run loop until it is invalidated (Apple,
// `Timer`: "run loops maintain strong references to their timers"). `stop` removes the key and invalidates the
// timer it got back (`removeValue(forKey:)?.invalidate()`); the buggy `forget` only drops the key with
// `timers[key] = nil`, so the "sync" timer goes on firing at 2, 3 and 4 s, held by the run loop alone,
// abandoned. The registry's "cart" screen lives until its key is removed at 3 s (deinit logged then); the
// "home" screen is still held at the horizon. Swift's dictionary order is unpredictable: the summary prints the
// keys sorted (Apple, Dictionary: "The order of key-value pairs in a dictionary is stable between mutations but is
// otherwise unpredictable").
import Foundation

let scenario = Scenario(
    "Pasted: timers and screens kept in dictionaries", until: .milliseconds(4500), variants: [.ios13, .linuxCorelibs])

final class Screen {
    let route: String
    init(route: String) { self.route = route }
    deinit { print("screen \(route) deinit") }
}

final class Registry {
    static let shared = Registry()
    var screens: [String: Screen] = [:]

    func show(_ route: String) {
        if screens[route] == nil { screens[route] = Screen(route: route) }
    }
}

final class TimerManager {
    private var timers: [String: Timer] = [:]
    private var ticks = [String: Int]()

    func start(_ key: String, every interval: TimeInterval) {
        timers[key]?.invalidate()
        timers[key] = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            self?.ticks[key, default: 0] += 1
        }
    }

    func stop(_ key: String) {
        timers.removeValue(forKey: key)?.invalidate()
    }

    func forget(_ key: String) {
        timers[key] = nil  // the bug: the run loop still holds the timer, which keeps firing
    }

    func summary() {
        let keys = ticks.keys.sorted()
        print("running \(timers.count), keys \(keys)")
        for key in keys {
            print("\(key) ticked \(ticks[key, default: 0])")
        }
    }
}

let manager = TimerManager()
manager.start("poll", every: 0.5)
manager.start("sync", every: 1.0)
Registry.shared.show("home")
Registry.shared.show("cart")

scenario.at(.milliseconds(1200), "leave the feed") {
    manager.stop("poll")
    manager.forget("sync")
}
scenario.at(.seconds(3), "close the cart") { Registry.shared.screens.removeValue(forKey: "cart") }
scenario.at(.milliseconds(4200), "summary") { manager.summary() }

scenario.expect(.all, [
    "logs": 4, "logs[0].text": "screen cart deinit", "logs[0].at_ms": 3000,
    "logs[1].text": "running 0, keys [\"poll\", \"sync\"]", "logs[2].text": "poll ticked 2",
    "logs[3].text": "sync ticked 4", "timers.fires": 6,
])
