// models: scenarios/cookbook/objc/semaphore-wait-on-main.m
// Cookbook in Swift: the main thread waits on a semaphore for a completion handler delivered on the main queue,
// which only the waiting main thread drains: nothing signals, the app hangs.
// YAML twin: scenarios/cookbook/semaphore-wait-on-main.yaml.
import Foundation

let scenario = Scenario(
    "A semaphore wait on the main thread for a main-queue callback hangs (cookbook, the bug, Swift)",
    until: .seconds(5), variants: [.ios9, .ios10])

class SettingsVC {
    var done: DispatchSemaphore?
    var loaded = 0

    func viewDidLoad() {
        done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Thread.sleep(forTimeInterval: 0.2)  // the request
            DispatchQueue.main.async {  // the library delivers its completion on the main queue
                self.loaded = 1
                self.done?.signal()
            }
        }
        done?.wait()  // "make it synchronous"
        print("settings shown")
    }
}

let vc = SettingsVC()
vc.viewDidLoad()

scenario.expect(.all, ["threads.parked": 1, "threads.parked_names[0]": "main", "logs": 0])  // never shown
