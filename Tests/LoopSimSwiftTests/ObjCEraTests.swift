import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Code ported from Objective-C (docs/swift-scenarios.md, "Objective-C-era calls"): a perform's argument that is a
/// Swift value, `perform(_:with:)` called at once, `performSelector(inBackground:with:)`, `objc_sync_enter` and
/// `objc_sync_exit`, `[String]` modes, KVO observations kept in an array, a Thread stored before it is started, and
/// a capture list's copy of a `var`.
@Suite struct ObjCEraTests {
    /// `with: "feed"`, `with: section` (a String local), `with: 3` and `performSelector(onMainThread:with:…)`: the
    /// method receives the value (Swift bridges it to an NSString or NSNumber for the `Any?` argument), never nil.
    @Test func aPerformPassesAValueArgument() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("values", until: .seconds(3), variants: [.ios10, .ios13])
            final class Loader: NSObject {
                func go() {
                    let section = "news"
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    perform(#selector(load(_:)), with: section, afterDelay: 1)
                    perform(#selector(page(_:)), with: 3, afterDelay: 1.5)
                    performSelector(onMainThread: #selector(load(_:)), with: "now", waitUntilDone: true)
                }
                @objc func load(_ what: String) { print("load \\(what)") }
                @objc func page(_ n: Int) { print("page \\(n + 1)") }
            }
            let loader = Loader()
            scenario.at(.milliseconds(500), "go") { loader.go() }
            scenario.expect(.all, [
                "logged_in_order": ["load now", "load feed", "load news", "page 4"], "logs": 4,
                "logs[0].at_ms": 500, "logs[1].at_ms": 1500, "logs[3].at_ms": 2000,
            ])
            """)
    }

    /// `cancelPreviousPerformRequests(withTarget:selector:object:)` matches the argument by `isEqual:` (Apple:
    /// "Argument equality is determined using isEqual:"): `object: nil` cancels only a request made with nil, so
    /// both `with: "feed"` requests run; an equal String (another literal, a local) cancels the first.
    @Test func cancellingMatchesTheArgumentByValue() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("cancel nil", until: .seconds(4), variants: [.ios13])
            final class Refresher: NSObject {
                private var loads = 0
                func schedule() {
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(load(_:)), object: nil)
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                }
                @objc func load(_ what: String) {
                    loads += 1
                    print("load \\(loads) \\(what)")
                }
            }
            let refresher = Refresher()
            refresher.schedule()
            scenario.expect(.all, ["logs": 2, "logs[1].text": "load 2 feed", "logs[1].at_ms": 1000])
            """)
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("cancel value", until: .seconds(4), variants: [.ios13])
            final class Refresher: NSObject {
                func schedule() {
                    let key = "feed"
                    perform(#selector(load(_:)), with: "feed", afterDelay: 1)
                    perform(#selector(load(_:)), with: "inbox", afterDelay: 1)
                    perform(#selector(load(_:)), with: nil, afterDelay: 1)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(load(_:)), object: key)
                    perform(#selector(count(_:)), with: 2, afterDelay: 2)
                    perform(#selector(count(_:)), with: 3, afterDelay: 2)
                    NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(count(_:)), object: 2)
                }
                @objc func load(_ what: String?) {
                    if let what { print("load " + what) } else { print("load nothing") }
                }
                @objc func count(_ n: Int) { print("count \\(n)") }
            }
            let refresher = Refresher()
            refresher.schedule()
            scenario.expect(.all, [
                "logged_in_order": ["load inbox", "load nothing", "count 3"], "logs": 3, "logs[2].at_ms": 2000,
            ])
            """)
    }

    /// `perform(#selector(open(_:)), with: feed)` is the message sent at once (Apple, `perform(_:with:)`), before
    /// the next statement; a method that takes no argument ignores it.
    @Test func performWithAnArgumentCallsAtOnce() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("perform now", until: .seconds(2), variants: [.ios13])
            final class Feed: NSObject { let name = "home" }
            final class Router: NSObject {
                let feed = Feed()
                func route() {
                    perform(#selector(open(_:)), with: feed)
                    perform(#selector(title(_:)), with: "Inbox")
                    perform(#selector(done), with: feed)
                    print("routed")
                }
                @objc func open(_ feed: Feed) { print("open \\(feed.name)") }
                @objc func title(_ text: String) { print("title " + text) }
                @objc func done() { print("done") }
            }
            let router = Router()
            scenario.at(.seconds(1), "tap") { router.route() }
            scenario.expect(.all, [
                "logged_in_order": ["open home", "title Inbox", "done", "routed"], "logs[0].at_ms": 1000,
            ])
            """)
    }

    /// `performSelector(inBackground:with:)` runs the method on a new thread (Apple: "This method creates a new
    /// thread in your application"); its `performSelector(onMainThread:…waitUntilDone: true)` blocks it until main
    /// has run the report.
    @Test func performInBackgroundRunsOnANewThread() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("background", until: .seconds(3), variants: [.ios9, .ios13])
            final class ContactsImporter: NSObject {
                private var contacts = 0
                func start() {
                    print("import started")
                    performSelector(inBackground: #selector(importContacts), with: nil)
                    performSelector(inBackground: #selector(importGroup(_:)), with: "family")
                }
                @objc private func importContacts() {
                    Thread.sleep(forTimeInterval: 1)
                    contacts = 42
                    performSelector(onMainThread: #selector(importFinished), with: nil, waitUntilDone: true)
                    print("import returns")
                }
                @objc func importGroup(_ name: String) { print("group " + name) }
                @objc private func importFinished() { print("imported \\(contacts)") }
            }
            let importer = ContactsImporter()
            importer.start()
            scenario.expect(.all, [
                "logged_in_order": ["import started", "group family", "imported 42", "import returns"],
                "logs[1].thread": "!= main", "logs[2].thread": "main", "logs[2].at_ms": 1000,
                "logs[3].thread": "!= main", "threads.parked": 0, "objects.leaked": 0,
            ])
            """)
    }

    /// `objc_sync_enter(self)` / `defer { objc_sync_exit(self) }`: the object's own recursive lock (objc4
    /// objc-sync.mm). The thread that holds it enters again (`refresh` → `clearCaches`); main, entering while a
    /// background thread holds it, waits until the background thread's last exit.
    @Test func objcSyncIsARecursiveLockPerObject() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("objc_sync", until: .seconds(4), variants: [.ios10, .ios13])
            final class SessionStore: NSObject {
                private var refreshes = 0
                private var clears = 0
                private let queue = DispatchQueue(label: "session")
                private func synchronized(_ body: () -> Void) {
                    objc_sync_enter(self)
                    defer { objc_sync_exit(self) }
                    body()
                }
                func refresh() {
                    synchronized {
                        refreshes += 1
                        clearCaches()
                        Thread.sleep(forTimeInterval: 0.5)
                        print("refreshed \\(refreshes)")
                    }
                }
                private func clearCaches() {
                    synchronized { clears += 1 }
                }
                func refreshInBackground() {
                    queue.async { self.refresh() }
                }
                func summary() {
                    synchronized { print("\\(refreshes) refreshes, \\(clears) clears") }
                }
            }
            let store = SessionStore()
            scenario.at(.seconds(1), "background") { store.refreshInBackground() }
            scenario.at(.milliseconds(1200), "summary") { store.summary() }
            scenario.at(.seconds(2), "refresh") { store.refresh() }
            scenario.expect(.all, [
                "logged_in_order": ["refreshed 1", "1 refreshes, 1 clears", "refreshed 2"],
                "logs[0].at_ms": 1500, "logs[0].thread": "!= main", "logs[1].at_ms": 1500, "logs[1].thread": "main",
                "logs[2].at_ms": 2500, "threads.parked": 0, "objects.leaked": 0,
            ])
            """)
    }

    /// `objc_sync_exit` by a thread that does not hold the lock changes nothing (the runtime answers
    /// OBJC_SYNC_NOT_OWNING_THREAD_ERROR): main still waits for the holder.
    @Test func objcSyncExitByAnotherThreadDoesNothing() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("objc_sync exit", until: .seconds(3), variants: [.ios13])
            final class Box: NSObject {
                func hold() {
                    Thread.detachNewThread {
                        objc_sync_enter(self)
                        Thread.sleep(forTimeInterval: 1)
                        print("worker done")
                        objc_sync_exit(self)
                    }
                }
                func poke() {
                    objc_sync_exit(self)
                    objc_sync_enter(self)
                    print("main in")
                    objc_sync_exit(self)
                }
            }
            let box = Box()
            box.hold()
            scenario.at(.milliseconds(500), "poke") { box.poke() }
            scenario.expect(.all, [
                "logged_in_order": ["worker done", "main in"], "logs[1].at_ms": 1000, "threads.parked": 0,
            ])
            """)
    }

    /// `performSelector(onMainThread:with:waitUntilDone:modes:)` takes `[String]` modes in the SDK:
    /// `RunLoop.Mode.default.rawValue` and `"NSDefaultRunLoopMode"` are the default mode, so the updates wait for
    /// the drag to end, then run in the order they were queued.
    @Test func stringModesAreTheModes() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("string modes", until: .seconds(4), variants: [.ios13])
            final class PhotoImporter: NSObject {
                private var imported = 0
                func importAll() {
                    Thread.detachNewThread {
                        for _ in 1...3 {
                            Thread.sleep(forTimeInterval: 0.5)
                            self.imported += 1
                            self.performSelector(onMainThread: #selector(self.updateBadge), with: nil,
                                waitUntilDone: false, modes: [RunLoop.Mode.default.rawValue])
                        }
                        self.performSelector(onMainThread: #selector(self.finish), with: nil,
                            waitUntilDone: false, modes: ["NSDefaultRunLoopMode"])
                    }
                }
                @objc func updateBadge() { print("badge \\(imported)") }
                @objc func finish() { print("finish") }
            }
            let importer = PhotoImporter()
            importer.importAll()
            scenario.at(.milliseconds(200), "drag") { scenario.scroll(.seconds(2)) }
            scenario.expect(.all, [
                "logs": 4, "logged": ["badge 3": 3], "first_logged_at_ms": ["badge 3": 2200, "finish": 2200],
                "logs[3].text": "finish",
            ])
            """)
    }

    /// A mode's name as a string that is not a mode's real name is refused, located.
    @Test func anUnknownStringModeIsRefused() {
        let problems = SwiftLanguageTests.problems(
            """
            performSelector(onMainThread: #selector(probe), with: nil, waitUntilDone: false, modes: ["default"])
            """)
        #expect(problems.contains { $0.message.contains("the mode \"default\"") }, "\(problems)")
    }

    /// `observations.append(task.observe(\\.progress) { … })`: the observation is kept by the array, and dies
    /// with its owner.
    @Test func observationsKeptInAnArray() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("kvo array", until: .seconds(4), variants: [.ios13])
            final class Download: NSObject {
                @objc dynamic var progress = 0
            }
            final class Screen {
                private var observations: [NSKeyValueObservation] = []
                let download: Download
                init(download: Download) {
                    self.download = download
                    observations.append(download.observe(\\.progress, options: [.new]) { _, change in
                        print("progress \\(change.newValue ?? 0)")
                    })
                }
            }
            let download = Download()
            var screen: Screen? = Screen(download: download)
            scenario.at(.seconds(1), "one") { download.progress = 1 }
            scenario.at(.seconds(2), "close") { screen = nil }
            scenario.at(.seconds(3), "two") { download.progress = 2 }
            scenario.expect(.all, ["logs": 1, "logs[0].text": "progress 1", "objects.leaked": 0])
            """)
    }

    /// `let t = Thread { … }; t.name = "sync"; thread = t; t.start()`: the store between creation and start is
    /// kept, and the thread runs under its name.
    @Test func aThreadStoredBeforeItIsStarted() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("stored thread", until: .seconds(2), variants: [.ios13])
            final class Worker: NSObject {
                private var thread: Thread?
                func start() {
                    let t = Thread {
                        print("running")
                    }
                    t.name = "sync"
                    thread = t
                    t.start()
                    if thread != nil { print("kept") }
                }
            }
            let worker = Worker()
            worker.start()
            scenario.expect(.all, [
                "logged_in_order": ["kept", "running"], "logs[1].thread": "sync",
            ])
            """)
    }

