// models: scenarios/cookbook/objc/resident-thread-without-port.m
// The fix of resident-thread-without-port.swift: a port in the thread's default mode keeps run() going, so the
// thread sleeps until a request wakes it. YAML twin: scenarios/cookbook/resident-thread-without-port-fix.yaml.
import Foundation

let scenario = Scenario(
    "A resident thread kept by a port runs its requests (cookbook, the fix, Swift)", until: .seconds(3),
    variants: [.ios9, .ios13])

class Downloader: NSObject {
    var thread: Thread?
    var downloads = 0

    func start() {
        thread = Thread(target: self, selector: #selector(threadMain), object: nil)
        thread?.name = "downloader"
        thread?.start()
    }

    @objc func threadMain() {
        RunLoop.current.add(NSMachPort(), forMode: .default)  // FIX
        RunLoop.current.run()
    }

    func download() {
        guard let thread else { return }
        perform(#selector(doDownload), on: thread, with: nil, waitUntilDone: false)
    }

    @objc func doDownload() {
        downloads += 1
        print("downloading")
    }
}

let downloader = Downloader()  // the app delegate's, at launch
downloader.start()

scenario.at(.seconds(1), "refresh") {
    downloader.download()
}

scenario.expect(.all, [
    "logged": ["downloading": 1], "first_logged_at_ms": ["downloading": 1000], "threads.parked": 0,
    "threads.waiting": 1, "threads.waiting_names[0]": "downloader",  // asleep on its port; the app holds the thread
])
