import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Top-level names used from class code (docs/swift-scenarios.md, "Top-level names in class code"): a global of
/// main.swift is one storage every method, closure and deinit reads and writes (the Swift book, "Closures" ›
/// "Global and Nested Functions": a global function captures nothing), lowered to a field of the hidden root
/// object `MainGlobals`, and a top-level function to a method of it.
@Suite struct GlobalNameTests {
    /// The diagnostics of lowering `text`, as `LINE:COLUMN message`.
    static func problems(_ text: String) -> [String] {
        SwiftScenarioLoader.lower(text: text, file: "G.swift").1.map {
            "\($0.location.line):\($0.location.column) \($0.message)"
        }
    }

    /// A top-level `let` object whose method a class's method calls, and a top-level `var` counter a method
    /// increments and the top-level code and an action read: one storage for all of them.
    @Test func aGlobalReadAndWrittenInAMethod() throws {
        // `taps` is printed as its value inside the method: a global `Int` declared without `?` is never nil.
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("globals", until: .seconds(1), variants: [.ios13])
            final class Store {
                var n = 0
                func add() { n += 1; print("added \\(n)") }
            }
            let store = Store()
            var taps = 0
            final class Editor {
                func close() {
                    store.add()
                    taps += 1
                    if taps == 2 { print("two taps (\\(taps)), store at \\(store.n)") }
                }
            }
            let e = Editor()
            e.close()
            print("taps \\(taps)")
            scenario.at(.milliseconds(200), "again") {
                e.close()
                taps += 10
                print("taps \\(taps)")
            }
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "added 1", "logs[1].text": "taps 1", "logs[2].text": "added 2",
                "logs[3].text": "two taps (2), store at 2", "logs[4].text": "taps 12", "objects.leaked": 0,
            ])
            """)
    }

    /// A top-level `weak var` handle the actions share: it keeps nothing, and reads nil once the stack pops the
    /// controller (a zeroing weak global), so the later tap does nothing. (A tap in the pop's own action would still
    /// reach it: `popViewController` returns the controller autoreleased, alive until the pass's pool drains.)
    @Test func aWeakGlobalHandle() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("weak handle", until: .seconds(4), variants: [.ios13])
            final class Root: UIViewController {}
            final class Page: UIViewController {
                func tap() { print("tapped") }
                deinit { print("Page deinit") }
            }
            let window = UIWindow(frame: UIScreen.main.bounds)
            let nav = UINavigationController(rootViewController: Root())
            window.rootViewController = nav
            window.makeKeyAndVisible()
            weak var openPage: Page?
            scenario.at(.seconds(1), "push") {
                let page = Page()
                openPage = page
                nav.pushViewController(page, animated: false)
            }
            scenario.at(.seconds(2), "tap") { openPage?.tap() }
            scenario.at(.seconds(3), "pop") { nav.popViewController(animated: false) }
            scenario.at(.milliseconds(3500), "tap again") { openPage?.tap() }
            scenario.expect(.all, [
                "logged_in_order": ["tapped", "Page deinit"], "logged": ["tapped": 1], "objects.leaked": 0,
            ])
            """)
    }

    /// A closure in a method uses the global without capturing it (a global is no capture), and so does a
    /// `[weak self]` closure that has no `self` left: the store still counts after the controller is gone.
    @Test func aClosureInAMethodReadsTheGlobal() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("globals", until: .seconds(2), variants: [.ios13])
            final class Store {
                var n = 0
                func add() { n += 1; print("added \\(n)") }
            }
            let store = Store()
            final class Screen {
                func later() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { [weak self] in
                        store.add()
                        if self == nil { print("screen gone") }
                    }
                }
                deinit { print("screen freed") }
            }
            var screen: Screen? = Screen()
            screen?.later()
            scenario.at(.milliseconds(100), "leave") { screen = nil }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "screen freed", "logs[0].at_ms": 100,
                "logs[1].text": "added 1", "logs[1].at_ms": 300, "logs[2].text": "screen gone",
                "objects.leaked": 0,
            ])
            """)
    }

    /// A deinit that copies an id and starts a Task calling a global actor: the Task captures the id, not
    /// `self`, and the actor is the global's (reviewers' h9-20, reduced).
    @Test func aDeinitStartsATaskOnAGlobalActor() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("deinit task", until: .seconds(1), variants: [.ios13])
            actor DraftStore {
                var flushed = 0
                func flush(_ id: Int) {
                    flushed += 1
                    print("flushed draft \\(id)")
                }
            }
            let store = DraftStore()
            final class DraftEditor {
                let draftID: Int
                init(draftID: Int) { self.draftID = draftID }
                deinit {
                    let id = draftID
                    print("editor \\(id) closing")
                    Task { await store.flush(id) }
                }
            }
            var editor: DraftEditor? = DraftEditor(draftID: 7)
            scenario.at(.milliseconds(300), "close") { editor = nil }
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "editor 7 closing", "logs[0].at_ms": 300,
                "logs[1].text": "flushed draft 7", "objects.leaked": 0,
            ])
            """)
    }

    /// A top-level function, called from the top-level code, from an action and from a class's method, reading a
    /// global object and taking a parameter.
    @Test func aTopLevelFunctionCalledFromAMethod() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("functions", until: .seconds(1), variants: [.ios13])
            final class Counter { var n = 0 }
            let counter = Counter()
            func record(_ what: String) {
                counter.n += 1
                print("\\(what) #\\(counter.n)")
            }
            final class Button {
                func tap() { record("tap") }
            }
            let button = Button()
            record("launch")
            button.tap()
            scenario.at(.milliseconds(100), "tap") { button.tap() }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "launch #1", "logs[1].text": "tap #2", "logs[2].text": "tap #3",
            ])
            """)
    }

    /// A top-level function that returns a value, one that is `async` and one that `throws`, each called bare
    /// from a class's method (in a `Task`, in `do`/`catch`) and from the top-level code; a value returned is
    /// printed as itself, the error as its case.
    @Test func topLevelFunctionsReturnAwaitAndThrow() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("fns", until: .seconds(2), variants: [.ios13])
            enum LoadError: Error { case offline }
            final class Counter { var n = 0 }
            let counter = Counter()
            var online = false
            func next() -> Int {
                counter.n += 1
                return counter.n
            }
            func fetch() async -> Int {
                try? await Task.sleep(nanoseconds: 100_000_000)
                return 42
            }
            func check() throws {
                if !online { throw LoadError.offline }
            }
            final class Screen {
                func show() {
                    let a = next()
                    print("a \\(a)")
                    Task {
                        let v = await fetch()
                        print("v \\(v)")
                    }
                    do {
                        try check()
                        print("online")
                    } catch {
                        print("failed \\(error)")
                    }
                }
            }
            let s = Screen()
            s.show()
            let b = next()
            print("b \\(b)")
            scenario.at(.milliseconds(500), "on") { online = true; s.show() }
            scenario.expect(.all, [
                "logs": 7, "logs[0].text": "a 1", "logs[1].text": "failed offline", "logs[2].text": "b 2",
                "logs[3].text": "v 42", "logs[3].at_ms": 100, "logs[4].text": "a 3", "logs[5].text": "online",
                "logs[6].at_ms": 600,
            ])
            """)
    }

    /// A global `var` a method assigns (`current = self`, `current = nil` after `===`), a stored property whose
    /// initial value is a global (`let c = counter`), a `[counter]` capture list naming a global, and a top-level
    /// closure reading a moved `var`: the panel lives while the global holds it and is freed when `close()`
    /// clears it, at 500 ms.
    @Test func aGlobalVarAssignedFromAMethod() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("edges2", until: .seconds(2), variants: [.ios13])
            final class Counter { var n = 0 }
            let counter = Counter()
            var current: Panel? = nil
            var opened = 0
            final class Panel {
                let name: String
                let c = counter
                init(name: String) { self.name = name }
                func open() {
                    current = self
                    opened += 1
                }
                func close() {
                    if current === self { current = nil }
                }
                func later() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { [counter] in
                        counter.n += 1
                        print("later \\(counter.n)")
                    }
                }
                deinit { print("panel \\(name) freed") }
            }
            var p: Panel? = Panel(name: "a")
            p?.open()
            p = nil
            print("opened \\(opened)")
            DispatchQueue.main.async {
                current?.later()
                print("async sees opened \\(opened)")
            }
            scenario.at(.milliseconds(500), "close") {
                current?.close()
                print("closed")
            }
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "opened 1", "logs[1].text": "async sees opened 1", "logs[2].text": "later 1",
                "logs[3].text": "panel a freed", "logs[3].at_ms": 500, "logs[4].text": "closed", "objects.leaked": 0,
            ])
            """)
    }

    /// What the report says: a global `let` object is held by the app as any top-level name is (never a leak,
    /// alive at the end); a global `var` set to nil frees its object at once, as Swift's one storage does, so a
    /// retain cycle is still found as the leak it is (the page and its closure). Alive at the end, not findings: the
    /// client alone — the globals' object is static storage (`typeObject: true`), not counted.
    @Test func theReportHoldsAGlobalAsTheAppDoes() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("report", until: .seconds(1), variants: [.ios13])
            final class Client { var calls = 0 }
            let client = Client()
            final class Page {
                var onDone: (() -> Void)?
                func load() {
                    client.calls += 1
                    onDone = { self.finish() }
                }
                func finish() {}
                deinit { print("page freed") }
            }
            final class Panel {
                func load() { client.calls += 1 }
                deinit { print("panel freed") }
            }
            var page: Page? = Page()
            var panel: Panel? = Panel()
            page?.load()
            panel?.load()
            scenario.at(.milliseconds(100), "close") {
                page = nil
                panel = nil
            }
            scenario.expect(.all, [
                "logs": 1, "logs[0].text": "panel freed", "objects.leaked": 2, "leaks[0].class": "Page",
                "objects.alive": 1,
            ])
            """)
    }

    /// What stays out is refused at the name, with the real cause: a top-level struct value, and a top-level
    /// value whose type LoopSim cannot tell, read in a method.
    @Test func aGlobalOfAStructTypeIsRefusedAtItsUse() {
        let found = Self.problems(
            """
            import Foundation
            let scenario = Scenario("refused", until: .seconds(1), variants: [.ios13])
            struct Settings { var retries = 3 }
            var settings = Settings()
            final class Loader {
                func load() { let n = settings.retries; print("\\(n)") }
            }
            let loader = Loader()
            loader.load()
            """)
        #expect(found.contains { $0.hasPrefix("6:27 a top-level variable of the struct type `Settings`") }, "\(found)")
        #expect(found.contains { $0.contains("keep it in a class") }, "\(found)")
    }

    /// `lazy var onQueryChange: (String) -> Void = { query in self.queryCount += 1 }` (reviewers' h10-14): the
    /// closure is made at the property's first read and kept, capturing `self` strongly, so a controller whose
    /// handler was read leaks with its closure; one never read makes no closure and is freed, as is one whose
    /// lazy closure captures `[weak self]` (the Swift book, "Properties" › "Lazy Stored Properties" and
    /// "Automatic Reference Counting" › "Strong Reference Cycles for Closures").
    @Test func aLazyClosurePropertyCapturingSelfLeaksOnceRead() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("lazy closure", until: .seconds(2), variants: [.ios10, .ios13])
            final class SearchViewController: UIViewController {
                private(set) var queryCount = 0
                lazy var onQueryChange: (String) -> Void = { query in
                    self.queryCount += 1
                    print("searching \\(query)")
                }
                lazy var onClear: () -> Void = { [weak self] in
                    self?.queryCount = 0
                    print("cleared")
                }
                func type(_ q: String) { onQueryChange(q) }
                deinit { print("search deinit") }
            }
            var search: SearchViewController? = SearchViewController()
            var unused: SearchViewController? = SearchViewController()
            var weakOnly: SearchViewController? = SearchViewController()
            scenario.at(.milliseconds(300), "types") {
                search?.onQueryChange("sw")
                search?.type("swift")
            }
            scenario.at(.milliseconds(400), "clears") { weakOnly?.onClear() }
            scenario.at(.milliseconds(1000), "closes") {
                search = nil
                unused = nil
                weakOnly = nil
            }
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "searching sw", "logs[1].text": "searching swift", "logs[2].text": "cleared",
                "logs[3].text": "search deinit", "logs[3].at_ms": 1000, "logs[4].text": "search deinit",
                "objects.leaked": 2, "leaks[0].class": "SearchViewController",
            ])
            """)
    }

    /// `CADisplayLink(target: proxy, selector: #selector(step))` with a weak proxy target (reviewers' h10-03):
    /// the link retains the proxy (Apple, `init(target:selector:)`: "The newly constructed display link retains
    /// the target"), which forwards `step` to the animator through `forwardingTarget(for:)` without holding it, so
    /// releasing the animator runs its deinit, which invalidates the link: 30 frames a second, nothing leaks.
    @Test func aDisplayLinkThroughAWeakProxy() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("proxy link", until: .seconds(2), variants: [.ios10, .ios13])
            final class WeakProxy: NSObject {
                weak var target: Animator?
                override func forwardingTarget(for aSelector: Selector!) -> Any? { return target }
            }
            final class Animator: NSObject {
                private var link: CADisplayLink?
                private(set) var frames = 0
                func start() {
                    let proxy = WeakProxy()
                    proxy.target = self
                    let l = CADisplayLink(target: proxy, selector: #selector(step))
                    l.preferredFramesPerSecond = 30
                    l.add(to: .main, forMode: .common)
                    link = l
                }
                @objc func step() { frames += 1 }
                deinit {
                    link?.invalidate()
                    print("animator deinit")
                }
            }
            var animator: Animator? = Animator()
            animator?.start()
            scenario.at(.seconds(1), "done") {
                scenario.sample("frames", animator?.frames ?? 0)
                animator = nil
            }
            scenario.expect(.all, [
                "samples[0].value": ["min": 29, "max": 31], "logs[0].text": "animator deinit", "logs[0].at_ms": 1000,
                "objects.leaked": 0, "objects.abandoned": 0,
            ])
            """)
    }

    /// Globals of the framework's types: a closure called from a method (`onEvent?(e)`), a run loop a worker
    /// thread stores, and a lock two pool threads take around a global counter the action prints as its value.
    @Test func globalsOfFrameworkTypes() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("edges5", until: .seconds(2), variants: [.ios13])
            var total = 0
            var onEvent: ((String) -> Void)? = nil
            var workerLoop: RunLoop?
            final class Recorder {
                func record(_ e: String) {
                    total += 1
                    onEvent?(e)
                }
                func startWorker() {
                    Thread.detachNewThread {
                        workerLoop = RunLoop.current
                        Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in print("worker tick") }
                        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
                    }
                }
            }
            onEvent = { e in print("event \\(e)") }
            let r = Recorder()
            r.record("a")
            r.record("a")
            r.startWorker()
            print("events \\(total)")
            scenario.expect(.all, ["logs": 4, "logs[2].text": "events 2", "logs[3].text": "worker tick"])
            """)
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("edges6", until: .seconds(2), variants: [.ios13])
            let lock = NSLock()
            var balance = 0
            final class Account {
                func deposit(_ n: Int) {
                    lock.lock()
                    balance += n
                    lock.unlock()
                }
            }
            let a = Account()
            DispatchQueue.global().async { a.deposit(5) }
            DispatchQueue.global().async { a.deposit(7) }
            scenario.at(.milliseconds(100), "read") { print("balance \\(balance)") }
            scenario.expect(.all, ["logs": 1, "logs[0].text": "balance 12"])
            """)
    }
}
