// sw103: a player's state machine written as a `switch` over a tuple of two of the file's enums, and a poller held
// through a protocol with property requirements, real and simulated on Linux. A repeating Timer feeds the machine
// one event each 100 ms: `switch (state, event)` tries its cases in order and runs the first whose every element
// matches (The Swift Programming Language, "Control Flow" › "Tuples"; "Patterns" › "Tuple Pattern"), so
// `(.playing, _)` only catches what the exact cases before it did not, `(_, .reset)` any state, and the two
// patterns of `case (.playing, .stop), (.paused, .stop)` either. A second switch over `(Bool, Int)` binds an
// element (`case (true, let n) where n > 2`). The poller is `let poller: Poller = FastPoller()`, its `interval` and
// `observers` read and appended to through the protocol type ("Protocols" › "Property Requirements"); its timer's
// interval is the requirement's value.
import Foundation

let scenario = Scenario("sw103 tuple switch and protocol properties", until: .seconds(2), variants: [.linuxCorelibs])

enum State { case idle, playing, paused, stopped }
enum Event { case play, pause, stop, reset }

final class Observer {
    var name = ""
}

protocol Poller: AnyObject {
    var interval: TimeInterval { get }
    var observers: [Observer] { get set }
    func start()
}

final class FastPoller: Poller {
    var interval: TimeInterval = 0.25
    var observers: [Observer] = []
    var ticks = 0
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.ticks += 1
            print("poll \(self.ticks) to \(self.observers.count)")
            if self.ticks == 3 { timer.invalidate() }
        }
    }
}

final class Player {
    var state: State = .idle
    var retries = 0
    var step = 0
    var timer: Timer?
    let script: [Event] = [.play, .play, .pause, .play, .pause, .stop, .pause, .reset]

    func handle(_ event: Event) {
        switch (state, event) {
        case (.idle, .play):
            state = .playing
        case (.playing, .pause):
            state = .paused
        case (.paused, .play):
            state = .playing
        case (.playing, .stop), (.paused, .stop):
            state = .stopped
        case (_, .reset):
            state = .idle
        case (.playing, _):
            print("already playing")
        default:
            print("ignored \(event) in \(state)")
        }
        print("state \(state)")
    }

    func retry(_ failed: Bool) {
        switch (failed, retries) {
        case (false, _): print("ok")
        case (true, 0): print("first retry")
        case (true, let n) where n > 2: print("giving up after \(n)")
        case (true, let n): print("retry \(n)")
        }
        retries += 1
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.handle(self.script[self.step])
            self.step += 1
            if self.step == self.script.count { timer.invalidate() }
        }
    }
}

let player = Player()
let poller: Poller = FastPoller()

scenario.at(.milliseconds(50), "start") {
    player.start()
}

scenario.at(.milliseconds(80), "poll") {
    poller.observers.append(Observer())
    poller.observers.append(Observer())
    if poller.interval < 0.5 { print("fast, observers \(poller.observers.count)") }
    poller.start()
}

scenario.at(.milliseconds(1000), "retries") {
    for failed in [true, false, true, true, true] { player.retry(failed) }
}

scenario.expect(.linuxCorelibs, [
    "logs": 19,
    "logs[0].text": "fast, observers 2", "logs[0].at_ms": 80,
    "logs[1].text": "state playing", "logs[1].at_ms": 150,
    "logs[2].text": "already playing", "logs[3].text": "state playing", "logs[3].at_ms": 250,
    "logs[4].text": "poll 1 to 2", "logs[4].at_ms": 330,
    "logs[5].text": "state paused", "logs[6].text": "state playing", "logs[7].text": "state paused",
    "logs[8].text": "poll 2 to 2", "logs[8].at_ms": 580,
    "logs[9].text": "state stopped", "logs[9].at_ms": 650,
    "logs[10].text": "ignored pause in stopped", "logs[11].text": "state stopped",
    "logs[12].text": "poll 3 to 2", "logs[12].at_ms": 830,
    "logs[13].text": "state idle", "logs[13].at_ms": 850,
    "logs[14].text": "first retry", "logs[14].at_ms": 1000, "logs[15].text": "ok", "logs[16].text": "retry 2",
    "logs[17].text": "giving up after 3", "logs[18].text": "giving up after 4",
    "timers.fires": 11, "objects.leaked": 0,
])
