// models: scenarios/cookbook/objc/port-kept-network-thread.m
// Cookbook in Swift, the fix: run the loop with CFRunLoopRun(), which returns when CFRunLoopStop stops it, so the
// thread exits and lets go of the uploader. YAML twin: scenarios/cookbook/port-kept-network-thread-fix.yaml.
import Foundation

let scenario = Scenario(
    "A port-kept network thread that can be stopped (cookbook, the fix, Swift)",
    until: .seconds(4), variants: [.ios9, .ios13])

class Uploader: NSObject {
    var loop: CFRunLoop?
    var uploads = 0

    func start() {
        // The target/selector form: `Thread { … }` is iOS 10 API (NSThread.h), and the variants include ios9.
        let thread = Thread(target: self, selector: #selector(run), object: nil)
        thread.name = "uploader"
        thread.start()
    }

    @objc func run() {
        loop = CFRunLoopGetCurrent()
        RunLoop.current.add(NSMachPort(), forMode: .default)
        CFRunLoopRun()  // FIX was: RunLoop.current.run()
        print("network thread exits")
    }

    func upload() {
        uploads += 1
    }

    func stop() {
        CFRunLoopStop(loop)
    }
}

var uploader: Uploader? = Uploader()
uploader?.start()

scenario.at(.seconds(1), "the upload screen closes") {
    uploader?.stop()
    uploader = nil
}

scenario.expect(.all, [
    "logs": 1, "logs[0].text": "network thread exits", "logs[0].at_ms": 1000,
    "threads.parked": 0, "objects.abandoned": 0, "objects.leaked": 0,
])
