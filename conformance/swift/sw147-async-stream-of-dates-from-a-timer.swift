// sw147: an AsyncStream<Date> fed by a repeating Timer, as a countdown or a clock screen wraps one: the build closure
// (run at once, inside the initializer) schedules a 300 ms timer whose block yields `Date()`, and `onTermination`
// invalidates it. A main-actor task counts the ticks and logs, from each date it gets, the tenths of a second since
// the start (`Int(date.timeIntervalSince(start) * 10)`: Swift's `Int(_: Double)` truncates), then leaves the loop
// after the third: the iterator held the only copy of the stream, so leaving it terminates the stream (the handler
// runs with `.cancelled`) and the timer stops after three fires. A date yielded into a second stream while nobody
// waits keeps the instant of its yield: read 500 ms later it still says 2 tenths (swift
// stdlib/public/Concurrency/AsyncStream.swift and AsyncStreamBuffer.swift; Foundation's `Date()` is the current
// instant). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw147 AsyncStream of Date from a Timer", until: .seconds(2), variants: [.linuxCorelibs])

final class Clock {
    func ticks(every interval: TimeInterval) -> AsyncStream<Date> {
        AsyncStream(Date.self) { continuation in
            let timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                continuation.yield(Date())
            }
            continuation.onTermination = { termination in
                if case .cancelled = termination { print("ticks cancelled") } else { print("ticks finished") }
                timer.invalidate()
            }
        }
    }
}

let start = Date()
let clock = Clock()
Task { @MainActor in
    var count = 0
    for await date in clock.ticks(every: 0.3) {
        count += 1
        print("tick \(count) at \(Int(date.timeIntervalSince(start) * 10))")
        if count == 3 { break }
    }
    print("ticks done")
}

let (stamps, stamper) = AsyncStream.makeStream(of: Date.self)
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) {
    stamper.yield(Date())
    stamper.finish()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(700)) {
    Task { @MainActor in
        for await stamp in stamps {
            print("stamp \(Int(stamp.timeIntervalSince(start) * 10)) read \(Int(Date().timeIntervalSince(start) * 10))")
        }
        print("stamps done")
    }
}

scenario.expect(.linuxCorelibs, [
    "logs": 7,
    "logs[0].text": "tick 1 at 3", "logs[0].at_ms": 300,
    "logs[1].text": "tick 2 at 6", "logs[1].at_ms": 600,
    "logs[2].text": "stamp 2 read 7", "logs[2].at_ms": 700,
    "logs[3].text": "stamps done",
    "logs[4].text": "tick 3 at 9", "logs[4].at_ms": 900,
    "logs[5].text": "ticks cancelled", "logs[5].at_ms": 900,
    "logs[6].text": "ticks done", "logs[6].at_ms": 900,
    "timers.fires": 3,
])
