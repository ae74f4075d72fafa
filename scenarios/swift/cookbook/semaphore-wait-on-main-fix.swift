// models: scenarios/cookbook/objc/semaphore-wait-on-main.m
// The fix of semaphore-wait-on-main.swift: the screen does not wait (it shows "loading"); the completion handler,
// on the main queue, shows the settings. YAML twin: scenarios/cookbook/semaphore-wait-on-main-fix.yaml.
import Foundation

let scenario = Scenario("Acting in the main-queue callback (fix, Swift)", until: .seconds(5), variants: [.ios9, .ios10])

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
                print("settings shown")  // FIX: show them here, on the main queue
            }
        }
        print("loading")  // FIX was: done?.wait()
    }
}

let vc = SettingsVC()
vc.viewDidLoad()

scenario.expect(.all, ["threads.parked": 0, "logs[0].text": "loading", "logs[1].text": "settings shown",
    "logs[1].at_ms": 200])
