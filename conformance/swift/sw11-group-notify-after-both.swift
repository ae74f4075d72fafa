// sw11: two blocks entered in a DispatchGroup run on GCD workers for 300 ms and 600 ms; the group's notify block
// runs on the main queue once both have left, not before (dispatch_group_notify: "the block is submitted to the
// queue when all blocks associated with the group have completed"; libdispatch's semaphore.c,
// _dispatch_group_wake).
import Foundation

let scenario = Scenario(
    "sw11 a group's notify runs on the main queue after its last block", until: .seconds(2),
    variants: [.linuxCorelibs])

class Loader {
    func load() {
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.3)
            print("thumbnails")
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.6)
            print("metadata")
            group.leave()
        }
        group.notify(queue: .main) {
            print("both loaded")
        }
    }
}

let loader = Loader()
loader.load()

scenario.expect(.linuxCorelibs, [
    "logs": 3, "logs[0].text": "thumbnails", "logs[0].at_ms": 300, "logs[1].at_ms": 600,
    "logs[2].text": "both loaded", "logs[2].thread": "main", "logs[2].at_ms": 600,
])
