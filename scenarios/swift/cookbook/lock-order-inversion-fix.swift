// models: scenarios/cookbook/objc/lock-order-inversion.m
// The fix of lock-order-inversion.swift: every transfer takes the two locks in one global order (A, then B), so
// no thread holds B while it waits for A: both transfers finish.
// YAML twin: scenarios/cookbook/lock-order-inversion-fix.yaml.
import Foundation

let scenario = Scenario(
    "lock-order inversion between two transfers (the fix, Swift)", until: .seconds(3),
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
        a?.lock.lock()  // FIX was: b?.lock.lock()
        Thread.sleep(forTimeInterval: 0.01)
        b?.lock.lock()  // FIX was: a?.lock.lock()
        a?.balance += 1
        b?.lock.unlock()  // FIX was: a?.lock.unlock()
        a?.lock.unlock()  // FIX was: b?.lock.unlock()
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
    "crashed": false, "logs": 2, "logs[0].text": "payroll done", "logs[0].at_ms": 10, "logs[1].text": "refunds done",
    "logs[1].at_ms": 20, "threads.parked": 0,
])
