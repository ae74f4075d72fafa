// sw100: two forms of code ported from Objective-C that run on Linux too. An `Operation` subclass overriding `main()` (Apple,
// Operation: "For non-concurrent operations, you typically override only one method: main()"; corelibs
// Operation.swift `start()`: `if !isCanc { … main() }`): two decodes of 300 ms on a serial queue run one after the
// other, a third cancelled before it starts never runs `main()`, and a main-queue operation that depends on the two
// runs once both have finished. A capture list's `[n]` copies the `var` when the closure is made (the Swift book,
// "Capture Lists"), so the later `n = 2` does not change what it prints. (A Thread named before its start is left
// out: on this machine's corelibs `Thread.current.name` inside it reads the process's name, not the one set.)
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw100 Operation subclass and capture list", until: .seconds(2),
    variants: [.linuxCorelibs])

final class DecodeOperation: Operation {
    let imageName: String

    init(imageName: String) {
        self.imageName = imageName
        super.init()
    }

    override func main() {
        if isCancelled { return }
        Thread.sleep(forTimeInterval: 0.3)
        print("decoded \(imageName)")
    }
}

final class Gallery {
    private let decodeQueue = OperationQueue()

    init() {
        decodeQueue.maxConcurrentOperationCount = 1
    }

    func load() {
        let first = DecodeOperation(imageName: "beach")
        let second = DecodeOperation(imageName: "forest")
        let skipped = DecodeOperation(imageName: "desert")
        skipped.cancel()
        let publish = BlockOperation {
            print("published")
        }
        publish.addDependency(first)
        publish.addDependency(second)
        decodeQueue.addOperations([first, second, skipped], waitUntilFinished: false)
        OperationQueue.main.addOperation(publish)
    }

    func later() {
        var n = 1
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { [n] in
            print("n \(n)")
        }
        n = 2
        print("now \(n)")
    }
}

let gallery = Gallery()

scenario.at(.milliseconds(500), "open") { gallery.load() }
scenario.at(.milliseconds(1500), "later") { gallery.later() }

scenario.expect(.linuxCorelibs, [
    "logs": 5, "first_logged_at_ms": ["decoded beach": 800, "decoded forest": 1100, "published": 1100,
        "now 2": 1500, "n 1": 1700],
    "logs[2].thread": "main",
])
