// sw77: a task group whose children are added in a `for` loop (SE-0304, TaskGroup.addTask): each turn's closure
// captures that turn's `let` loop constant (the Swift book, "Capturing Values"), the children run on the
// cooperative pool as they are added, and the group's end waits for all of them (swift TaskGroup.cpp, waitAll).
// On 2 pool threads, children that take their threads for 100, 200, 100 and 50 ms: 0 and 1 start at once, 2
// starts at 100 ms when 0 ends, 3 at 200 ms when 1 and 2 end; the main-actor parent goes on at 250 ms. An `if`
// skips one id, and `await group.waitForAll()` in the middle waits for the children added so far.
import Foundation

let scenario = Scenario(
    "sw77 task group children added in a loop", until: .seconds(1), variants: [.linuxCorelibs])

let work = [100, 200, 100, 7, 50]

Task { @MainActor in
    print("group starts")
    await withTaskGroup(of: Void.self) { group in
        for (index, ms) in work.enumerated() {
            if ms < 10 {
                continue
            }
            let seconds = Double(ms) / 1000
            group.addTask {
                Thread.sleep(forTimeInterval: seconds)
                print("child \(index) done")
            }
        }
    }
    print("group ended")
    await withTaskGroup(of: Void.self) { group in
        for i in 0..<2 {
            group.addTask {
                try? await Task.sleep(nanoseconds: 30_000_000)
                print("first half \(i)")
            }
        }
        await group.waitForAll()
        print("first half waited")
        group.addTask {
            print("second half")
        }
    }
    print("second group ended")
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.6))
print("done")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "group starts", "logs[1].text": "child 0 done", "logs[1].at_ms": 100,
    "logs[2].at_ms": 200, "logs[3].at_ms": 200, "logs[4].text": "child 4 done", "logs[4].at_ms": 250,
    "logs[5].text": "group ended", "logs[5].at_ms": 250, "logs[8].text": "first half waited",
    "logs[8].at_ms": 280, "logs[9].text": "second half", "logs[10].text": "second group ended",
])
