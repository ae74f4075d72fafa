// A poller reads its polling interval (in seconds) from settings entries through a parser whose `parse(_:)` throws
// `ParseError.outOfRange` for a value outside 1...5 and `ParseError.negative` for one below zero. The poller uses
// `try?` — a throw makes the value nil (The Swift Programming Language, "Error Handling" › "Converting Errors to
// Optional Values") — and falls back to 2 s with `??`; `guard let … = try?` skips an entry. Each tick of its
// repeating `Timer` takes the next entry, and an entry that parses changes the interval: the timer is invalidated
// and scheduled again. `try!` is kept for the first entry, which the app ships and knows to be valid.
import Foundation

let scenario = Scenario(
    "A parser with try? and a default, driving a timer's interval", until: .milliseconds(11500),
    variants: [.ios13, .linuxCorelibs])

enum ParseError: Error {
    case outOfRange
    case negative
}

final class IntervalParser {
    func parse(_ raw: Int) throws -> Int {
        guard raw >= 0 else { throw ParseError.negative }
        if raw < 1 || raw > 5 { throw ParseError.outOfRange }
        return raw
    }
}

final class Poller {
    let parser = IntervalParser()
    var entries: [Int] = [9, -1, 1, 7]
    var next = 0
    var timer: Timer?
    var polls = 0

    func start() {
        let first = try! parser.parse(3)
        let fallback = try? parser.parse(entries[0])
        schedule(fallback ?? first)
    }

    func schedule(_ seconds: Int) {
        timer?.invalidate()
        print("every \(seconds) s")
        timer = Timer.scheduledTimer(withTimeInterval: TimeInterval(seconds), repeats: true) { [weak self] _ in
            self?.poll()
        }
    }

    func poll() {
        polls += 1
        print("poll \(polls)")
        guard next < entries.count else { return }
        let raw = entries[next]
        next += 1
        guard let seconds = try? parser.parse(raw) else {
            print("entry \(next) skipped")
            return
        }
        schedule(seconds)
    }
}

let poller = Poller()
poller.start()

scenario.expect(.all, [
    "logs": 10, "logs[0].text": "every 3 s",
    "logs[1].text": "poll 1", "logs[1].at_ms": 3000, "logs[2].text": "entry 1 skipped",
    "logs[3].text": "poll 2", "logs[3].at_ms": 6000, "logs[4].text": "entry 2 skipped",
    "logs[5].text": "poll 3", "logs[5].at_ms": 9000, "logs[6].text": "every 1 s",
    "logs[7].text": "poll 4", "logs[7].at_ms": 10000, "logs[8].text": "entry 4 skipped",
    "logs[9].text": "poll 5", "logs[9].at_ms": 11000,
])
