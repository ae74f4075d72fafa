// The app code of s02-timerbutton-swift-app.yaml beside it (S1/S2): a YAML scenario takes its classes and launch
// code from this file (`swift: TimerButton.swift`) and keeps the experiment itself: what the user does and
// when, the variants and the expectations (docs/swift-scenarios.md, "App code in Swift files").
// Not a scenario on its own: it declares no `Scenario`.
import Foundation

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
