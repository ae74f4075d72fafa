// sw65: String(format:). A countdown label writes its remaining seconds as `%02d:%02d` and a badge as `%3d%@`
// at each tick of a 250 ms timer, and stops at 61 s left. Foundation writes the integer conversions as C's printf
// does (Apple, `String(format:)`: "String Format Specifiers"; ISO C 7.21.6.1), so the texts are the same on the
// real Foundation and in the model: 01:04, 01:03, 01:02, 01:01.
import Foundation

let scenario = Scenario(
    "sw65 String(format:): a countdown label's minutes and seconds", until: .milliseconds(1500),
    variants: [.linuxCorelibs])

final class CountdownLabel {
    private var remaining = 65
    private var timer: Timer?
    private(set) var text = ""

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.remaining -= 1
            self.text = String(format: "%02d:%02d", self.remaining / 60, self.remaining % 60)
            print(self.text, String(format: "[%3d%@]", self.remaining, "s"))
            if self.remaining <= 61 { timer.invalidate() }
        }
    }
}

let label = CountdownLabel()
label.start()

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "01:04 [ 64s]", "logs[0].at_ms": 250, "logs[1].text": "01:03 [ 63s]",
    "logs[2].text": "01:02 [ 62s]", "logs[3].text": "01:01 [ 61s]", "logs[3].at_ms": 1000, "timers.fires": 4,
])
