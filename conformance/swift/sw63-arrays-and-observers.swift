// sw63: a board keeps its repeating timers in `[Timer]` and invalidates them from `deinit` with `forEach`; a log
// keeps `[String]` lines as a bounded buffer (`append`, `removeFirst()`, `count`, `for … in`); a restart property
// `var timer: Timer? { didSet { oldValue?.invalidate() } }` replaces its timer twice, so only the newest fires, and
// a `didSet` on an `Int` prints each change but the one made in `init` (The Swift Programming Language,
// "Collection Types", "Property Observers"; Apple, `Timer.invalidate()`).
import Foundation

let scenario = Scenario("sw63 arrays and property observers", until: .milliseconds(2600), variants: [.linuxCorelibs])

final class Board {
    private var timers: [Timer] = []

    func start() {
        for _ in 0..<2 {
            timers.append(Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in print("board tick") })
        }
        print("board has \(timers.count) timers")
    }

    deinit {
        timers.forEach { $0.invalidate() }
        print("board deinit")
    }
}

final class Restarter {
    var timer: Timer? {
        didSet {
            oldValue?.invalidate()
        }
    }
    var restarts: Int {
        didSet { print("restart \(restarts)") }
    }
    private var lines: [String] = []

    init() {
        restarts = 0
    }

    func restart() {
        restarts += 1
        timer = Timer.scheduledTimer(withTimeInterval: 0.4, repeats: true) { [weak self] _ in
            self?.note()
        }
    }

    func note() {
        lines.append("fire")
        if lines.count > 2 {
            lines.removeFirst()
        }
        for line in lines {
            print(line)
        }
    }
}

var board: Board? = Board()
board?.start()
let restarter = Restarter()
restarter.restart()
scenario.at(.milliseconds(300), "restart") { restarter.restart() }
scenario.at(.milliseconds(600), "restart") { restarter.restart() }
scenario.at(.milliseconds(1500), "close the board") { board = nil }
scenario.at(.milliseconds(1700), "stop") { restarter.timer = nil }

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "board has 2 timers", "logs[1].text": "restart 1", "logs[2].text": "restart 2",
    "logs[3].text": "restart 3", "logs[4].text": "board tick", "logs[6].text": "fire", "logs[8].text": "fire",
    "logs[9].text": "board deinit", "logs[9].at_ms": 1500, "timers.fires": 4, "objects.leaked": 0,
])
