// sw113: casts of objects to classes of the file (the Swift book, "Type Casting"), as an app writes them around a
// Timer: a repeating timer's closure reads a property typed by a protocol, which holds a `Cat` at first and a
// `Dog` after the second fire, and tests it with `is`, binds it with `if let … as?` and `guard let … as?`, calls
// through `(pet as? Cat)?.purr()`, matches it in a `switch` with `case let c as Cat:` and `case is Dog:`, and reads
// `as!` where the class is known. A cast that fails is nil (no conversion); the fifth fire ends the timer. Real and
// simulated on Linux.
import Foundation

let scenario = Scenario("sw113 object casts with a timer", until: .seconds(2), variants: [.linuxCorelibs])

protocol Pet: AnyObject {
    func feed()
}

final class Cat: Pet {
    var purrs = 0
    func feed() { print("cat fed") }
    func purr() {
        purrs += 1
        print("purr \(purrs)")
    }
}

final class Dog: Pet {
    func feed() { print("dog fed") }
    func bark() { print("woof") }
}

final class Sitter {
    var pet: Pet?
    var fires = 0
    var timer: Timer?

    func start() {
        pet = Cat()
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            self?.visit()
        }
    }

    func visit() {
        fires += 1
        print("fire \(fires) cat=\(pet is Cat) dog=\(pet is Dog)")
        (pet as? Cat)?.purr()
        if let dog = pet as? Dog {
            dog.bark()
        } else {
            print("no dog")
        }
        describe(pet)
        switch pet {
        case let cat as Cat:
            print("switch cat \(cat.purrs)")
        case is Dog:
            print("switch dog")
        default:
            print("switch none")
        }
        if fires == 2 {
            let cat = pet as! Cat
            print("last purr count \(cat.purrs)")
            pet = Dog()
        }
        pet?.feed()
        if fires == 4 { pet = nil }
        if fires == 5 {
            timer?.invalidate()
            print("done")
        }
    }

    func describe(_ animal: Pet?) {
        guard let cat = animal as? Cat else {
            print("not a cat")
            return
        }
        print("a cat with \(cat.purrs) purrs")
    }
}

let sitter = Sitter()
sitter.start()

scenario.expect(.all, [
    "logged": ["purr 2": 1, "woof": 2, "no dog": 3, "switch dog": 2, "switch none": 1, "last purr count 2": 1],
    "logged_in_order": ["fire 1 cat=true dog=false", "fire 3 cat=false dog=true", "fire 5 cat=false dog=false"],
])
