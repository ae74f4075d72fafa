// models: scenarios/cookbook/objc/operation-waits-for-own-queue.m
// The fix of operation-waits-for-own-queue.swift: do not wait; the follow-up runs in the parse's completion block.
// YAML twin: scenarios/cookbook/operation-waits-for-own-queue-fix.yaml.
import Foundation

let scenario = Scenario(
    "An operation waits for its own serial queue and parks its thread (cookbook, the fix, Swift)",
    until: .seconds(2), variants: [.ios9, .ios13])

let imports = OperationQueue()
imports.maxConcurrentOperationCount = 1

class Importer {
    func importFeed() {
        imports.addOperation {
            self.download()
            print("downloaded")
            let parse = BlockOperation {
                Thread.sleep(forTimeInterval: 0.1)
                print("parsed")
            }
            parse.completionBlock = {  // FIX: the follow-up, after the parse
                print("import finished")
            }
            imports.addOperations([parse], waitUntilFinished: false)  // FIX was: waitUntilFinished: true
        }
    }

    func download() {
        Thread.sleep(forTimeInterval: 0.1)
    }
}

let importer = Importer()
importer.importFeed()

scenario.expect(.all, ["logs": 3, "logs[2].text": "import finished", "logs[2].at_ms": 200, "threads.parked": 0])
