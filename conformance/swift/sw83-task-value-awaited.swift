// sw83: a task's value (SE-0304, `Task.value`): a detached task returns 42 after sleeping 200 ms; a main-actor
// task awaiting `loader.value` suspends until then and reads 42 on the main thread (swift
// `swift_task_future_wait`: the waiter resumes on its own executor with the result the future stored,
// `AsyncTask::completeFuture`); awaited again once finished, the value is there at once, and a second task that
// returns a string is read after it.
import Foundation

let scenario = Scenario("sw83 task value awaited", until: .seconds(2), variants: [.linuxCorelibs])

let loader = Task.detached {
    try? await Task.sleep(nanoseconds: 200_000_000)
    return 42
}

let namer = Task.detached {
    try? await Task.sleep(nanoseconds: 300_000_000)
    return "done"
}

Task { @MainActor in
    print("waiting")
    let n: Int = await loader.value
    print("loaded \(n) on main: \(Thread.isMainThread)")
    let again: Int = await loader.value
    print("again \(again)")
    let name: String = await namer.value
    print("named \(name)")
}
RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.6))
print("end")

scenario.expect(.linuxCorelibs, [
    "logs[0].text": "waiting",
    "logs[1].text": "loaded 42 on main: true", "logs[1].at_ms": 200,
    "logs[2].text": "again 42", "logs[2].at_ms": 200,
    "logs[3].text": "named done", "logs[3].at_ms": 300,
    "logs[4].text": "end",
])
