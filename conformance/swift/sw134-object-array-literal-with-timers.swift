// sw134: arrays of objects as written. A host keeps an array literal of new warmers, its type inferred
// (`private var warmers = [CacheWarmer(name: "a"), CacheWarmer(name: "b")]`); each warmer runs a repeating Timer
// ([weak self]) and stops it after two fires. The host reads the ends of its stacks (`if let top = warmers.last`,
// `if let id = ids.last`), drops the last warmer with `_ = warmers.popLast()` (the array held it alone, so its deinit
// runs at once), pops an empty array (nil, no trap), and asks a clock through a protocol it is the one conformer of.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw134 object array literal with timers", until: .seconds(2), variants: [.linuxCorelibs])

protocol Clock: AnyObject {
    func ticks() -> Int
}

final class CountingClock: Clock {
    private var count = 0

    func ticks() -> Int {
        count += 1
        return count
    }
}

final class CacheWarmer {
    let name: String
    private var timer: Timer?
    private var fires = 0

    init(name: String) {
        self.name = name
    }

    func start(every interval: TimeInterval) {
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in
            self?.fire()
        }
    }

    private func fire() {
        fires += 1
        print("\(name) fire \(fires)")
        if fires == 2 {
            timer?.invalidate()
            timer = nil
        }
    }

    deinit {
        print("deinit \(name)")
    }
}

final class Host {
    private var warmers = [CacheWarmer(name: "a"), CacheWarmer(name: "b")]
    private var ids: [Int] = [4, 9]
    private var empty: [String] = []
    private let clock: Clock = CountingClock()

    func start() {
        warmers[0].start(every: 0.2)
        warmers[1].start(every: 0.3)
        let tick = clock.ticks()
        if let top = warmers.last {
            print("top \(top.name), tick \(tick)")
        }
    }

    func trim() {
        if let id = ids.last {
            print("last id \(id)")
        }
        _ = warmers.popLast()
        _ = empty.popLast()
        let tick = clock.ticks()
        print("left \(warmers.count), empty \(empty.isEmpty), tick \(tick)")
    }
}

let host = Host()
host.start()
DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
    host.trim()
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "top b, tick 1",
    "logs[1].text": "a fire 1", "logs[1].at_ms": 200,
    "logs[2].text": "b fire 1", "logs[2].at_ms": 300,
    "logs[3].text": "a fire 2", "logs[3].at_ms": 400,
    "logs[4].text": "b fire 2", "logs[4].at_ms": 600,
    "logs[5].text": "last id 9", "logs[5].at_ms": 1000,
    "logs[6].text": "deinit b",
    "logs[7].text": "left 1, empty true, tick 2",
])
