// sw143: an operation pipeline and a dispatch timer source whose handler is replaced while it runs, as engineers
// write them. A factory method returns each stage as an `Operation` (a `BlockOperation`); the upload waits for the
// download through `addDependency` (an operation starts only once its dependencies have finished: Apple,
// `Operation.addDependency(_:)`; swift-corelibs-foundation Operation.swift), although it is added to the queue
// first, and its `completionBlock` runs after it. A repeating timer source on the main queue prints "tick" each
// 300 ms; at 750 ms its handler is replaced (`setEventHandler` after `resume()`): the fires from 900 ms on run the
// new handler (libdispatch source.c `_dispatch_source_set_handler`). Real and simulated on Linux.
import Foundation

let scenario = Scenario(
    "sw143 operation dependencies and a replaced source handler", until: .seconds(2),
    variants: [.linuxCorelibs])

final class Pipeline {
    private let queue = OperationQueue()

    func makeStage(_ name: String) -> Operation {
        return BlockOperation {
            print("stage \(name)")
        }
    }

    func run() {
        let download = makeStage("download")
        let upload = makeStage("upload")
        upload.addDependency(download)
        upload.completionBlock = {
            print("upload complete")
        }
        queue.addOperations([upload, download], waitUntilFinished: false)
    }
}

final class Heartbeat {
    private var source: DispatchSourceTimer?

    func start() {
        let s = DispatchSource.makeTimerSource(queue: .main)
        s.schedule(deadline: .now() + .milliseconds(300), repeating: .milliseconds(300))
        s.setEventHandler {
            print("tick")
        }
        s.resume()
        source = s
    }

    func quicken() {
        source?.setEventHandler {
            print("tock")
        }
    }

    func stop() {
        source?.cancel()
        source = nil
    }
}

let pipeline = Pipeline()
pipeline.run()
let heartbeat = Heartbeat()
heartbeat.start()
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(750)) {
    heartbeat.quicken()
}
DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1350)) {
    heartbeat.stop()
}

scenario.expect(.all, [
    "logged_in_order": ["stage download", "stage upload", "upload complete"],
    "logged": ["tick": 2, "tock": 2],
])
