// A background thread that keeps its own run loop alive with a timer, written with a typed local
// (`let t: Timer = …`), the labelled `block:` argument, and `_ =` to drop a value. A thread's run loop runs while
// it has a timer or source in its mode (Apple, "Run Loops": "If no input sources or timers are attached to the run
// loop, this method exits immediately"); the timer repeats, so `run()` never returns and the worker keeps running
// it after the app lets go of the engine at 1 s, its timer firing every 0.5 s. The thread holds its block, not the
// engine, so the engine is freed.
import Foundation

let scenario = Scenario(
    "Pasted: a worker thread's run loop kept alive by a repeating timer", until: .seconds(3),
    variants: [.ios10, .ios13])

final class SyncEngine {
    private var worker: Thread?

    func launch() {
        let thread = Thread {
            let t: Timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true, block: { _ in
                print("ping")
            })
            _ = t
            RunLoop.current.run()
        }
        thread.name = "sync"
        thread.start()
        worker = thread
    }
}

var engine: SyncEngine? = SyncEngine()
engine?.launch()

scenario.at(.seconds(1), "log out") { engine = nil }

scenario.expect(.all, [
    "timers.fires": 6, "logs": 6, "logs[0].thread": "sync", "logs[0].at_ms": 500, "objects.leaked": 0,
    "objects.abandoned": 0, "threads.parked": 0,
])
