import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Every construct docs/swift-scenarios.md lists as outside the subset is a located `swift.unsupported` error saying
/// what to write instead. `/*@*/` marks where each diagnostic must point.
@Suite struct UnsupportedConstructTests {
    /// A construct, the code using it (inside a class's method unless it starts with `TOP:`), and a fragment of the
    /// advice the message must give.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var code: String
        var advice: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "subscript of a Data", code: "let d = Data(count: 2)\n let b = /*@*/d[0]\n print(b)",
            advice: "holds a `Data` as its byte count, not its bytes"),
        Case(
            name: "map of a Data", code: "let d = Data(count: 2)\n let b = /*@*/d.map { $0 }\n print(b)",
            advice: "holds a `Data` as its byte count, not its bytes"),
        Case(
            name: "comparing two Data values",
            code: "let d = Data(count: 2)\n let e = Data()\n if /*@*/d == e { print(1) }",
            advice: "holds a `Data` as its byte count, not its bytes"),
        Case(
            name: "Data made another way", code: "let d = /*@*/Data(capacity: 2)\n print(d.count)",
            advice: "make one with `Data()`, `Data(count: n)`"),
        Case(
            name: "UTF-8 of a String that is no literal",
            code: "let s = \"x\"\n let d = /*@*/s.data(using: .utf8)!\n print(d.count)",
            advice: "encode a string literal as UTF-8"),
        Case(
            name: "URLSession", code: "/*@*/URLSession.shared.dataTask(with: u) { _, _, _ in }.resume()",
            advice: "asyncAfter"),
        Case(name: "Combine import", code: "TOP:/*@*/import Combine", advice: "publishers"),
        Case(
            name: "task's result",
            code: "TOP:final class L {\n func go() async {\n let t = Task { () -> Int in return 1 }\n"
                + " let r = /*@*/await t.result\n print(r)\n }\n}",
            advice: "`task.result` is not modelled"),
        Case(
            name: "throwing value of something not a task",
            code: "TOP:final class L {\n var t: AnyObject?\n func go() async {\n"
                + " do { let v = /*@*/try await t.value; print(v) } catch {}\n }\n}",
            advice: "keep the task in a local or a property"),
        Case(
            name: "task cancellation handler whose operation's value is no call",
            code: "TOP:final class L {\n func go() async {\n"
                + " let v = await withTaskCancellationHandler { /*@*/1 } onCancel: { }\n print(v)\n }\n}",
            advice: "make the operation a continuation"),
        Case(
            name: "task cancellation handler whose operation returns",
            code: "TOP:final class L {\n func go() async {\n"
                + " await withTaskCancellationHandler { print(1); /*@*/return } onCancel: { }\n }\n}",
            advice: "a `return` would leave the method around it"),
        Case(
            name: "task priority escalation handler",
            code: "TOP:final class L {\n func go() async {\n"
                + " let v = /*@*/await withTaskPriorityEscalationHandler { 1 } onPriorityEscalated: { _ in }\n"
                + " print(v)\n }\n}",
            advice: "priority escalation is not modelled"),
        Case(
            name: "dispatch source in a property's initial value that init does not schedule",
            code: "TOP:final class H { private let timer = /*@*/DispatchSource.makeTimerSource(queue: .main) }",
            advice: "schedule it and set its handler in `init`"),
        Case(
            name: "strict flag of a dispatch timer source",
            code: "TOP:final class H {\n let timer = DispatchSource.makeTimerSource(/*@*/flags: .strict, "
                + "queue: .main)\n"
                + " init() { timer.schedule(deadline: .now()); timer.setEventHandler {} }\n}",
            advice: "`flags: []` only"),
        Case(
            name: "struct method returning a value",
            code: "TOP:struct Point {\n var x = 0\n /*@*/func moved() -> Int { let y = x + 1; return y }\n}",
            advice: "return one expression"),
        Case(
            name: "explicit init of a struct", code: "TOP:struct Point {\n var x: Int\n /*@*/init() { x = 0 }\n}",
            advice: "memberwise initializer"),
        Case(
            name: "computed property of a struct",
            code: "TOP:struct Point {\n var x = 0\n var /*@*/y: Int { get { x } set { x = newValue } }\n}",
            advice: "write its getter as one expression"),
        Case(
            name: "array of structs in a struct",
            code: "TOP:struct Item {\n var id = 0\n}\nstruct Box {\n var /*@*/items: [Item] = []\n}",
            advice: "one array per property"),
        Case(
            name: "whole struct in an expression",
            code:
                "TOP:struct Item {\n var id = 0\n}\nclass Box {\n var item = Item()\n func f() { if /*@*/item == item {} }\n}",
            advice: "compare or combine its stored properties"),
        Case(
            name: "struct made inside an expression",
            code: "TOP:struct Item {\n var id = 0\n}\nclass Box {\n func f() { let n = /*@*/Item().id }\n}",
            advice: "store it first"),
        Case(
            name: "struct declared in a method", code: "/*@*/struct Point { var x = 0 }",
            advice: "declare the struct at the top level"),
        Case(
            name: "array of dictionaries", code: "TOP:final class T {\n var /*@*/rows: [[String: Int]] = []\n}",
            advice: "keep each row in an object of a class of the file"),
        Case(
            name: "returning protocol method of two conforming classes",
            code: "TOP:protocol Clock { func now() /*@*/-> Int }\nfinal class A: Clock { func now() -> Int { 1 } }\n"
                + "final class B: Clock { func now() -> Int { 2 } }",
            advice: "hold the concrete class where the method is called"),
        Case(
            name: "bridging cast of a value of another type",
            code: "TOP:final class T: NSObject {\n @objc func m(_ x: Any) {}\n func f() {\n"
                + " perform(#selector(m(_:)), with: 1 /*@*/as NSString, afterDelay: 0.1)\n }\n}",
            advice: "bridge a `String` to `NSString`"),
        Case(
            name: "protocol without a conforming class", code: "TOP:protocol /*@*/Ticker { func tick() }",
            advice: "the classes of the file that conform to it"),
        Case(
            name: "extension of a framework type", code: "TOP:extension Timer { /*@*/func more() {} }",
            advice: "write a `static func` called as `Timer.name(…)`"),
        Case(
            name: "self in a static method of an extension of a framework type",
            code: "TOP:extension Timer { static func make() { print(/*@*/self) } }", advice: "name the type"),
        Case(
            name: "property in an extension of a framework type",
            code: "TOP:extension Timer { /*@*/static var count: Int { 1 } }", advice: "write a `static func`"),
        Case(
            name: "conformance with witnesses",
            code: "TOP:extension Page: UITableViewDelegate { /*@*/func more() {} }", advice: "calls no protocol"),
        Case(
            name: "stored property in an extension", code: "TOP:extension Page { /*@*/var more = 0 }",
            advice: "declare it in the class"),
        Case(
            name: "associated values with raw values", code: "TOP:enum State: Int { case on, off/*@*/(Int) }",
            advice: "raw values to cases without associated values"),
        Case(
            name: "method on an enum", code: "TOP:enum State { case on, off\n    /*@*/func flip() {} }",
            advice: "switching on it"),
        Case(
            name: "optional payload-enum closure parameter",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H { var on: ((Ev?) -> Void)?\n"
                + " func f() { on = { /*@*/e in print(1) } } }",
            advice: "give closures parameters of type Int"),
        Case(
            name: "method returning a payload enum",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H {\n"
                + " func f() -> /*@*/Ev { let x: Ev = .b; return x } }",
            advice: "return an Int, a Bool"),
        Case(
            name: "one-expression method returning a payload enum",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H {\n func f() -> /*@*/Ev { .b }\n"
                + " func g() { let e = f(); print(e) } }",
            advice: "return an Int, a Bool"),
        Case(
            name: "optional payload-enum parameter",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H {\n func f(/*@*/_ e: Ev?) { } }",
            advice: "pass a `Ev` value"),
        Case(
            name: "optional payload-enum property",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H { var /*@*/last: Ev? = nil }",
            advice: "`var last: Ev = .a(n: …)`"),
        Case(
            name: "another value passed as a payload enum",
            code: "TOP:enum Ev { case a(n: Int), b }\nfinal class H {\n func f(_ e: Ev) { }\n"
                + " func g() { f(/*@*/5) } }",
            advice: "pass a case (`.a(n: …)`, `.b`)"),
        Case(
            name: "rawValue of a non-raw enum",
            code:
                "TOP:enum State { case on, off }\nclass H { var s: State = .on\n func f() { if /*@*/s.rawValue == \"on\" { f() } } }",
            advice: "declare raw values"),
        Case(
            name: "enum of a Double raw type", code: "TOP:enum Speed: /*@*/Double { case slow }",
            advice: "`Int` or `String`"),
        Case(
            name: "generic function taking a closure",
            code:
                "TOP:func withTimeout/*@*/<T>(seconds: Int, _ operation: @escaping () async throws -> T) async throws "
                + "-> T { try await operation() }",
            advice: "write its body where it is called"),
        Case(name: "generic class", code: "TOP:class Box/*@*/<T> { var n = 0 }", advice: "concrete types"),
        Case(name: "force unwrap after &&", code: "if count > 0 && /*@*/timer!.isValid { go() }", advice: "if let"),
        Case(name: "force unwrap of an Int", code: "let n: Int? = 3\n        let m = /*@*/n! + 1", advice: "drop the"),
        Case(name: "force unwrap in a loop's condition", code: "while /*@*/timer!.isValid { go() }", advice: "local"),
        Case(
            name: "non-literal constant", code: "TOP:enum K { /*@*/static let d = 2 * 3 }",
            advice: "literal, folded"),
        Case(
            name: "var Float field", code: "TOP:class H { var d: /*@*/Float = 1.5 }",
            advice: "a time is a `TimeInterval`"),
        Case(
            name: "fire date", code: "timer = Timer(fire: /*@*/later, interval: 1, repeats: true) { _ in }",
            advice: "Date(timeIntervalSinceNow: N)"),
        Case(
            name: "static var in a struct namespace", code: "TOP:struct K { /*@*/static var d = 2 }", advice: "literal"),
        Case(
            name: "floating-point literal with an exponent",
            code: "let d = /*@*/1e-3\n        DispatchQueue.main.asyncAfter(deadline: .now() + d) { self.go() }",
            advice: "write it as a decimal"),
        Case(
            name: "fallthrough", code: "switch count { case 1: go(); /*@*/fallthrough; default: break }",
            advice: "list the values"),
        Case(
            name: "call in a case's where",
            code: "TOP:class Hub { var n = 0\n    func ready() -> Bool { n += 1; return n > 1 }\n"
                + "    func f() { switch n { case 1 where /*@*/ready(): n = 0; default: break } } }",
            advice: "call it first into a local"),
        Case(
            name: "method overloaded by its parameter's type",
            code: "TOP:class Loader {\n    func show(_ n: Int) { print(n) }\n"
                + "    func /*@*/show(_ s: String) { print(s) } }",
            advice: "give each its own name"),
        Case(
            name: "call that may reach two classes' overloads",
            code: "TOP:class A { func show(_ n: Int) { }\n    func show(message: String) { } }\n"
                + "class B { func show(message: String) { } }\nlet b = B()\n/*@*/b.show(message: \"x\")",
            advice: "give the overloads names of their own"),
        Case(
            name: "static method overloaded",
            code:
                "TOP:class Log {\n    static func write(_ n: Int) { }\n    static func /*@*/write(text: String) { } }",
            advice: "give each its own name"),
        Case(
            name: "struct method overloaded",
            code: "TOP:struct Tally {\n    var n = 0\n    mutating func add() { n += 1 }\n"
                + "    mutating func /*@*/add(_ k: Int) { n += k } }",
            advice: "give each its own name"),
        Case(
            name: "defer left by a break in a switch",
            code: "while count < 3 { defer { go() }; switch count { case 1: /*@*/break; default: count += 1 } }",
            advice: "before the `break`"),
        Case(
            name: "try of a method that does not throw", code: "/*@*/try self.go()",
            advice: "declare the method `throws`"),
        Case(
            name: "closure value with untyped parameters", code: "let f = { /*@*/n in self.go() }",
            advice: "write their types"),
        Case(
            name: "closure parameter of type Data",
            code: "TOP:class Hub { var done: ((Data?) -> Void)?\nfunc f() { done = { /*@*/n in self.f() } } }",
            advice: "parameters of type Int, Bool, String"),
        Case(
            name: "Result of an optional value",
            code:
                "TOP:class Hub { var done: ((Result<Int?, Error>) -> Void)?\nfunc f() { done = { /*@*/r in self.f() } } }",
            advice: "`Result<Value, Error>`"),
        Case(
            name: "Result used as a value",
            code: "TOP:class Hub { func f(_ r: Result<Int, Error>) { let x = /*@*/r.hashValue } }",
            advice: "`try? r.get()`"),
        Case(
            name: "optional Result local",
            code: "TOP:class Hub { var last: Result<Int, Error>?\n    func f() { let x = /*@*/last } }",
            advice: "`if let r = last`"),
        Case(
            name: "Result method flatMapError",
            code:
                "TOP:class Hub { func f(_ r: Result<Int, Error>) { let x = /*@*/r.flatMapError { _ in .success(0) } } }",
            advice: "as a value"),
        Case(
            name: "error enum with Int raw values", code: "TOP:enum LoadError: /*@*/Int, Error { case timeout }",
            advice: "without a raw type"),
        Case(
            name: "error case in two error enums",
            code: "TOP:enum LoadError: Error { case timeout }\nenum SaveError: Error { case /*@*/timeout }",
            advice: "its own case names"),
        Case(
            name: "throw outside a throwing method",
            code: "TOP:enum LoadError: Error { case timeout }\nclass Hub { func f() { /*@*/throw LoadError.timeout } }",
            advice: "do { try"),
        Case(
            name: "a call of a method that returns a value in a catch's where",
            code:
                "TOP:enum LoadError: Error { case timeout }\nclass Hub { var n = 0\nfunc f() throws { }\n"
                + "func ok() -> Bool { n += 1\nreturn n > 1 }"
                + "\nfunc g() { do { try f() } catch let e /*@*/where ok() { } catch { } } }",
            advice: "test it with an `if` in the catch"),
        Case(
            name: "Double associated value in an error enum",
            code: "TOP:enum LoadError: Error { case bad(after: /*@*/Double) }", advice: "an Int, a Bool or a String"),
        Case(
            name: "optional String associated value in an error enum",
            code: "TOP:enum LoadError: Error { case bad(reason: /*@*/String?) }", advice: "an Int, a Bool or a String"),
        Case(
            name: "error case with values made where no statement runs",
            code:
                "TOP:enum LoadError: Error { case bad(code: Int) }\nclass Hub { var last: Error? = "
                + "/*@*/LoadError.bad(code: 1) }", advice: "set the field in init"),
        Case(
            name: "catching a type of another library",
            code:
                "TOP:class Hub { func f() throws { }\nfunc g() { do { try f() } catch /*@*/is URLError { } catch { } } }",
            advice: "error enum of the file"),
        Case(
            name: "throwing a value that is no error enum",
            code: "TOP:class Hub { func f() throws { throw /*@*/NSError(domain: \"x\", code: 1) } }",
            advice: "error enum of the file"),
        Case(
            name: "closure value called with another number of arguments",
            code: "let f = { self.go() }\n        /*@*/f(1)", advice: "the closure's type takes 0"),
        Case(
            name: "closure literal passed to a closure value",
            code: "TOP:class Hub { var run: ((() -> Void) -> Void)?\nfunc f() { run?(/*@*/{ self.f() }) } }",
            advice: "make it a local first"),
        Case(
            name: "KVO option prior",
            code: "TOP:class M: NSObject { @objc dynamic var n = 0 }\nclass Hub { let m = M(); "
                + "var t: NSKeyValueObservation?\nfunc f() { t = m.observe(\\.n, options: [.new, /*@*/.prior]) "
                + "{ _, _ in } } }",
            advice: "`.prior` is not modelled"),
        Case(
            name: "KVO change kind",
            code: "TOP:class M: NSObject { @objc dynamic var n = 0 }\nclass Hub { let m = M(); "
                + "var t: NSKeyValueObservation?\nfunc f() { t = m.observe(\\.n, options: [.new]) "
                + "{ _, change in if /*@*/change.kind == .setting { } } } }",
            advice: "change.newValue"),
        Case(
            name: "ternary right of &&", code: "if count > 0 && (count > 1 /*@*/? true : false) { go() }",
            advice: "choose the value into a local first"),
        Case(
            name: "cast of an object to a type not of the file", code: "let x = self as? /*@*/Timer",
            advice: "a class this file declares"),
        Case(name: "upcast of an object", code: "let x = self /*@*/as Page", advice: "write `as? Page`"),
        Case(
            name: "cast inside a larger expression", code: "let x = self /*@*/as? Page ?? page",
            advice: "bind it first"),
        Case(
            name: "forced cast right of &&", code: "if count > 0 && (self /*@*/as! Page).count > 0 { go() }",
            advice: "bind it first"),
        Case(
            name: "cast of an element of viewControllers",
            code: "TOP:final class V: UIViewController {\n func f() {\n"
                + " let x = /*@*/navigationController?.viewControllers.last as? V\n }\n}",
            advice: "cast `nav.topViewController`"),
        Case(
            name: "keyboard frame from userInfo",
            code: "TOP:final class K: NSObject {\n @objc func shown(_ note: Notification) {\n"
                + " let v = /*@*/note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue\n }\n}",
            advice: "post the height with the notification"),
        Case(
            name: "other pattern in a switch on an object",
            code: "switch self {\n case let p as Page: p.go()\n case /*@*/nil: break\n default: break\n }",
            advice: "write `case let c as C:`"),
        Case(
            name: "lazy type property", code: "TOP:class Hub { /*@*/lazy static var count = 0 }",
            advice: "a type property is lazy already"),
        Case(
            name: "timer userInfo dictionary",
            code: "TOP:class T: NSObject { @objc func tick(_ t: Timer) { let d = t.userInfo as? /*@*/[String: Any] } }",
            advice: "pass one value"),
        Case(
            name: "timer userInfo collection",
            code: "TOP:class T: NSObject { func go() { Timer.scheduledTimer(timeInterval: 1, target: self, "
                + "selector: #selector(tick(_:)), userInfo: /*@*/[\"count\": 3], repeats: false) }\n"
                + "    @objc func tick(_ t: Timer) {} }",
            advice: "pass one value"),
        Case(
            name: "work item after a wall deadline",
            code:
                "let w = DispatchWorkItem { }\n/*@*/DispatchQueue.main.asyncAfter(wallDeadline: .now() + 1, execute: w)",
            advice: "deadline: .now()"),
        Case(
            name: "stride over computed intervals",
            code: "var d = 0.5\nfor x in /*@*/stride(from: 0.0, to: d, by: 0.1) { print(x) }",
            advice: "as literals"),
        Case(
            name: "stride with a zero step", code: "for i in stride(from: 0, to: 3, by: /*@*/0) { go() }",
            advice: "zero"),
        Case(
            name: "undeclared static member",
            code: "TOP:class Hub { static var count = 0; func f() { count = /*@*/Hub.missing } }",
            advice: "declare it in `Hub`"),
        Case(
            name: "array of arrays", code: "TOP:class Grid { var /*@*/rows: [[Int]] = [] }",
            advice: "keep the elements in one array"),
        Case(
            name: "array observer reading oldValue",
            code: "TOP:class Log { var lines: [String] = [] { didSet /*@*/{ if oldValue.isEmpty { print(\"x\") } } } }",
            advice: "read the property itself"),
        Case(
            name: "array method outside the subset",
            code: "TOP:class Log { var lines: [String] = []\n func f() { /*@*/lines.insert(\"a\", at: 0) } }",
            advice: "`removeAll()`"),
        Case(
            name: "optional array property", code: "TOP:class Log { var lines: /*@*/[String]? = nil }",
            advice: "never nil here"),
        Case(
            name: "array var captured by a closure",
            code: "var /*@*/log: [String] = []\n        DispatchQueue.main.async { log.append(\"x\") }",
            advice: "keep the array in a property"),
        Case(
            name: "computed property with a setter",
            code: "TOP:class Hub { var count = 0; var /*@*/n: Int { get { count } set { count = newValue } } }",
            advice: "read-only property"),
        Case(
            name: "Float init parameter",
            code: "TOP:class Hub { init(every: /*@*/Float) {} }", advice: "declare the parameter `TimeInterval`"),
        Case(
            name: "init call where Swift may not evaluate it",
            code: "TOP:class Hub { init(n: Int) {} }\n"
                + "class Use { var n = 0; func f() { if n > 0 && /*@*/Hub(n: 1) !== nil { n = 1 } } }",
            advice: "bind it to a local first"),
        Case(
            name: "forwardingTarget returning no field",
            code: "TOP:class P: NSObject { weak var t: Page?\n"
                + "/*@*/override func forwardingTarget(for s: Selector!) -> Any? { return nil } }",
            advice: "returns the field holding its target"),
        Case(
            name: "optional lazy property", code: "TOP:class Hub { lazy var /*@*/page: Page? = Page() }",
            advice: "where it is first needed"),
        Case(
            name: "lazy read after &&",
            code: "TOP:class Hub { lazy var page = Page(); var on = false\n"
                + "func f() { if on && /*@*/page.count > 0 { on = false } } }",
            advice: "read it into a local first"),
        Case(
            name: "closure passed where a method takes none",
            code: "TOP:class Hub { func load(n: Int) {}\nfunc f() { load(n: /*@*/{ self.f() }) } }",
            advice: "declare the parameter with a closure type"),
        Case(name: "failable init", code: "TOP:class Hub { init/*@*/?(n: Int) {} }", advice: "non-failable"),
        Case(
            name: "override init with parameters",
            code: "TOP:class Hub { /*@*/override init(n: Int) {} }", advice: "set it up in a method"),
        Case(
            name: "queue parameter given different queues",
            code:
                "TOP:class W {\n private let queue: DispatchQueue\n init(/*@*/queue: DispatchQueue) { self.queue = queue }\n}\n"
                + "let a = W(queue: .main)\nlet b = W(queue: .global())",
            advice: "pass the same queue at every `W(…)`"),
        Case(
            name: "queue parameter given a queue made in place",
            code: "TOP:class W {\n init(/*@*/queue: DispatchQueue = .main) { queue.async { print(1) } }\n}\n"
                + "let a = W(queue: DispatchQueue(label: \"x\"))",
            advice: "a queue declared at the top level"),
        Case(
            name: "observer activities not a union",
            code: "let o = /*@*/CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, "
                + "CFRunLoopActivity.allActivities.rawValue & ~CFRunLoopActivity.exit.rawValue, true, 0) { _, _ in }\n"
                + "CFRunLoopAddObserver(CFRunLoopGetMain(), o, .commonModes)",
            advice: "CFRunLoopActivity.beforeWaiting.rawValue"),
        Case(
            name: "method parameter of type DispatchQueue",
            code: "TOP:class W {\n func go(/*@*/on queue: DispatchQueue = .main) { queue.async { print(1) } }\n}",
            advice: "take the queue in the class's `init`"),
        Case(
            name: "closure called for a value of a type not followed",
            code: "TOP:class W {\n func go(_ compute: () -> [Int]) { let v = /*@*/compute(); print(v) }\n}",
            advice: "compute the value in the method"),
        Case(
            name: "optional closure called for its value",
            code: "TOP:class W {\n var compute: (() -> Int)?\n func go() { let v = /*@*/compute?(); print(v) }\n}",
            advice: "unwrap it first"),
        Case(
            name: "value returned from a closure of a type not followed",
            code: "TOP:class W {\n func go(_ make: () -> Double) { }\n"
                + " func run() { go { return /*@*/1.5 } }\n}",
            advice: "write it in the closure's signature"),
        Case(
            name: "method returning a Double",
            code: "}\n    func n() -> /*@*/Double { go(); return 1.5 }\n    func m() {", advice: "return an Int"),
        Case(
            name: "return in a closure lowered in place", code: "autoreleasepool { /*@*/return }\n        go()",
            advice: "else"),
        Case(
            name: "returning call right of &&",
            code: "TOP:class Hub { var n = 0\n    func ready() -> Bool { n += 1; return n > 1 }\n"
                + "    func f() { if n > 0 && /*@*/ready() { n = 0 } } }", advice: "call it first into a local"),
        Case(
            name: "returning call in a repeat condition",
            code: "TOP:class Hub { var n = 0\n    func more() -> Bool { n += 1; return n < 3 }\n"
                + "    func f() { repeat { n += 0 } while /*@*/more() } }", advice: "call it first into a local"),
        Case(
            name: "returning call after a property read",
            code: "TOP:class Hub { var n = 0\n    func bump() -> Int { n += 1; return n }\n"
                + "    func f() { let x = n + /*@*/bump(); print(x) } }", advice: "call it first into a local"),
        Case(
            name: "static func returning a double",
            code: "TOP:class Hub { var n = 0\n    static func make() -> /*@*/Double { return 1 }\n"
                + "    func f() { print(Hub.make()) } }", advice: "return an Int"),
        Case(
            name: "returned object in a condition",
            code: "TOP:class Hub { func make() -> Hub { let h = Hub(); return h }\n"
                + "    func f() { if /*@*/make() === self { print(1) } } }", advice: "bind it first"),
        Case(name: "unknown API", code: "/*@*/UIApplication.shared.openURL(u)", advice: "LoopSim models Timer"),
        Case(
            name: "tolerance set late",
            code: "timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }; go(); "
                + "/*@*/timer?.tolerance = 0.1", advice: "right after"),
        Case(name: "subclass", code: "TOP:class VC: /*@*/Page {}", advice: "NSObject subclass"),
        Case(
            name: "table data source override",
            code: "TOP:class T: UITableViewController {\n    override func /*@*/tableView(_ tableView: UITableView, "
                + "numberOfRowsInSection section: Int) -> Int { 1 }\n}",
            advice: "data-source and delegate callbacks are not modelled"),
        Case(
            name: "UIKit delegate protocol", code: "TOP:class T: UIViewController, /*@*/UITableViewDelegate {}",
            advice: "sends no `UITableViewDelegate` callbacks"),
        Case(
            name: "scrollViewDidScroll of a scroll-view delegate",
            code: "TOP:final class F: UIViewController, UIScrollViewDelegate {\n"
                + " func /*@*/scrollViewDidScroll(_ scrollView: UIScrollView) { print(1) }\n}",
            advice: "at every frame of a scroll"),
        Case(
            name: "a scroll-view delegate method not sent",
            code: "TOP:final class F: UIViewController, UIScrollViewDelegate {\n"
                + " func /*@*/scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { print(1) }\n}",
            advice: "sends scrollViewWillBeginDragging"),
        Case(
            name: "reading a delegate method's view parameter",
            code: "TOP:final class F: UIViewController, UIScrollViewDelegate {\n"
                + " func scrollViewWillBeginDragging(/*@*/_ scrollView: UIScrollView) { print(scrollView.isDragging) }\n}",
            advice: "leave `scrollView` unread"),
        Case(
            name: "NSRange parameter of a text-field delegate method",
            code: "TOP:final class F: UIViewController, UITextFieldDelegate {\n"
                + " func textField(_ textField: UITextField, shouldChangeCharactersIn range: /*@*/NSRange,\n"
                + "   replacementString string: String) -> Bool { return true }\n}",
            advice: "give the method the new text only"),
        Case(
            name: "another object than self as a scroll view's delegate",
            code:
                "TOP:final class D: NSObject {}\nfinal class F: UIViewController {\n let scrollView = UIScrollView()\n"
                + " let d = D()\n override func viewDidLoad() { super.viewDidLoad(); scrollView.delegate = /*@*/d }\n}",
            advice: "`scrollView.delegate = self`"),
        Case(
            name: "reading a view property's state",
            code: "TOP:final class V: UIViewController {\n let button = UIButton(type: .system)\n"
                + " func f() { if /*@*/button.isEnabled { print(1) } }\n}", advice: "a property of your own"),
        Case(
            name: "control target other than self",
            code: "TOP:final class V: UIViewController {\n let button = UIButton()\n @objc func tap() {}\n"
                + " func f() { /*@*/button.addTarget(nil, action: #selector(tap), for: .touchUpInside) }\n}",
            advice: "addTarget(self"),
        Case(
            name: "control action with a sender",
            code: "TOP:final class V: UIViewController {\n let button = UIButton()\n @objc func tap(_ b: UIButton) {}\n"
                + " func f() { button.addTarget(self, action: /*@*/#selector(tap(_:)), for: .touchUpInside) }\n}",
            advice: "without them"),
        Case(
            name: "second action for one control event",
            code: "TOP:final class V: UIViewController {\n let button = UIButton()\n @objc func a() {}\n"
                + " @objc func b() {}\n func f() { button.addTarget(self, action: #selector(a), for: .touchUpInside)\n"
                + " /*@*/button.addTarget(self, action: #selector(b), for: .touchUpInside) }\n}",
            advice: "from one action method"),
        Case(
            name: "UIAction on a control",
            code: "TOP:final class V: UIViewController {\n let button = UIButton()\n"
                + " func f() { /*@*/button.addAction(UIAction { _ in print(1) }, for: .touchUpInside) }\n}",
            advice: "addTarget(self"),
        Case(
            name: "target in a lazy view closure",
            code: "TOP:final class V: UIViewController {\n @objc func tap() {}\n"
                + " lazy var button: UIButton = {\n let b = UIButton(type: .system)\n"
                + " /*@*/b.addTarget(self, action: #selector(tap), for: .touchUpInside)\n return b\n }()\n}",
            advice: "viewDidLoad"),
        Case(name: "storyboard segue", code: "TOP:class S: /*@*/UIStoryboardSegue {}", advice: "segues"),
        Case(
            name: "performSegue", code: "/*@*/performSegue(withIdentifier: \"show\", sender: nil)",
            advice: "push or present the controller"),
        Case(
            name: "storyboard",
            code: "/*@*/UIStoryboard(name: \"Main\", bundle: nil).instantiateInitialViewController()",
            advice: "create the controller"),
        Case(name: "table view data", code: "/*@*/tableView.reloadData()", advice: "table views"),
        Case(
            name: "alert text field",
            code: "let a = UIAlertController(title: \"t\", message: nil, preferredStyle: .alert)\n"
                + "/*@*/a.addTextField { _ in }",
            advice: "its text fields"),
        Case(
            name: "presentation style", code: "let d = UIViewController()\nd.modalPresentationStyle = /*@*/.popover",
            advice: "popover, custom and current-context presentations are not modelled"),
        Case(
            name: "presentation style read",
            code: "let d = UIViewController()\nd.modalPresentationStyle = .fullScreen\n"
                + "if /*@*/d.modalPresentationStyle == .fullScreen { print(1) }",
            advice: "keep the choice in a property of your own"),
        Case(
            name: "navigation controller without a root", code: "let nav = /*@*/UINavigationController()",
            advice: "UINavigationController(rootViewController: vc)`, in place of the later `setViewControllers"),
        Case(
            name: "setViewControllers",
            code: "let nav = UINavigationController(rootViewController: Page())\n"
                + "/*@*/nav.setViewControllers([Page()], animated: false)",
            advice: "build the stack with `UINavigationController(rootViewController: first)`"),
        Case(
            name: "presentation style of a non-controller",
            code: "let n = 3\n/*@*/n.modalPresentationStyle = .pageSheet", advice: "set it on a view controller"),
        Case(
            name: "unknown override",
            code: "TOP:class V: UIViewController { override func /*@*/viewDidLayoutSubviews() {} }",
            advice: "name other methods"),
        Case(
            name: "animated read",
            code:
                "TOP:class V: UIViewController { override func viewWillAppear(/*@*/_ animated: Bool) { if animated {} } }",
            advice: "without arguments"),
        Case(
            name: "app delegate launch method",
            code: "TOP:class AppDelegate: UIResponder, UIApplicationDelegate {\n    func /*@*/application(_ a: "
                + "UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool "
                + "{ return true } }", advice: "top level of the file"),
        Case(
            name: "system notification",
            code: "NotificationCenter.default.post(name: /*@*/UIDevice.orientationDidChangeNotification, object: nil)",
            advice: "the system names LoopSim knows"),
        Case(
            name: "removeObserver with a name",
            code: "/*@*/NotificationCenter.default.removeObserver(self, name: Notification.Name(\"x\"), object: nil)",
            advice: "removeObserver(_:)"),
        Case(
            name: "observer on a dispatch queue",
            code: "NotificationCenter.default.addObserver(forName: nil, object: nil, queue: /*@*/DispatchQueue.main) "
                + "{ _ in }", advice: "OperationQueue()"),
        Case(
            name: "typed throws of a library error",
            code: "TOP:class Hub { func f() throws(/*@*/CancellationError) { } }",
            advice: "write `throws`"),
        Case(
            name: "throwing closure type returning a value",
            code: "TOP:class Hub { var work: (() /*@*/throws -> Int)? }", advice: "make it return nothing"),
        Case(
            name: "throwing closure called outside a method",
            code: "TOP:let work: () throws -> Void = { }\ndo { try /*@*/work() } catch { }",
            advice: "in a method, a closure that uses `self`"),
        Case(
            name: "async let of a literal", code: "Task {\n async let n = /*@*/1\n print(await n) }",
            advice: "a call of a method of the file"),
        Case(
            name: "task group value of a type the language holds not",
            code: "Task {\n let n = /*@*/await withTaskGroup(of: Double.self) { g in\n g.addTask { 1.5 }\n return 0 }\n"
                + " print(n) }", advice: "let each child store what it made"),
        Case(
            name: "async let read without await",
            code: "TOP:final class S {\n    func count() async -> Int { return 1 }\n"
                + "    func run() async {\n async let n = count()\n let m = 1 + (await n) + /*@*/n\n print(m) } }",
            advice: "write `await n`"),
        Case(
            name: "throw out of an async let's block",
            code: "TOP:struct E: Error {}\nfinal class S {\n    func count() async -> Int { return 1 }\n"
                + "    func run() async throws {\n async let n = count()\n /*@*/throw E() } }",
            advice: "await the child before it"),
        Case(
            name: "continue out of an async let's loop body",
            code: "TOP:final class S {\n    func count() async -> Int { return 1 }\n"
                + "    func run() async {\n for i in 0..<2 {\n async let n = count()\n if i == 0 { /*@*/continue }\n"
                + " print(await n) } } }",
            advice: "await the child before it"),
        Case(
            name: "for await over an array",
            code: "TOP:final class F { var feed = [1]\n func f() async { /*@*/for await x in feed { print(x) } } }",
            advice: "other AsyncSequences"),
        Case(
            name: "for await over a URL's lines",
            code: "TOP:final class F { func f(u: URL) async { /*@*/for await l in u.lines { print(l) } } }",
            advice: "feed an `AsyncStream"),
        Case(
            name: "for await over an AsyncThrowingStream",
            code: "TOP:final class F { let s = AsyncThrowingStream(Int.self) { _ in }\n"
                + " func f() async { /*@*/for await x in s { print(x) } } }",
            advice: "write `for try await`"),
        Case(
            name: "AsyncStream buffering policy held in a value",
            code: "TOP:final class F { let p = 1\n func f(n: Int) {\n"
                + " let s = AsyncStream(Int.self, bufferingPolicy: /*@*/n > 1 ? .unbounded : .bufferingNewest(1)) "
                + "{ c in c.finish() } } }",
            advice: "write the policy in the call"),
        Case(
            name: "reading an AsyncStream yield's result",
            code: "let (s, c) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))\n"
                + "if case .dropped = /*@*/c.yield(1) { print(0) }",
            advice: "as a statement"),
        Case(
            name: "AsyncSequence operator on a stream",
            code: "let (s, c) = AsyncStream.makeStream(of: Int.self)\n"
                + "Task { for await v in /*@*/s.map({ $0 * 2 }) { print(v) } }",
            advice: "do the `map` in the body"),
        Case(
            name: "finish(throwing:) on an AsyncStream",
            code: "let (s, c) = AsyncStream.makeStream(of: Int.self)\n"
                + "/*@*/c.finish(throwing: CancellationError())",
            advice: "an AsyncStream cannot fail"),
        Case(
            name: "leaving a stream's loop early with onTermination set",
            code: "let (s, c) = AsyncStream.makeStream(of: Int.self)\n c.onTermination = { _ in print(1) }\n"
                + "Task { for await v in s { if v > 1 { /*@*/break } } }",
            advice: "continuation.finish()"),
        Case(
            name: "continuation resumed with a Result",
            code: "Task {\n await withCheckedContinuation { c in /*@*/c.resume(with: .success(())) } }",
            advice: "resume(with:)"),
        Case(
            name: "continuation without await",
            code: "Task {\n /*@*/withCheckedContinuation { c in c.resume() } }",
            advice: "await withCheckedContinuation"),
        Case(
            name: "lazy AsyncStream property",
            code: "TOP:final class F {\n /*@*/lazy var s = AsyncStream(Int.self) { _ in } }",
            advice: "make it when the object is made"),
        Case(
            name: "AsyncStream without its element type", code: "let s = /*@*/AsyncStream { c in c.finish() }",
            advice: "AsyncStream(Int.self)"),
        Case(
            name: "throwing discarding task group",
            code: "Task {\n try await /*@*/withThrowingDiscardingTaskGroup { g in g.addTask { } } }",
            advice: "withThrowingTaskGroup(of: Void.self)"),
        Case(
            name: "a throwing group's next() without try",
            code: "Task {\n do { try await withThrowingTaskGroup(of: Int.self) { g in g.addTask { 1 }\n"
                + " await /*@*/g.next() } } catch {} }",
            advice: "try await g.next()"),
        Case(
            name: "addTask with a priority",
            code: "Task {\n await withTaskGroup(of: Void.self) { g in\n for _ in 0..<3 {\n"
                + " /*@*/g.addTask(priority: .high) { } } } }",
            advice: "priority"),
        Case(
            name: "task group results in for await",
            code: "Task {\n await withTaskGroup(of: Void.self) { g in g.addTask { }\n /*@*/for await v in g { } } }",
            advice: "children return nothing"),
        Case(
            name: "task group addTaskUnlessCancelled",
            code:
                "Task {\n await withTaskGroup(of: Void.self) { g in g.addTask { }\n /*@*/g.addTaskUnlessCancelled { } } }",
            advice: "waitForAll"),
        Case(name: "task executor", code: "Task(/*@*/executorPreference: nil) { go() }", advice: "Task(priority:"),
        Case(name: "try!", code: "Task {\n /*@*/try! await Task.sleep(for: .seconds(1)) }", advice: "`try?`"),
        Case(
            name: "sleep until a deadline", code: "Task {\n try await Task.sleep(/*@*/until: .now) }",
            advice: "deadline or a clock"),
        Case(name: "awaited value used", code: "Task {\n let v = /*@*/await self.go() }", advice: "statement"),
        Case(name: "OperationQueue", code: "let q = /*@*/OperationQueue()", advice: "operationQueues:"),
        Case(
            name: "run-loop observer",
            code: "let o = /*@*/CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.exit.rawValue, true, 0) "
                + "{ _, _ in }", advice: "CFRunLoopAddObserver(CFRunLoopGetMain()"),
        Case(
            name: "inactive queue",
            code: "TOP:let q = DispatchQueue(label: \"q\", /*@*/attributes: .initiallyInactive)",
            advice: "attributes: .concurrent"),
        Case(
            name: "queue with a target", code: "TOP:let q = DispatchQueue(label: \"q\", /*@*/target: .main)",
            advice: "declared in YAML"),
        Case(
            name: "operation queue property of a class made twice",
            code: "TOP:class W { /*@*/private let queue = OperationQueue() }\nlet a = W()\nlet b = W()",
            advice: "make `W` once"),
        Case(
            name: "NSConditionLock with a deadline",
            code: "let l = NSConditionLock(condition: 0)\n        l.lock(/*@*/before: Date())", advice: "`before:`"),
        Case(
            name: "dispatch source never scheduled",
            code: "let s = /*@*/DispatchSource.makeTimerSource(queue: .main)\n        s.resume()",
            advice: "schedule it in the next statements"),
        Case(
            name: "dispatch source handler cleared with nil",
            code:
                "TOP:class Hub { var s: DispatchSourceTimer?\n    func go() { /*@*/s?.setEventHandler(handler: nil) } }",
            advice: "pass the handler as a trailing closure"),
        Case(
            name: "dispatch source rescheduled later",
            code: "TOP:class Hub { var s: DispatchSourceTimer?\n    func go() { /*@*/s?.schedule(deadline: .now()) } }",
            advice: "rescheduling a running source is not modelled"),
        Case(
            name: "isFinished of a Thread subclass",
            code: "TOP:final class W: Thread { override func main() {} }\nlet w = W()\nif /*@*/w.isFinished { }",
            advice: "keep the state in a field"),
        Case(
            name: "sync flags other than barrier",
            code: "TOP:let q = DispatchQueue(label: \"q\", attributes: .concurrent)\n"
                + "q.sync(flags: /*@*/.detached) { print(1) }",
            advice: "sync(flags: .barrier)"),
        Case(
            name: "barrier sync as a value",
            code: "TOP:let q = DispatchQueue(label: \"q\", attributes: .concurrent)\n"
                + "let n = /*@*/q.sync(flags: .barrier) { 1 }\nprint(n)",
            advice: "store into a variable inside"),
        Case(
            name: "work item flags",
            code: "let w = DispatchWorkItem(flags: /*@*/.barrier) { self.go() }\n        w.perform()",
            advice: "without flags"),
        Case(name: "thread never started", code: "let t = /*@*/Thread { self.go() }", advice: "call `start()`"),
        Case(
            name: "observeValue reading its parameters",
            code: "TOP:class Obs: NSObject {\n    override func observeValue(/*@*/forKeyPath keyPath: String?, "
                + "of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) "
                + "{ print(keyPath) } }", advice: "read the observed field"),
        Case(
            name: "top-level struct variable read in a method",
            code: "TOP:struct Limits { var retries = 3 }\nvar limits = Limits()\n"
                + "class Hub { func go() { let n = /*@*/limits.retries; print(n) } }",
            advice: "keep it in a class"),
        Case(
            name: "top-level array read in a closure",
            code: "TOP:var names = [\"a\"]\n"
                + "class Hub { func go() { DispatchQueue.main.async { let n = /*@*/names.count; print(n) } } }",
            advice: "keep it in a stored property"),
        Case(
            name: "tuple switch over a Double",
            code: "let d = 0.5\nswitch (/*@*/d, count) {\ndefault: break\n}", advice: "each element of the subject"),
        Case(
            name: "tuple switch binding the whole tuple",
            code: "switch (count, count) {\ncase /*@*/let pair: print(pair)\n}", advice: "one per element"),
        Case(
            name: "tuple switch with labels",
            code: "switch (/*@*/a: count, b: count) {\ndefault: break\n}", advice: "without labels"),
        Case(
            name: "tuple switch binding in several patterns",
            code: "switch (count, count) {\ncase /*@*/(0, let n), (let n, 0): print(n)\ndefault: break\n}",
            advice: "write one case per pattern"),
        Case(
            name: "tuple switch over a tuple variable",
            code: "var pair = (0, 2)\npair.0 += 1\nswitch /*@*/pair {\ndefault: break\n}",
            advice: "write the tuple in place"),
        Case(
            name: "property requirement of several conformers",
            code: "TOP:protocol Poller: AnyObject { var /*@*/interval: Int { get } }\n"
                + "final class A: Poller { var interval = 1 }\nfinal class B: Poller { var interval = 2 }",
            advice: "hold the concrete class"),
        Case(
            name: "static property requirement",
            code: "TOP:protocol Poller: AnyObject { /*@*/static var limit: Int { get } }\n"
                + "final class A: Poller { var n = 1 }",
            advice: "require an instance property"),
        Case(
            name: "display link initializer",
            code: "let l = /*@*/CADisplayLink(target: self, selector: #selector(go), extra: 1)",
            advice: "CADisplayLink(target: self"),
        Case(
            name: "first of an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n print(/*@*/items.first?.id ?? 0)\n }\n}",
            advice: "read `items[0]`"),
        Case(
            name: "last of an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n let n = /*@*/items.last\n }\n}",
            advice: "test `!items.isEmpty`"),
        Case(
            name: "first(where:) on an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n let x = /*@*/items.first(where: { $0.id > 1 })\n }\n}",
            advice: "`for item in items` loop"),
        Case(
            name: "filter on an array of structs after a read of state",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n print(\"\\(items.count) \\(/*@*/items.filter { $0.id > 1 }.count)\")\n }\n}",
            advice: "make it first into a local"),
        Case(
            name: "map making structs with a closure of several statements",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n items = (0..<2).map /*@*/{ n in\n let k = n\n return Item(id: k)\n }\n }\n}",
            advice: "write one expression"),
        Case(
            name: "static method returning an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n"
                + " static func all() -> /*@*/[Item] { return [] }\n}",
            advice: "make it an instance method"),
        Case(
            name: "method returning an array of structs holding objects",
            code:
                "TOP:final class Owner {}\nstruct Held { var id: Int\n let owner: Owner }\nfinal class Q {\n"
                + " func all() -> /*@*/[Held] { return [] }\n}",
            advice: "return an array of a struct of Int, Bool, String"),
        Case(
            name: "try? on an async method returning an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n func all() async throws -> [Item] { return [] }\n"
                + " func f() async {\n let x = /*@*/try? await all()\n print(x?.count ?? 0)\n }\n}",
            advice: "write `try await` inside `do"),
        Case(
            name: "ternary return of arrays of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var on = true\n var items: [Item] = []\n"
                + " func all() -> [Item] { return /*@*/on ? items : [] }\n}",
            advice: "write `if c { return a }`"),
        Case(
            name: "optional chained call returning an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n func all() -> [Item] { return [] }\n}\n"
                + "final class R {\n var q: Q? = Q()\n func f() {\n let x = /*@*/q?.all()\n print(x?.count ?? 0)\n }\n}",
            advice: "unwrap the receiver first"),
        Case(
            name: "unnamed closure parameter of an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var done: (([Item]) -> Void)?\n func f() {\n done = /*@*/{ print($0.count) }\n }\n}",
            advice: "name it"),
        Case(
            name: "sorted on an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n let s = /*@*/items.sorted { $0.id < $1.id }\n }\n}",
            advice: "`for item in items` loop"),
        Case(
            name: "removed struct element as a value",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n let x = /*@*/items.removeFirst()\n }\n}",
            advice: "read the element first"),
        Case(
            name: "insert into an array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n /*@*/items.insert(Item(id: 0), at: 0)\n }\n}",
            advice: "`append(x)`"),
        Case(
            name: "printing a whole array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n print(/*@*/items)\n }\n}",
            advice: "print each element's properties"),
        Case(
            name: "closure capturing a local array of structs",
            code:
                "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: [Item] = []\n func f() {\n var /*@*/copy = items\n copy.removeAll()\n DispatchQueue.main.async { print(copy.count) }\n }\n}",
            advice: "keep the array in a property"),
        Case(
            name: "mutating method on an element of an array of structs",
            code:
                "TOP:struct Item { var id: Int; mutating func reset() { id = 0 } }\nfinal class Q {\n var items: [Item] = []\n func f() {\n /*@*/items[0].reset()\n }\n}",
            advice: "copy the element out"),
        Case(
            name: "defaulted parameter of an array of structs",
            code: "TOP:struct Item { var id: Int }\nfinal class Q {\n func show(/*@*/_ xs: [Item] = []) {}\n}",
            advice: "without a default"),
        Case(
            name: "optional array of structs",
            code: "TOP:struct Item { var id: Int }\nfinal class Q {\n var items: /*@*/[Item]? = nil\n}",
            advice: "[Item]"),
        Case(
            name: "array of a struct with a weak property",
            code: "TOP:final class O {}\nstruct Item { weak var owner: O? }\nfinal class Q {\n"
                + " var /*@*/items: [Item] = []\n}",
            advice: "hold the object strongly"),
        Case(
            name: "reference to an async method as a closure",
            code: "TOP:final class L {\n var onDone: (() -> Void)?\n func load() async {}\n"
                + " func go() { onDone = /*@*/load }\n}",
            advice: "inside a `do` or a `Task`"),
        Case(
            name: "reference to a throwing method as a closure",
            code: "TOP:final class L {\n var onDone: (() -> Void)?\n func load() throws {}\n"
                + " func go() { self.onDone = /*@*/self.load }\n}",
            advice: "inside a `do` or a `Task`"),
        Case(
            name: "reference to another object's method as a closure",
            code: "TOP:final class W { func fire() {} }\nfinal class L {\n var onDone: (() -> Void)?\n"
                + " let w = W()\n func go() { onDone = /*@*/w.fire }\n}",
            advice: "capture list"),
        Case(
            name: "reference to an overloaded method as a closure",
            code: "TOP:final class L {\n var f: ((Int) -> Void)?\n func take(_ n: Int) {}\n"
                + " func take(count n: Int) {}\n func go() { f = /*@*/take }\n}",
            advice: "write the closure"),
        Case(
            name: "subclass of the file's own view controller",
            code: "TOP:class BaseViewController: UIViewController {\n override func viewDidLoad() { setup() }\n"
                + " func setup() {}\n}\nclass FeedViewController: /*@*/BaseViewController {\n"
                + " override func setup() { super.setup() }\n}",
            advice: "write one class"),
        Case(
            name: "subclass of the file's own NSObject subclass",
            code: "TOP:class Base: NSObject {\n override init() { super.init() }\n}\n"
                + "class Child: /*@*/Base {\n override init() { super.init() }\n}",
            advice: "write one class"),
        Case(
            name: "map that makes another struct than the array holds",
            code: "TOP:struct Banner { let id: Int }\nstruct Item { let id: Int }\nfinal class F {\n"
                + " var items: [Item] = []\n func go() {\n items = /*@*/(0..<3).map { Banner(id: $0) }\n }\n}",
            advice: "store `[]`"),
        Case(
            name: "joined of an array of Ints",
            code: "TOP:final class F {\n var ids = [1, 2]\n func go() {\n"
                + " let s = /*@*/ids.joined(separator: \",\")\n print(s)\n }\n}",
            advice: "join an array of `String`s"),
        Case(
            name: "method returning an array of objects",
            code: "TOP:final class R {}\nfinal class F {\n func rows() -> /*@*/[R] {\n print(1)\n return []\n }\n}",
            advice: "an array of them"),
        Case(
            name: "static async method returning a struct",
            code: "TOP:struct Q { let n: Int }\nfinal class L {\n static func q() async -> /*@*/Q { Q(n: 1) }\n}",
            advice: "make it an instance method"),
        Case(
            name: "awaited synchronous method returning a struct",
            code: "TOP:struct Q { let n: Int }\n@MainActor final class M {\n func q() -> Q { Q(n: 1) }\n}\n"
                + "final class U {\n let m = M()\n func go() async {\n let v = await /*@*/m.q()\n print(v.n)\n }\n}",
            advice: "make the method `async`"),
        Case(
            name: "task group of a struct",
            code: "TOP:struct Q { let n: Int }\nfinal class L {\n func q() async -> Q { return Q(n: 1) }\n"
                + " func go() async {\n await withTaskGroup(of: /*@*/Q.self) { group in\n"
                + " group.addTask { await self.q() }\n for await v in group { print(v.n) }\n }\n }\n}",
            advice: "`withTaskGroup(of: Int.self)`"),
        Case(
            name: "try? of an async method returning a struct",
            code: "TOP:struct Q { let n: Int }\nenum E: Error { case x }\nfinal class L {\n"
                + " func q() async throws -> Q { return Q(n: 1) }\n"
                + " func go() async {\n let v = /*@*/try? await q()\n print(v?.n ?? 0)\n }\n}",
            advice: "inside `do { … } catch { … }`"),
        Case(
            name: "throwing method returning a struct",
            code: "TOP:struct Q { let n: Int }\nfinal class L {\n func q() throws -> /*@*/Q { Q(n: 1) }\n}",
            advice: "a throwing method that returns nothing"),
        Case(
            name: "method returning a struct that holds an object",
            code: "TOP:final class C {}\nstruct Q { let c: C }\nfinal class L {\n func q() -> /*@*/Q { Q(c: C()) }\n}",
            advice: "return the object itself"),
        Case(
            name: "optional chaining on a method returning a struct",
            code: "TOP:struct Q { let n: Int }\nfinal class L {\n weak var o: L?\n func q() -> Q { Q(n: 1) }\n"
                + " func go() { let v = /*@*/o?.q(); print(v?.n ?? 0) }\n}",
            advice: "unwrap the receiver first"),
        Case(
            name: "computed property in an extension of the file's enum",
            code: "TOP:enum Result2 { case sent(count: Int), none }\nextension Result2 {\n"
                + " /*@*/var summary: String { switch self { case .sent: return \"s\"; case .none: return \"n\" } }\n}",
            advice: "taking it as a parameter"),
        Case(
            name: "CustomStringConvertible enum",
            code: "TOP:enum Badge: /*@*/CustomStringConvertible { case hidden\n var description: String { \"h\" } }",
            advice: "write the text in a method of the class that prints it"),
        Case(
            name: "CustomStringConvertible struct",
            code: "TOP:struct Item: /*@*/CustomStringConvertible { var n = 0\n var description: String { \"i\" } }",
            advice: "write the text in a method of the class that prints it"),
        Case(
            name: "allCases of an enum not CaseIterable",
            code: "TOP:enum Tab { case a, b }\nfinal class H { var n = 0\n func f() { n = /*@*/Tab.allCases.count } }",
            advice: "read through its cases"),
        Case(
            name: "power of a Double to a fractional exponent",
            code: "TOP:final class L {\n var delay: TimeInterval = 4\n func go() {\n"
                + " let d = pow(delay, /*@*/0.5)\n print(d)\n }\n}",
            advice: "write the exponent as `Double(n)`"),
        Case(
            name: "power whose exponent is a Double variable",
            code: "TOP:final class L {\n var e: TimeInterval = 2\n func go() {\n"
                + " let d = pow(2.0, /*@*/e)\n print(d)\n }\n}",
            advice: "write the exponent as `Double(n)`"),
        Case(
            name: "for loop over a Set",
            code: "TOP:final class L {\n var keys: Set<String> = []\n func go() {\n"
                + " for k in /*@*/keys { print(k) }\n }\n}",
            advice: "loop over `keys.sorted()`"),
        Case(
            name: "result of a Set's insert",
            code: "TOP:final class L {\n var keys: Set<Int> = []\n func go() {\n"
                + " if /*@*/keys.insert(3).inserted { print(\"new\") }\n }\n}",
            advice: "if !s.contains(x)"),
        Case(
            name: "first of a Set",
            code: "TOP:final class L {\n var keys: Set<Int> = []\n func go() {\n"
                + " let k = /*@*/keys.first\n print(k ?? 0)\n }\n}",
            advice: "its order is unspecified"),
        Case(
            name: "dictionary of a struct as a local",
            code: "TOP:struct U { let id: Int }\nfinal class L {\n func go() {\n var /*@*/cache: [Int: U] = [:]\n"
                + " cache[1] = U(id: 1)\n }\n}",
            advice: "keep it in a property of a class"),
        Case(
            name: "entry of a dictionary of structs as a value",
            code:
                "TOP:struct U { let id: Int; var name: String }\nfinal class L {\n var cache: [Int: U] = [:]\n func go() {\n let u = /*@*/cache[1]\n print(u?.id ?? 0)\n }\n}",
            advice: "bind it (`if let value = cache[1]"),
        Case(
            name: "force-unwrapped entry of a dictionary of structs",
            code:
                "TOP:struct U { let id: Int; var name: String }\nfinal class L {\n var cache: [Int: U] = [:]\n func go() {\n print(/*@*/cache[1]!.name)\n }\n}",
            advice: "read `cache[1]?.name`"),
        Case(
            name: "values of a dictionary of structs",
            code:
                "TOP:struct U { let id: Int; var name: String }\nfinal class L {\n var cache: [Int: U] = [:]\n func go() {\n let n = /*@*/cache.values.count\n print(n)\n }\n}",
            advice: "loop over its entries with `for (key, value) in d`"),
        Case(
            name: "removed struct of a dictionary as a value",
            code:
                "TOP:struct U { let id: Int; var name: String }\nfinal class L {\n var cache: [Int: U] = [:]\n func go() {\n if let old = /*@*/cache.removeValue(forKey: 1) { print(old.id) }\n }\n}",
            advice: "bind the entry first"),
        Case(
            name: "dictionary of a struct with an optional property",
            code:
                "TOP:struct U { let id: Int; var note: String? }\nfinal class L {\n var /*@*/cache: [Int: U] = [:]\n}",
            advice: "give `note` a non-optional type"),
        Case(
            name: "filter of a dictionary of structs",
            code:
                "TOP:struct U { let id: Int; var name: String }\nfinal class L {\n var cache: [Int: U] = [:]\n func go() {\n cache = /*@*/cache.filter { $0.value.id > 1 }\n }\n}",
            advice: "remove the entries in a loop"),
        Case(
            name: "filter of a dictionary with a closure of statements",
            code: "TOP:final class L {\n var counts: [String: Int] = [:]\n func go() {\n"
                + " counts = counts.filter /*@*/{ e in\n print(e.key)\n return e.value > 1\n }\n }\n}",
            advice: "write one expression"),
        Case(
            name: "dictionary of arrays of closures",
            code: "TOP:final class L {\n private var /*@*/waiting: [String: [(Int) -> Void]] = [:]\n}",
            advice: "keep each key's handlers in an object of a class of the file"),
        Case(
            name: "dictionary of an enum with values declared inside an actor",
            code: "TOP:actor L {\n enum Entry { case ready(Int), failed(String) }\n"
                + " private var /*@*/entries: [String: Entry] = [:]\n}",
            advice: "declare `Entry` at the top level of the file"),
        Case(
            name: "dictionary of an enum with values",
            code: "TOP:enum Entry { case ready(Int), failed(String) }\nfinal class L {\n"
                + " private var /*@*/entries: [String: Entry] = [:]\n}",
            advice: "keep one dictionary per case's values"),
        Case(
            name: "union of Sets",
            code: "TOP:final class L {\n var keys: Set<Int> = []\n func go() {\n"
                + " /*@*/keys.formUnion([1, 2])\n }\n}",
            advice: "a Set takes `insert(x)`"),
        Case(
            name: "running state of a kept Thread",
            code: "TOP:final class L {\n var thread: Thread?\n func running() -> Bool {\n"
                + " guard let t = thread else { return false }\n return /*@*/t.isExecuting\n }\n}",
            advice: "keep the state in a property"),
        Case(
            name: "isMultiple(of:) of a variable divisor",
            code: "TOP:final class L {\n var n = 4\n var k = 2\n func go() {\n"
                + " if n.isMultiple(of: /*@*/k) { print(\"m\") }\n }\n}",
            advice: "write the divisor as a literal"),
        Case(
            name: "renaming the running thread",
            code: "TOP:final class L {\n func go() {\n DispatchQueue.global().async {\n"
                + " /*@*/Thread.current.name = \"poller\"\n }\n }\n}",
            advice: "name a thread before it starts"),
        Case(
            name: "renaming a kept thread after its start",
            code: "TOP:final class L {\n var thread: Thread?\n func go() {\n"
                + " /*@*/thread?.name = \"late\"\n }\n}",
            advice: "name a thread before it starts"),
        Case(
            name: "a view's delegate set to one of the file's objects",
            code: "TOP:final class V: UIViewController {\n @IBOutlet var scrollView: UIScrollView!\n"
                + " override func viewDidLoad() {\n super.viewDidLoad()\n scrollView.delegate = /*@*/self\n }\n}",
            advice: "call it from the experiment"),
        Case(
            name: "a UIKit method the file's view subclass inherits, not modelled",
            code: "TOP:final class Banner: UIView {}\nfinal class V: UIViewController {\n let banner = Banner()\n"
                + " func f() {\n /*@*/banner.becomeFirstResponder()\n }\n}",
            advice: "call a method `Banner` declares"),
        Case(
            name: "a struct's switch getter read where no statement runs",
            code: "TOP:struct Ping {\n let ms: Int\n var fast: Bool {\n switch ms {\n case ..<100: return true\n"
                + " default: return false\n }\n }\n}\nfinal class M {\n var last = Ping(ms: 3)\n"
                + " var isFast: Bool { /*@*/last.fast }\n func go() { if isFast { print(1) } }\n}",
            advice: "read it into a local in a statement"),
        Case(
            name: "a struct's switch getter whose case binds a name",
            code: "TOP:struct Ping {\n let ms: Int\n var slow: Bool {\n switch ms {\n"
                + " /*@*/case let n where n > 100: return true\n default: return false\n }\n }\n}\n"
                + "final class M {\n func go() {\n let p = Ping(ms: 3)\n let s = p.slow\n print(s)\n }\n}",
            advice: "match values or ranges"),
        Case(
            name: "Bool.toggle() through optional chaining",
            code: "TOP:final class S {\n var flag = false\n func go() {\n"
                + " DispatchQueue.main.async { [weak self] in /*@*/self?.flag.toggle() }\n }\n}",
            advice: "unwrap first"),
        Case(
            name: "a store through ?. on an optional struct",
            code:
                "TOP:struct Fix { var n: Int }\nfinal class T {\n var last: Fix?\n func f() {\n /*@*/last?.n += 1\n }\n}",
            advice: "bind it, change the copy and store it back"),
        Case(
            name: "a mutating call through ?. on an optional struct",
            code:
                "TOP:struct Fix {\n var n: Int\n mutating func bump() { n += 1 }\n}\nfinal class T {\n var last: Fix?\n"
                + " func f() {\n /*@*/last?.bump()\n }\n}",
            advice: "bind it, change the copy and store it back"),
        Case(
            name: "an optional struct inside a struct",
            code: "TOP:struct Fix { var n: Int }\nstruct Trip { var /*@*/last: Fix? }",
            advice: "keep the optional struct in a property of the class"),
        Case(
            name: "an optional struct holding an array",
            code: "TOP:struct Batch { var ids: [Int] = [] }\nfinal class T { var /*@*/batch: Batch? }",
            advice: "give the property a value"),
        Case(
            name: "a Result of a struct kept in a property",
            code: "TOP:struct User { let name: String }\nenum E: Error { case x }\n"
                + "final class T { var /*@*/last: Result<User, E>? }",
            advice: "pass it straight to a completion handler"),
        Case(
            name: "a continuation resumed with a struct holding an object",
            code: "TOP:final class K {}\nstruct Box { var k: K }\nfinal class T {\n func f() async {\n"
                + " let b: Box = await /*@*/withCheckedContinuation { c in c.resume(returning: Box(k: K())) }\n"
                + " print(b.k === b.k)\n }\n}",
            advice: "resume with a struct of Int, Bool, String, TimeInterval and enum properties"),
        Case(
            name: "a ?: choosing a Result whose branch calls a method",
            code: "TOP:enum E: Error { case x }\nfinal class T {\n var n = 0\n"
                + " func name() -> String {\n n += 1\n return \"a\"\n }\n"
                + " func f(_ b: Bool, completion: @escaping (Result<String, E>) -> Void) {\n"
                + " completion(b ? .failure(.x) : .success(/*@*/name()))\n }\n}",
            advice: "call it first into a local"),
    ]

    /// The scenario file around `code`.
    static func file(_ code: String) -> String {
        let header = """
            import Foundation
            let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
            class Page {
                var count = 0
                var timer: Timer?
                func go() {}

            """
        if code.hasPrefix("TOP:") {
            return header + "}\n" + code.dropFirst(4) + "\nlet page = Page()\n"
        }
        return header + "    func probe() {\n        " + code + "\n    }\n}\nlet page = Page()\n"
    }

    /// The 1-based line and column just after the `/*@*/` marker in `text`.
    static func marker(in text: String) throws -> (line: Int, column: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "/*@*/") {
                return (index + 1, line.distance(from: line.startIndex, to: range.upperBound) + 1)
            }
        }
        throw CancellationError()
    }

    @Test(arguments: cases)
    func unsupportedConstructIsALocatedErrorWithAdvice(_ c: Case) throws {
        let text = Self.file(c.code)
        let loaded = SwiftScenarioLoader.load(text: text, file: "Probe.swift")
        #expect(loaded.scenario == nil)
        let (line, column) = try Self.marker(in: text)
        let hit = loaded.diagnostics.first { $0.location.line == line && $0.location.column == column }
        let diagnostic = try #require(hit, "\(c.name): \(loaded.diagnostics)")
        #expect(diagnostic.id == "swift.unsupported")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location.file == "Probe.swift")
        #expect(diagnostic.message.contains(c.advice), "\(diagnostic.message)")
    }

    @Test func theSubsetWithoutTheConstructCompiles() throws {
        let loaded = SwiftScenarioLoader.load(text: Self.file("self.go()"), file: "Probe.swift")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.scenario != nil)
    }
}
