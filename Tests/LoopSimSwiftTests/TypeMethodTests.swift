import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Type members of a class (docs/swift-scenarios.md, "Type members"): `static var`, `static func`, `class func`,
/// lowered to the class's type object, `C_Type`, which the kernel makes on its first read (`shared C_Type`), as
/// Swift initializes a stored type property lazily on its first access (the Swift book, "Properties" › "Type
/// Properties").
@Suite struct TypeMethodTests {
    /// The instance counter engineers add to find a leak: `init` counts up, `deinit` down. A view model whose
    /// closure captures it strongly never runs its `deinit`, so the count stays at 1 after both are released.
    @Test func anInstanceCounterShowsTheLeakedViewModel() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("counter", until: .seconds(3), variants: [.ios10, .ios13])
            final class FeedViewModel {
                static var instances = 0
                var onChange: (() -> Void)?
                init() { FeedViewModel.instances += 1 }
                func bind() { onChange = { self.refresh() } }
                func refresh() {}
                deinit { Self.instances -= 1 }
            }
            var a: FeedViewModel? = FeedViewModel()
            var b: FeedViewModel? = FeedViewModel()
            b?.bind()
            scenario.at(.seconds(1), "leave") {
                a = nil
                b = nil
                print("live \\(FeedViewModel.instances)")
            }
            scenario.expect(.all, ["logs[0].text": "live 1", "objects.leaked": 2, "leaks[0].class": "FeedViewModel"])
            """)
    }

    /// A factory (`static func make() -> Poller`), a `class func` helper called bare inside another type method
    /// and through `Self.` in an instance method, and a private `static var` the factory counts in: each runs on
    /// the one type object, whose properties start at their initial values on the first access. The first poller
    /// fires at 1 and 2 s before it is released, the second every second to 5 s: 7 fires.
    @Test func factoriesAndHelpers() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("factory", until: .seconds(5), variants: [.ios10])
            final class Poller {
                private static var made = 0
                static var label = "poller"
                var polls = 0
                private var timer: Timer?
                static func make() -> Poller {
                    made += 1
                    log("made \\(made)")
                    let p = Poller()
                    p.start()
                    return p
                }
                class func log(_ s: String) { print("[\\(label)] " + s) }
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        self?.polls += 1
                    }
                    Self.log("started")
                }
                deinit { timer?.invalidate() }
            }
            var first: Poller? = Poller.make()
            let second = Poller.make()
            scenario.at(.milliseconds(2500), "drop the first") { first = nil }
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "[poller] made 1", "logs[1].text": "[poller] started",
                "logs[2].text": "[poller] made 2", "timers.fires": 7, "objects.leaked": 0,
            ])
            """)
    }

    /// Type members in every position: `Self.x` inside a timer's closure (the closure's class is the one whose
    /// declaration holds it), a computed `static var` and a `class var`, a `static func` taking a completion
    /// closure, one in an extension returning a value, a `static var` holding an object set by a factory and
    /// cleared from an action (the poller is freed then: a type property holds it strongly, as a global does).
    @Test func typeMembersInEveryPosition() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("stress", until: .seconds(5), variants: [.ios13])

            final class Poller: NSObject {
                static var current: Poller?
                static var ticks = 0
                static var isVerbose: Bool { true }
                class var tag: String { "P" }
                private var timer: Timer?

                static func setup() {
                    current = Poller()
                }

                static func fetch(completion: @escaping (Bool) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { completion(true) }
                }

                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                        Poller.ticks += 1
                        if Self.isVerbose { print("tick \\(Poller.ticks) " + Self.tag) }
                    }
                }

                func stop() { timer?.invalidate() }
            }

            extension Poller {
                static func total() -> Int { return ticks * 10 }
            }

            Poller.setup()
            Poller.current?.start()
            Poller.fetch { ok in print("fetched \\(ok)") }

            scenario.at(.milliseconds(2500), "stop") {
                Poller.current?.stop()
                print("total \\(Poller.total())")
                Poller.current = nil
            }

            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "tick 1 P", "logs[1].text": "fetched true", "logs[3].text": "total 20",
                "objects.leaked": 0, "objects.deallocated": 3,
            ])
            """)
    }

    /// A namespace enum (no cases) holding a `static var`, a private one and a `static func`, beside a literal
    /// `static let` that stays folded: the analytics helper engineers call from methods and closures.
    @Test func aNamespaceEnumsTypeMembers() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("ns", until: .seconds(3), variants: [.ios13])

            enum Analytics {
                static let maxEvents = 2
                static var sent = 0
                private static var dropped = 0

                static func track(_ name: String) {
                    guard sent < maxEvents else {
                        dropped += 1
                        print("dropped " + name)
                        return
                    }
                    sent += 1
                    print("track " + name + " \\(sent)")
                }
            }

            final class Screen {
                func appear() { Analytics.track("appear") }
                func tap() {
                    DispatchQueue.main.async { Analytics.track("tap") }
                }
            }

            let s = Screen()
            s.appear()
            s.tap()
            scenario.at(.seconds(1), "tap") { s.tap() }

            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "track appear 1", "logs[1].text": "track tap 2", "logs[2].text": "dropped tap",
            ])
            """)
    }

    /// `private static let queue = DispatchQueue(label:)`: one serial queue for the type, whatever the number of
    /// instances (a static's storage is one per type), used bare in a type method, as `Self.queue` and as
    /// `ImageCache.queue`: the `sync` runs after the two blocks queued before it.
    @Test func aStaticQueueIsOneQueue() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("static queue", until: .seconds(3), variants: [.ios13])

            final class ImageCache {
                private static let queue = DispatchQueue(label: "com.app.cache")
                static var stored = 0

                static func store(_ name: String) {
                    queue.async {
                        stored += 1
                    }
                }

                func warm() {
                    Self.queue.async { ImageCache.stored += 10 }
                    ImageCache.queue.sync { print("warmed \\(ImageCache.stored)") }
                }
            }

            ImageCache.store("a")
            ImageCache().warm()
            scenario.expect(.all, ["logs[0].text": "warmed 11"])
            """)
    }

    /// `NetworkManager.shared` read inside a controller's method and a global-queue closure: the singleton is the
    /// type object's, made on the first access (at 1 s, when the screen opens), not at launch, as Swift makes a
    /// `static let`.
    @Test func aSharedSingletonReadInMethodsIsMadeOnFirstAccess() throws {
        let text = """
            let scenario = Scenario("shared in methods", until: .seconds(3), variants: [.ios13])

            final class NetworkManager {
                static let shared = NetworkManager()
                var requests = 0
                init() { print("manager made") }
                func request(_ path: String) {
                    requests += 1
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { print("reply " + path) }
                }
            }

            final class FeedViewController {
                func viewDidLoad() {
                    NetworkManager.shared.request("/feed")
                }
                func refresh() {
                    DispatchQueue.global().async {
                        NetworkManager.shared.request("/refresh")
                    }
                }
            }

            print("launched")
            let vc = FeedViewController()
            scenario.at(.seconds(1), "open") { vc.viewDidLoad() }
            scenario.at(.seconds(2), "pull") {
                vc.refresh()
                print("requests \\(NetworkManager.shared.requests)")
            }

            scenario.expect(.all, [
                "logs[0].text": "launched", "logs[1].text": "manager made", "logs[1].at_ms": 1000, "objects.leaked": 0,
            ])
            """
        try SwiftLanguageTests.passes(text)
        let lowered = try SwiftPastedFormsTests.lowered(text)
        #expect(lowered.contains("shared NetworkManager_Type.shared"))
        #expect(!lowered.contains("NetworkManager_shared"))
    }

    /// A type object is not made before its first access: a class whose type members nobody reads has none at
    /// the end, and its `static var`'s object initial value is made at the first read, not at launch.
    @Test func theTypeObjectIsMadeOnFirstAccess() throws {
        let text = """
            let scenario = Scenario("lazy", until: .seconds(2), variants: [.ios10])
            final class Cache { init() { print("cache made") } }
            final class Store {
                static var cache = Cache()
                static var hits = 0
                static func hit() { hits += 1 }
            }
            print("launched")
            scenario.at(.seconds(1), "first use") { Store.hit() }
            scenario.expect(.all, ["logs[0].text": "launched", "logs[1].text": "cache made", "logs[1].at_ms": 1000])
            """
        try SwiftLanguageTests.passes(text)
        let lowered = try SwiftPastedFormsTests.lowered(text)
        #expect(lowered.contains("Store_Type"))
        #expect(lowered.contains("shared Store_Type"))
    }

    /// `static let shared = C()` is the type object's, made on its first access; a `static let` literal stays
    /// folded.
    @Test func singletonsAndConstantsAreUnchanged() throws {
        let lowered = try SwiftPastedFormsTests.lowered(
            """
            let scenario = Scenario("s", until: .seconds(1), variants: [.ios10])
            final class Hub {
                static let shared = Hub()
                static let interval = 0.5
                static var count = 0
                func f() { Self.count += 1 }
            }
            Hub.shared.f()
            scenario.expect(.all, ["objects.leaked": 0])
            """)
        #expect(!lowered.contains("Hub_shared"))
        #expect(lowered.contains("shared Hub_Type.shared"))
        #expect(!lowered.contains("interval"))
        #expect(lowered.contains("shared Hub_Type.count"))
    }

    /// `private let service = Service.shared` as a stored property's initial value, in a class declared before the
    /// singleton's: its type is the singleton's class, and the value is the type object's singleton, made on its
    /// first access (the property's initializer, where Swift evaluates it).
    @Test func aSingletonAsAPropertysInitialValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("singleton property", until: .seconds(1), variants: [.ios13])
            final class Screen {
                private let service = Service.shared
                func show() { service.count += 1; print("count \\(service.count)") }
            }
            final class Service {
                static let shared = Service()
                var count = 0
            }
            let a = Screen()
            let b = Screen()
            a.show()
            b.show()
            scenario.expect(.all, ["logs": 2, "logs[0].text": "count 1", "logs[1].text": "count 2"])
            """)
    }
}

/// A type's static storage is not one of the app's objects: `objects.allocated` and `objects.alive` count the
/// instances the file makes, not the type object (`typeObject: true`).
@Suite struct TypeObjectCountTests {
    @Test func aTypeObjectIsNotCounted() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("counts", until: .seconds(1), variants: [.ios13])
            final class Counter {
                static var made = 0
                init() { Counter.made += 1 }
            }
            let a = Counter()
            let b = Counter()
            print("made \\(Counter.made)")
            scenario.expect(.all, ["logs[0].text": "made 2", "objects.allocated": 2, "objects.alive": 2])
            """)
    }
}
