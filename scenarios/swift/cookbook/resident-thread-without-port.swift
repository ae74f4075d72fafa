// models: scenarios/cookbook/objc/resident-thread-without-port.m
// Cookbook in Swift: a "resident" thread that only calls RunLoop.current.run(): its mode is empty, so the thread
// exits at once, and every perform(_:on:with:waitUntilDone:) sent to it afterwards never runs.
// YAML twin: scenarios/cookbook/resident-thread-without-port.yaml.
import Foundation

let scenario = Scenario(
    "A resident thread without a port exits at once (cookbook, the bug, Swift)", until: .seconds(3),
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

scenario.expect(.all, ["logged": ["downloading": 0], "threads.all[1].state": "exited"])
