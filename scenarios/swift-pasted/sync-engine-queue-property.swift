// A serial queue kept in a property schedules a timer from its block: the timer goes into the pool thread's
// run loop, which nobody runs (Apple, "Run Loops": a secondary thread's loop must be run explicitly), so it
// never fires.
import Foundation

let scenario = Scenario("A timer scheduled on a serial queue's thread never fires", until: .seconds(5),
                        variants: [.ios10, .linuxCorelibs])

final class SyncEngine {
    private let queue = DispatchQueue(label: "com.example.sync")
    private var timer: Timer?
    private var syncs = 0

    func start() {
        queue.async {
            self.timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                self?.syncs += 1
                print("sync")
            }
        }
    }
}

let engine = SyncEngine()
engine.start()

scenario.expect(.all, ["timers.fires": 0, "logs": 0])
