// sw13: a repeating DispatchSourceTimer on the main queue, kept in a property, cancels itself from its event
// handler on the third fire: no fourth fire (dispatch_source_cancel: "prevents any further invocation of its
// event handler block"), on its 400 ms grid from 200 ms (dispatch_source_set_timer's start and interval).
import Foundation

let scenario = Scenario(
    "sw13 a dispatch timer cancels itself from its handler", until: .seconds(2), variants: [.linuxCorelibs])

class Heartbeat {
    var source: DispatchSourceTimer?
    var beats = 0

    func start() {
        source = DispatchSource.makeTimerSource(queue: .main)
        source?.schedule(deadline: .now() + 0.2, repeating: 0.4)
        source?.setEventHandler { [weak self] in
            guard let self else { return }
            self.beats += 1
            print("beat")
            if self.beats == 3 {
                self.source?.cancel()
            }
        }
        source?.resume()
    }
}

let heartbeat = Heartbeat()
heartbeat.start()

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].at_ms": 200, "logs[1].at_ms": 600, "logs[2].at_ms": 1000, "logs[2].thread": "main",
])
