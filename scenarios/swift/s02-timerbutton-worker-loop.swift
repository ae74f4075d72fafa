// models: scenarios/swift/modelled/s02-timerbutton-worker-loop.m
// S1/S2 in Swift: the "get code" countdown button runs its Timer on a GCD worker thread's run loop.
// The page is popped mid-countdown; its deinit invalidates the timer from the MAIN thread. Before iOS 10 the
// worker's timer port still fires once at the removed timer's old deadline and the worker's run returns; from
// iOS 10 nothing wakes it: parked for ever, with the button its closure captured (runloop-semantics.md §4).
// YAML twin: scenarios/s02-timerbutton-worker-loop.yaml.
import Foundation

let scenario = Scenario(
    "TimerButton countdown on a worker run loop (the bug, Swift)",
    covers: ["S1", "S2"], seed: 1, until: .seconds(30), variants: [.ios9, .ios10])

class RegisterPage {  // the view controller pushed by "get code"
    var button: TimerButton?

    deinit {
        button?.timer?.invalidate()
    }
}

class TimerButton {
    weak var timer: Timer?
    var runloop: CFRunLoop?
    var count = 5

    func timerAction() {
        DispatchQueue.global().async {
            // iOS 9 has no block-based Timer: the NSTimer+Addition idiom carries the block in userInfo.
            self.timer = Timer.scheduledTimer(
                timeInterval: 1, target: Timer.self, selector: #selector(Timer.ls_runBlock(_:)),
                userInfo: {
                    self.count -= 1
                    if self.count == 0 {
                        self.timer?.invalidate()
                        CFRunLoopStop(CFRunLoopGetCurrent())
                    } else {
                        DispatchQueue.main.async {
                            self.showSecondsLeft()  // the block uses self: it captures self strongly
                        }
                    }
                }, repeats: true)
            self.timer?.fire()
            self.runloop = CFRunLoopGetCurrent()
            RunLoop.current.run(mode: .default, before: .distantFuture)
        }
    }

    func showSecondsLeft() {
        print("title shows the seconds left")
    }
}

var page: RegisterPage? = RegisterPage()
page?.button = TimerButton()
page?.button?.timerAction()

scenario.at(.milliseconds(3500), "pop the page") {
    page = nil
}

scenario.expect(.ios9, [
    "objects.leaked": 0, "objects.abandoned": 0, "threads.parked": 0,
    "runloop_exits[0].thread": "worker-1", "runloop_exits[0].at_ms": 4000, "runloop_exits[0].result": "finished",
])
scenario.expect(.ios10, [
    "objects.abandoned": 1, "threads.parked": 1, "threads.parked_names[0]": "worker-1",
    "leaks[0].class": "TimerButton", "leaks[0].kind": "abandoned", "leaks[0].path[0]": "thread worker-1 frame",
    "runloop_exits": "== 0",
])
