// A blinking cursor view made in code: `override init(frame:)` schedules a target/selector timer on `self`, with
// the `required init?(coder:)` stub beside it. A timer retains its target until invalidated (Apple,
// `scheduledTimer(timeInterval:target:selector:userInfo:repeats:)`: "The timer maintains a strong reference to
// target until it is invalidated") and the run loop retains the timer, so when the editor drops the view at 2.5 s
// the view stays alive and keeps blinking; the deinit that would invalidate the timer never runs.
import UIKit

let scenario = Scenario(
    "Pasted: a view's init(frame:) timer keeps the view", until: .seconds(5), variants: [.ios9, .ios10])

final class CursorView: UIView {
    private var blinkTimer: Timer?
    private var isOn = true

    override init(frame: CGRect) {
        super.init(frame: frame)
        blinkTimer = Timer.scheduledTimer(
            timeInterval: 0.5, target: self, selector: #selector(blink), userInfo: nil, repeats: true)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    @objc private func blink() {
        isOn = !isOn
    }

    deinit {
        blinkTimer?.invalidate()
    }
}

var cursor: CursorView? = CursorView(frame: CGRect(x: 0, y: 0, width: 2, height: 20))

scenario.at(.milliseconds(2500), "close the editor") { cursor = nil }

scenario.expect(.all, [
    "objects.abandoned": 2, "leaks[0].class": "CursorView", "timers.fires": 10,
])
