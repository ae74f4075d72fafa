// sw76: a DispatchSourceTimer made in a `let` property's initial value (Swift runs it before init's body: The Swift
// Programming Language, "Initialization" › "Default Property Values"), scheduled and given its handler in `init`,
// resumed from a method, suspended at 700 ms and resumed at 1300 ms, cancelled at 1900 ms. It fires on its 400 ms
// grid from 200 ms (dispatch_source_set_timer); the fire at 1000 ms lands while suspended and is delivered as one
// handler call at the resume (dispatch_suspend: the handler is not invoked while suspended; the fires coalesce into
// the source's data), then 1400 ms and 1800 ms; nothing after the cancel (dispatch_source_cancel).
import Foundation

let scenario = Scenario(
    "sw76 a dispatch timer property suspended and resumed", until: .milliseconds(2500), variants: [.linuxCorelibs])

final class Ticker {
    private let timer: DispatchSourceTimer = DispatchSource.makeTimerSource(queue: .main)
    private var ticks = 0

    init() {
        timer.schedule(deadline: .now() + 0.2, repeating: 0.4)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.ticks += 1
            print("tick \(self.ticks)")
        }
    }

    func start() { timer.resume() }
    func pause() { timer.suspend() }
    func stop() { timer.cancel() }
}

let ticker = Ticker()
ticker.start()
scenario.at(.milliseconds(700), "pause") { ticker.pause() }
scenario.at(.milliseconds(1300), "resume") { ticker.start() }
scenario.at(.milliseconds(1900), "stop") { ticker.stop() }

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].at_ms": 200, "logs[1].at_ms": 600, "logs[2].at_ms": 1300, "logs[2].text": "tick 3",
    "logs[3].at_ms": 1400, "logs[4].at_ms": 1800, "logs[4].thread": "main",
])
