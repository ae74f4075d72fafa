// A checkout screen pays through a service that answers on a global queue after 400 ms and completes on the main
// queue with an `Error?`; a declined card carries the bank's code (`PaymentError.declined(code: 51)`) and a low
// balance what is missing (`.insufficientFunds(missing: 30)`). The screen casts the error (`error as? PaymentError`)
// and switches over its cases, binding their values, keeps the last one in an `Error?` property, and a retry button
// tests it with `if case PaymentError.declined(let code)? = lastError` before paying again. Printing an error with
// "\(error)" writes Swift's text for the case and its values, `insufficientFunds(missing: 30)` (The Swift
// Programming Language, "Enumerations" › "Associated Values", "Error Handling", "Patterns" › "Enumeration Case
// Pattern"; `print` of an enum case with values, stdlib/public/core/OutputStream.swift, checked with swiftc by
// conformance sw89). The completion captures `[weak self]`, so closing the screen before the answer leaks nothing.
import Foundation

let scenario = Scenario(
    "A checkout that switches over payment errors with values", until: .seconds(4),
    variants: [.ios13, .linuxCorelibs])

enum PaymentError: Error {
    case cardExpired
    case declined(code: Int)
    case insufficientFunds(missing: Int)
}

final class PaymentService {
    var balance = 70

    func pay(amount: Int, cardCode: Int, completion: @escaping (Error?) -> Void) {
        let balance = self.balance
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) {
            var failure: Error?
            if cardCode == 0 {
                failure = PaymentError.cardExpired
            } else if cardCode != 100 {
                failure = PaymentError.declined(code: cardCode)
            } else if amount > balance {
                failure = PaymentError.insufficientFunds(missing: amount - balance)
            }
            DispatchQueue.main.async { completion(failure) }
        }
    }
}

final class CheckoutScreen {
    let service = PaymentService()
    var lastError: Error?
    var cardCode = 51

    func payTapped(amount: Int) {
        service.pay(amount: amount, cardCode: cardCode) { [weak self] error in
            guard let self else { return }
            self.lastError = error
            guard let error else {
                print("paid \(amount)")
                return
            }
            if let payment = error as? PaymentError {
                switch payment {
                case .cardExpired:
                    print("card expired")
                case .declined(let code) where code == 51:
                    print("declined: not enough credit")
                case .declined(let code):
                    print("declined with code \(code)")
                case .insufficientFunds(let missing):
                    print("add \(missing) to your balance")
                }
            }
            print("payment failed: \(error)")
        }
    }

    func retryTapped() {
        if case PaymentError.declined(let code)? = lastError, code == 51 {
            print("retrying with another card")
            cardCode = 100
        }
        payTapped(amount: 100)
    }
}

let checkout = CheckoutScreen()
checkout.payTapped(amount: 100)

scenario.at(.seconds(1), "retry") {
    checkout.retryTapped()
}
scenario.at(.seconds(2), "top up and pay less") {
    checkout.service.balance = 200
    checkout.payTapped(amount: 50)
}

scenario.expect(.all, [
    "logs": 6,
    "logs[0].text": "declined: not enough credit", "logs[0].at_ms": 400, "logs[0].thread": "main",
    "logs[1].text": "payment failed: declined(code: 51)",
    "logs[2].text": "retrying with another card", "logs[2].at_ms": 1000,
    "logs[3].text": "add 30 to your balance", "logs[3].at_ms": 1400,
    "logs[4].text": "payment failed: insufficientFunds(missing: 30)",
    "logs[5].text": "paid 50", "logs[5].at_ms": 2400,
    "objects.leaked": 0,
])
