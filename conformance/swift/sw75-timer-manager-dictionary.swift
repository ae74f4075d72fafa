// sw75: a timer manager keeps one repeating timer per key in a `[String: Timer]`, and tick counts in a
// `[String: Int]` updated with `counts[key, default: 0] += 1`. `stop` removes the key and invalidates the timer it
// got back (`removeValue(forKey:)?.invalidate()`); restarting a key invalidates the timer it replaces; a registry
// holds screens in a `[String: Screen]` whose removal runs the screen's deinit at once. The summary prints the
// counts in sorted key order, since Swift's dictionary order is unpredictable (Apple, Dictionary; The Swift
// Programming Language, "Collection Types"). Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw75 dictionaries: a timer per key", until: .milliseconds(3500), variants: [.linuxCorelibs])

final class Screen {
    let route: String
    init(route: String) { self.route = route }
    deinit { print("screen \(route) deinit") }
}

final class TimerManager {
    private var timers: [String: Timer] = [:]
    private var ticks = [String: Int]()
    var screens: [String: Screen] = [:]

    func start(_ key: String, every interval: TimeInterval) {
        timers[key]?.invalidate()
        timers[key] = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            self?.ticks[key, default: 0] += 1
        }
    }

    func stop(_ key: String) {
        timers.removeValue(forKey: key)?.invalidate()
        print("stopped \(key): \(timers.count) running, \(ticks[key] ?? 0) ticks")
    }

    func summary() {
        for key in ticks.keys.sorted() {
            print("\(key) ticked \(ticks[key, default: 0])")
        }
        print("running \(timers.count), empty \(timers.isEmpty)")
    }
}

let manager = TimerManager()
manager.start("poll", every: 0.4)
manager.start("sync", every: 1.0)
manager.screens["cart"] = Screen(route: "cart")

scenario.at(.milliseconds(1000), "restart poll") { manager.start("poll", every: 0.3) }
scenario.at(.milliseconds(1700), "stop poll") { manager.stop("poll") }
scenario.at(.milliseconds(2200), "close cart") { manager.screens["cart"] = nil }
scenario.at(.milliseconds(2600), "stop sync") { manager.stop("sync") }
scenario.at(.milliseconds(3000), "summary") { manager.summary() }

scenario.expect(.linuxCorelibs, [
    "logs": 6, "logs[0].text": "stopped poll: 1 running, 4 ticks", "logs[0].at_ms": 1700,
    "logs[1].text": "screen cart deinit", "logs[1].at_ms": 2200, "logs[2].text": "stopped sync: 0 running, 2 ticks",
    "logs[3].text": "poll ticked 4", "logs[4].text": "sync ticked 2", "logs[5].text": "running 0, empty true",
])
