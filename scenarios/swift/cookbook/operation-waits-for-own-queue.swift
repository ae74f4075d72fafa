// models: scenarios/cookbook/objc/operation-waits-for-own-queue.m
// Cookbook in Swift: the download operation adds the parse to its own serial queue and waits for it; the queue runs
// one operation at a time, so the parse never starts and the pool thread is parked for ever. The queue is declared
// at the top level, as the scenario language's operation queues are.
// YAML twin: scenarios/cookbook/operation-waits-for-own-queue.yaml.
import Foundation

let scenario = Scenario(
    "An operation waits for its own serial queue and parks its thread (cookbook, the bug, Swift)",
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
            imports.addOperations([parse], waitUntilFinished: true)  // the queue runs one at a time: this one
            print("import finished")
        }
    }

    func download() {
        Thread.sleep(forTimeInterval: 0.1)
    }
}

let importer = Importer()
importer.importFeed()

scenario.expect(.all, ["logs": 1, "threads.parked": 1, "threads.parked_names[0]": "worker-1"])  // never parsed
