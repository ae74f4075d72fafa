// A DispatchSourceTimer kept in a property, its handler capturing self weakly: it beats at 1, 2 and 3 s; the
// release at 3.5 s runs deinit, which cancels the source (Apple, DispatchSource.cancel()).
import Foundation

let scenario = Scenario("A dispatch timer kept in a property and cancelled in deinit", until: .seconds(6),
                        variants: [.ios10, .linuxCorelibs])

final class HeartbeatService {
    private var timer: DispatchSourceTimer?
    private var beats = 0

    func start() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.main)
        source.schedule(deadline: .now() + 1, repeating: 1.0)
        source.setEventHandler { [weak self] in
            self?.beats += 1
            print("beat")
        }
        source.resume()
        timer = source
    }

    deinit {
        timer?.cancel()
        print("HeartbeatService deinit")
    }
}

var service: HeartbeatService? = HeartbeatService()
service?.start()

scenario.at(.milliseconds(3500), "log out") {
    service = nil
}

scenario.expect(.all, ["logs": 4, "logs[3].text": "HeartbeatService deinit", "objects.leaked": 0,
                       "objects.abandoned": 0])
