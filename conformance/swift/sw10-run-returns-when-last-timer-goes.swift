// sw10: a GCD worker runs its thread's run loop with RunLoop.run() and a repeating block timer as its only input
// source; when the timer invalidates itself from its own closure, the default mode has nothing left, so
// CFRunLoopRunSpecific returns kCFRunLoopRunFinished and run() returns: the block goes on (Apple's RunLoop.run()
// reference: "If no input sources or timers are attached to the run loop, this method exits"; CFRunLoop.c,
// __CFRunLoopModeIsEmpty checked after each pass).
import Foundation

let scenario = Scenario(
    "sw10 run() returns when its last timer invalidates itself", until: .seconds(4), variants: [.linuxCorelibs])

class Worker {
    var ticks = 0

    func start() {
        DispatchQueue.global().async {
            Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
                self.ticks += 1
                print("tick")
                if self.ticks == 3 {
                    timer.invalidate()
                }
            }
            RunLoop.current.run()
            print("run returned")
        }
    }
}

let worker = Worker()
worker.start()

scenario.expect(.linuxCorelibs, [
    "timers.fires": 3, "logs": 4, "logs[0].at_ms": 500, "logs[2].at_ms": 1500,
    "logs[3].text": "run returned", "logs[3].at_ms": 1500, "logs[3].thread": "worker-1",
])
