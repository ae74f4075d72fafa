// A GCD timer kept in a `let` property, as a screen's ticker is often written: the source is made in the property's
// initial value, scheduled and given its handler in `init`, and resumed and suspended by the screen's appearance.
// Swift runs the initial value before init's body (The Swift Programming Language, "Initialization" › "Default
// Property Values"); `makeTimerSource` returns the source suspended (Apple, `dispatch_source_create`: "Dispatch
// sources are created in a suspended state"), so nothing fires until `resume()`. While suspended the timer keeps
// firing into the source's data and the resume runs the handler once for the merged fires (libdispatch,
// `dispatch_suspend`: the handler is not called while suspended; `dispatch_source_get_data` counts the fires).
// Ticks at 0.5 s and 1 s; hidden at 1.2 s; shown at 2.2 s (one handler call for the fires at 1.5 s and 2 s), then
// 2.5 s, 3 s; cancelled at 3.2 s.
import Foundation

let scenario = Scenario(
    "Pasted: a dispatch timer property suspended while hidden", until: .seconds(4),
    variants: [.ios13, .linuxCorelibs])

final class ClockViewModel {
    private let timer: DispatchSourceTimer = DispatchSource.makeTimerSource(queue: .main)
    private var isVisible = false
    private(set) var ticks = 0

    init() {
        timer.setEventHandler { [weak self] in
            guard let self = self else { return }
            self.ticks += 1
            print("tick \(self.ticks)")
        }
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
    }

    func viewWillAppear() {
        guard !isVisible else { return }
        isVisible = true
        timer.resume()
    }

    func viewDidDisappear() {
        guard isVisible else { return }
        isVisible = false
        timer.suspend()
    }

    func tearDown() {
        timer.cancel()
    }
}

let model = ClockViewModel()
model.viewWillAppear()
scenario.at(.milliseconds(1200), "hide") { model.viewDidDisappear() }
scenario.at(.milliseconds(2200), "show") { model.viewWillAppear() }
scenario.at(.milliseconds(3200), "close") { model.tearDown() }
scenario.expect(
    .all,
    ["logs": 5, "logs[1].at_ms": 1000, "logs[2].text": "tick 3", "logs[2].at_ms": 2200, "logs[4].at_ms": 3000])
