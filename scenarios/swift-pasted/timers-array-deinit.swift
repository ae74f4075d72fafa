// A dashboard keeps its repeating timers in an array, `private var timers: [Timer] = []`, appending each one it
// schedules. One controller invalidates them all in `deinit` (`timers.forEach { $0.invalidate() }`); the other,
// pasted before the fix, only empties the array. An array's buffer holds strong references (The Swift Programming
// Language, "Collection Types"), but a scheduled timer is also retained by its run loop until it is invalidated
// (Apple, `Timer`: "run loops maintain strong references to their timers"; `invalidate()`: "the only way to remove
// a timer from an NSRunLoop object"). So dropping the array does not stop the forgetful controller's timers: after
// the dismissal at 2.5 s they keep firing (3, 4 and 5 s, twice each), held by the run loop alone, abandoned
// (docs/scenario-format.md §10.1; their closures capture nothing, so they are global blocks, not objects). The
// careful controller's timers stop with it: 2 timers × 2 fires, then the legacy ones' 2 × 5: 14 fires.
import Foundation

let scenario = Scenario(
    "Pasted: timers kept in an array, invalidated in deinit or forgotten", until: .milliseconds(5500),
    variants: [.ios10, .ios13])

final class DashboardController {
    private var timers: [Timer] = []
    private var refreshes = 0

    func start() {
        for interval in 1...2 {
            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                self?.refresh()
            }
            timers.append(timer)
            print("dashboard scheduled \(interval), \(timers.count) timers")
        }
    }

    func refresh() {
        refreshes += 1
    }

    deinit {
        timers.forEach { $0.invalidate() }
        print("dashboard deinit, invalidated \(timers.count)")
    }
}

final class LegacyDashboardController {
    var timers = [Timer]()

    func start() {
        timers.append(Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("legacy tick") })
        timers += [Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("legacy tick") }]
    }

    deinit {
        print("legacy deinit with \(timers.count) timers, first valid: \(timers.first?.isValid ?? false)")
        timers.removeAll()
    }
}

var dashboard: DashboardController? = DashboardController()
var legacy: LegacyDashboardController? = LegacyDashboardController()
dashboard?.start()
legacy?.start()

scenario.at(.milliseconds(2500), "dismiss both") {
    dashboard = nil
    legacy = nil
}

scenario.expect(
    .all,
    [
        "logs[0].text": "dashboard scheduled 1, 1 timers",
        "logs[1].text": "dashboard scheduled 2, 2 timers",
        "timers.fires": 14,
        "logs[6].text": "dashboard deinit, invalidated 2",
        "objects.abandoned": 2,
        "leaks[0].object": "timers",
        "leaks[0].class": "NSTimer",
        "leaks[0].kind": "abandoned",
        "leaks[0].cause": "removed from an array",
        "leaks[0].holder": "runloop",
        "leaks[1].class": "NSTimer",
    ])
