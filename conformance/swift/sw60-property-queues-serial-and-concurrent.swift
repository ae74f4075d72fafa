// sw60: a class keeps a serial and a concurrent queue in properties, as app code does; two blocks of 100 ms each
// run one after the other on the serial queue (the second ends at 200 ms) and side by side on the concurrent one
// (both end at 100 ms).
import Foundation

let scenario = Scenario(
    "sw60 property queues, serial and concurrent", until: .seconds(2), variants: [.linuxCorelibs])

final class Loader {
    private let serial = DispatchQueue(label: "com.app.serial")
    private let concurrent = DispatchQueue(label: "com.app.concurrent", attributes: .concurrent)

    func load() {
        serial.async {
            usleep(100_000)
            print("serial one")
        }
        serial.async {
            usleep(100_000)
            print("serial two")
        }
        concurrent.async {
            usleep(300_000)
            print("concurrent one")
        }
        concurrent.async {
            usleep(300_000)
            print("concurrent two")
        }
    }
}

let loader = Loader()
loader.load()

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "serial one", "logs[0].at_ms": 100, "logs[1].text": "serial two",
    "logs[1].at_ms": 200, "logs[2].at_ms": 300, "logs[3].at_ms": 300,
])
