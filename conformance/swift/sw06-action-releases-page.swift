// sw06: a user action at 1.5 s releases the page; its deinit runs at once, on the main thread, and invalidates its
// repeating timer, whose ticks stop (Swift ARC: deinit when the last strong reference goes; Timer's block API).
// Compared on the real run loop: the ticks' logs with their counts, the delivery, the deinit's log.
import Foundation

let scenario = Scenario(
    "sw06 an action releases the page and its deinit stops the timer", until: .seconds(3),
    variants: [.linuxCorelibs])

class Page {
    var timer: Timer?
    var ticks = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.ticks += 1
            print("tick \(self.ticks)")
        }
    }

    deinit {
        timer?.invalidate()
        print("page deinit")
    }
}

var page: Page? = Page()
page?.start()

scenario.at(.milliseconds(1250), "close the page") {
    page = nil
}

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[1].at_ms": 1000, "logs[2].text": "page deinit", "logs[2].at_ms": 1250, "timers.fires": 2,
])
