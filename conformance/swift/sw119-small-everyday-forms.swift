// sw119: small everyday forms on Linux's real RunLoop: a capture list naming a property copies it when the closure
// is made (the Swift book, "Automatic Reference Counting" › "Defining a Capture List"), so the queued block prints
// the value before the later store; `isMultiple(of:)` (stdlib BinaryInteger); `max(0, level - 2)` storing into the
// place its second argument reads; `filter` of an array literal at the top level; and an `AsyncStream<Void>` fed
// `yield(())` by a repeating Timer, read by a main-actor task. Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw119 small everyday forms", until: .seconds(2), variants: [.linuxCorelibs])

final class Fader {
    var level = 5
    var count = 1
    func step() {
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { [count] in
            print("count \(count)")
        }
        count = 7
        level = max(0, level - 2)
        if level.isMultiple(of: 3) { print("level \(level) divisible") } else { print("level \(level)") }
    }
    func ticks() -> AsyncStream<Void> {
        AsyncStream { continuation in
            var n = 0
            Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { t in
                n += 1
                continuation.yield(())
                if n == 2 {
                    t.invalidate()
                    continuation.finish()
                }
            }
        }
    }
}

let fader = Fader()
fader.step()
fader.step()
let big = [1, 2, 3, 4].filter { $0 > 2 }
print("big \(big.count)")
Task { @MainActor in
    for await _ in fader.ticks() {
        print("tick")
    }
    print("ticks done")
}

scenario.expect(.linuxCorelibs, [
    "logs": 8,
    "logs[0].text": "level 3 divisible", "logs[0].at_ms": 0,
    "logs[1].text": "level 1", "logs[1].at_ms": 0,
    "logs[2].text": "big 2", "logs[2].at_ms": 0,
    "logs[3].text": "count 1", "logs[3].at_ms": 100,
    "logs[4].text": "count 7", "logs[4].at_ms": 100,
    "logs[5].text": "tick", "logs[5].at_ms": 200,
    "logs[6].text": "tick", "logs[6].at_ms": 400,
    "logs[7].text": "ticks done", "logs[7].at_ms": 400,
])
