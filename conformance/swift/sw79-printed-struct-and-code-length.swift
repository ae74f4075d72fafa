// sw79: an OTP screen keeps its settings in a struct and prints it whole, as Swift's default description writes a
// struct (`OTPConfig(length: 6, interval: 0.5, label: "sms")`: each field's debugDescription, a string quoted);
// each keystroke appends a digit to the code and the timer checks `code.count` (a String's count is its
// characters). Real and simulated on Linux (The Swift Programming Language, "Structures and Classes";
// "Strings and Characters" > "Counting Characters").
import Foundation

let scenario = Scenario(
    "sw79 a struct printed whole, a code's length", until: .milliseconds(2500), variants: [.linuxCorelibs])

struct OTPConfig {
    var length = 6
    var interval: TimeInterval = 0.5
    let label: String
}

final class OTPScreen {
    private let config = OTPConfig(label: "sms")
    private var code = ""
    private var timer: Timer?

    func open() {
        print("config \(config)")
        timer = Timer.scheduledTimer(withTimeInterval: config.interval, repeats: true) { [weak self] _ in
            self?.check()
        }
    }

    func type(_ digits: String) { code += digits }

    private func check() {
        let remaining = config.length - code.count
        print("typed \(code.count), \(remaining) to go")
        if remaining <= 0 {
            timer?.invalidate()
            print("done: \(code)")
        }
    }
}

let screen = OTPScreen()
screen.open()
scenario.at(.milliseconds(700), "type 123") { screen.type("123") }
scenario.at(.milliseconds(1300), "type 456") { screen.type("456") }

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].text": "config OTPConfig(length: 6, interval: 0.5, label: \"sms\")",
    "logs[1].text": "typed 0, 6 to go", "logs[1].at_ms": 500, "logs[2].text": "typed 3, 3 to go",
    "logs[3].text": "typed 6, 0 to go", "logs[3].at_ms": 1500, "logs[4].text": "done: 123456",
])
