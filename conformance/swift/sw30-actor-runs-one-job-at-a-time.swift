// sw30: an actor is a serial executor (c108 in Swift). Three detached tasks await a method of one actor that takes
// its thread for 200 ms: the actor runs one job at a time, first in first out (swift Actor.cpp,
// swift_defaultActor_enqueue), so they end at 200, 400 and 600 ms although the cooperative pool has two threads; a
// fourth detached task that touches no actor runs at once beside them.
import Foundation

let scenario = Scenario(
    "sw30 an actor runs one job at a time", until: .seconds(2), variants: [.linuxCorelibs])

actor Store {
    var count = 0

    func save() {
        Thread.sleep(forTimeInterval: 0.2)
        count += 1
        print("saved")
    }
}

let store = Store()
for _ in 0..<3 {
    Task.detached {
        await store.save()
    }
}
Task.detached {
    Thread.sleep(forTimeInterval: 0.1)
    print("free job done")
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "free job done", "logs[0].at_ms": 100, "logs[1].text": "saved", "logs[1].at_ms": 200,
    "logs[2].at_ms": 400, "logs[3].at_ms": 600,
])