    /// A Thread not started at all is still refused, once, at its creation.
    @Test func aThreadNotStartedIsRefusedOnce() {
        let problems = SwiftLanguageTests.problems(
            """
            let t = Thread { print("x") }
            print("between")
            t.start()
            """)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains("a Thread not started right after it is made") == true)
    }

    /// `[n]` copies a `var`'s value when the closure is made: a later `n = 2` does not change it (the Swift book,
    /// "Capture Lists").
    @Test func aCaptureListCopiesAVar() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("capture list", until: .seconds(3), variants: [.ios13])
            final class Counter {
                func go() {
                    var n = 1
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [n] in
                        print("n \\(n)")
                    }
                    n = 2
                    print("now \\(n)")
                }
            }
            let counter = Counter()
            counter.go()
            scenario.expect(.all, ["logs": 2, "logs[0].text": "now 2", "logs[1].text": "n 1"])
            """)
    }

    /// `CFRunLoopTimerCreateWithHandler` + `CFRunLoopAddTimer` in the common modes: a repeating timer that fires
    /// during a drag, invalidated by its own handler (`CFRunLoopTimerInvalidate(timer)`) after the third save; an
    /// interval of 0 is a one-shot.
    @Test func aCFRunLoopTimerIsATimerInModes() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("cf timer", until: .seconds(5), variants: [.ios10, .ios13])
            final class AutosaveScheduler {
                private var timer: CFRunLoopTimer?
                private var saves = 0
                func start() {
                    timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 1, 1, 0, 0) {
                        [weak self] timer in
                        guard let self else { return }
                        self.saves += 1
                        print("autosave \\(self.saves)")
                        if self.saves == 3 {
                            CFRunLoopTimerInvalidate(timer)
                        }
                    }
                    CFRunLoopAddTimer(CFRunLoopGetMain(), timer, .commonModes)
                    let once = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent() + 0.5, 0, 0, 0) { _ in
                        print("once")
                    }
                    CFRunLoopAddTimer(CFRunLoopGetCurrent(), once, CFRunLoopMode.defaultMode)
                }
                deinit {
                    if let timer {
                        CFRunLoopTimerInvalidate(timer)
                    }
                }
            }
            let autosave = AutosaveScheduler()
            autosave.start()
            scenario.at(.milliseconds(1500), "drag") { scenario.scroll(.seconds(1)) }
            scenario.expect(.all, [
                "logged_in_order": ["once", "autosave 1", "autosave 2", "autosave 3"], "logs[0].at_ms": 500,
                "logs[2].at_ms": 2000, "logs[3].at_ms": 3000, "timers.fires": 4, "objects.leaked": 0,
            ])
            """)
    }

    /// An `Operation` subclass overriding `main()`: a queue of width 2 runs two side by side; an operation on the
    /// main queue that depends on both runs once both have finished; one cancelled before it starts never runs
    /// `main()`, and `isCancelled` inside `main()` reads its own state.
    @Test func anOperationSubclassRunsItsMain() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("operation subclass", until: .seconds(3), variants: [.ios10, .ios13])
            final class DecodeOperation: Operation {
                let imageName: String
                private(set) var decoded = false
                init(imageName: String) {
                    self.imageName = imageName
                    super.init()
                }
                override func main() {
                    if isCancelled { return }
                    Thread.sleep(forTimeInterval: 0.5)
                    decoded = true
                    print("decoded \\(imageName)")
                }
            }
            final class GalleryLoader {
                private let decodeQueue = OperationQueue()
                private var published = 0
                init() {
                    decodeQueue.maxConcurrentOperationCount = 2
                }
                func load() {
                    let first = DecodeOperation(imageName: "beach")
                    let second = DecodeOperation(imageName: "forest")
                    let skipped = DecodeOperation(imageName: "desert")
                    skipped.cancel()
                    let publish = BlockOperation { [weak self] in
                        guard let self else { return }
                        self.published += 1
                        print("published \\(self.published)")
                    }
                    publish.addDependency(first)
                    publish.addDependency(second)
                    decodeQueue.addOperations([first, second, skipped], waitUntilFinished: false)
                    OperationQueue.main.addOperation(publish)
                }
            }
            let loader = GalleryLoader()
            scenario.at(.seconds(1), "open gallery") { loader.load() }
            scenario.expect(.all, [
                "logs": 3, "first_logged_at_ms": ["decoded beach": 1500, "decoded forest": 1500, "published 1": 1500],
                "logs[2].text": "published 1", "logs[2].thread": "main", "threads.parked": 0, "objects.leaked": 0,
            ])
            """)
    }

    /// An asynchronous Operation subclass (`override func start()`) is refused, located, with what to write.
    @Test func anOperationSubclassOverridingStartIsRefused() {
        let loaded = SwiftScenarioLoader.load(
            text: """
                let scenario = Scenario("start", until: .seconds(1), variants: [.ios13])
                final class Fetch: Operation {
                    override func start() { print("start") }
                }
                """, file: "F.swift")
        #expect(
            loaded.diagnostics.contains { $0.message.contains("overriding `start` in an Operation subclass") },
            "\(loaded.diagnostics)")
    }
}
