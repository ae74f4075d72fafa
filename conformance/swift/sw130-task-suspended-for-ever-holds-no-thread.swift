// sw130: a Task suspended for ever holds no thread. A main-actor task awaits a bridge whose
// `withUnsafeContinuation` body drops its continuation (an unsafe one logs nothing: no canary), so the task never
// resumes and "got" is never printed. Meanwhile the main thread is not blocked: its RunLoop runs a repeating Timer
// (200, 400, 600 ms) and a main-queue block that a pool job queues at 300 ms — the pool's thread is free for that job
// too. An async function can "give up its thread" (SE-0296, "Proposed solution"); what would resume the task is
// its continuation, gone. The model reports the task under tasks.suspended, and no thread parked or waiting.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw130 a task suspended for ever holds no thread", until: .seconds(1), variants: [.linuxCorelibs])

final class Bridge {
    func value(_ id: Int) async -> Int {
        await withUnsafeContinuation { continuation in
            print("asked \(id)")
        }
    }
}

let bridge = Bridge()
let loader = Task { @MainActor in
    let v = await bridge.value(1)
    print("got \(v)")
}

final class Ticker {
    var ticks = 0
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] t in
            guard let self else { return }
            self.ticks += 1
            print("tick \(self.ticks)")
            if self.ticks == 3 { t.invalidate() }
        }
    }
}

let ticker = Ticker()
ticker.start()
DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
    print("pool job")
    DispatchQueue.main.async { print("main after pool") }
}

scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "asked 1", "logs[0].at_ms": 0,
    "logs[1].text": "tick 1", "logs[1].at_ms": 200,
    "logs[2].text": "pool job", "logs[2].at_ms": 300,
    "logs[3].text": "main after pool", "logs[3].at_ms": 300, "logs[3].thread": "main",
    "logs[4].text": "tick 2", "logs[4].at_ms": 400,
    "logs[5].text": "tick 3", "logs[5].at_ms": 600,
    "logged": ["got 1": 0],
    "threads.parked": 0, "threads.waiting": 0,
    "tasks.suspended": 1, "tasks.suspended_names[0]": "Task loader", "tasks.waiting": 0,
])
