// sw14: three blocks on a serial dispatch queue, each taking 200 ms: they run one at a time in FIFO order on a
// pool thread, so they finish at 200, 400 and 600 ms; a block sent to the main queue meanwhile runs at once
// (dispatch_queue_create with DISPATCH_QUEUE_SERIAL: "blocks execute one at a time in FIFO order").
import Foundation

let decodeQueue = DispatchQueue(label: "com.example.decode")

let scenario = Scenario(
    "sw14 a serial queue runs its blocks one at a time, in order", until: .seconds(1), variants: [.linuxCorelibs])

class Gallery {
    func decodeAll() {
        for page in 1...3 {
            decodeQueue.async {
                Thread.sleep(forTimeInterval: 0.2)
                print("decoded page \(page)")
            }
        }
        DispatchQueue.main.async {
            print("spinner shown")
        }
    }
}

let gallery = Gallery()
gallery.decodeAll()

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "spinner shown", "logs[0].at_ms": 0, "logs[1].at_ms": 200,
    "logs[2].at_ms": 400, "logs[3].at_ms": 600, "logs[3].thread": "worker-1",
])
