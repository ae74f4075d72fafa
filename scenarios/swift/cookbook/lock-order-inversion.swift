// models: scenarios/cookbook/objc/lock-order-inversion.m
// Cookbook in Swift: two transfers lock two accounts' NSLocks in opposite orders on two threads; each waits for the
// lock the other holds: both threads parked for ever. YAML twin: scenarios/cookbook/lock-order-inversion.yaml.
import Foundation

let scenario = Scenario(
    "lock-order inversion between two transfers (the bug, Swift)", until: .seconds(3),
    variants: [.ios10, .linuxCorelibs])

class Account {
    let lock = NSLock()
    var balance = 100
}

class Bank {
    var a: Account?
    var b: Account?

    func transferAToB() {
        a?.lock.lock()
        Thread.sleep(forTimeInterval: 0.01)
        b?.lock.lock()
        b?.balance += 1
        b?.lock.unlock()
        a?.lock.unlock()
    }

    func transferBToA() {
        b?.lock.lock()
        Thread.sleep(forTimeInterval: 0.01)
        a?.lock.lock()
        a?.balance += 1
        a?.lock.unlock()
        b?.lock.unlock()
    }
}

let bank = Bank()
bank.a = Account()
bank.b = Account()
let payroll = Thread {
    bank.transferAToB()
    print("payroll done")
}
payroll.name = "payroll"
payroll.start()
let refunds = Thread {
    bank.transferBToA()
    print("refunds done")
}
refunds.name = "refunds"
refunds.start()

scenario.expect(.all, [
    "crashed": false, "logs": 0, "threads.parked": 2, "threads.parked_names[0]": "payroll",
    "threads.parked_names[1]": "refunds",
    "threads.parked_reasons[0]": "payroll waits for lock b.lock (NSLock lock), held by refunds → refunds waits for lock a.lock (NSLock lock), held by payroll → deadlock: payroll waits for itself",
])
