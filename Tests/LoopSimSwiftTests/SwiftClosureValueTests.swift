import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Closures kept as values (SwiftLowering+ClosureValues.swift, and the YAML steps `block:` and `callBlock:`): a
/// closure property's strong capture of self is a cycle the report finds, gone with `[weak self]`.
@Suite struct SwiftClosureValueTests {
    /// A scenario whose `Ticker` keeps `onTick`, stores `closure` into it in `start()`, and calls it in `tick()`.
    static func ticker(_ closure: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("closures", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
        class Ticker {
            var onTick: (() -> Void)?
            var count = 0
            func start() {
                self.onTick = \(closure)
            }
            func tick() {
                onTick?()
            }
        }
        var ticker: Ticker? = Ticker()
        ticker?.start()
        ticker?.tick()
        scenario.at(.seconds(1)) { ticker = nil }
        scenario.expect(.all, \(expect))
        """
    }

    @Test func aClosurePropertyIsABlockFieldStoredByBlockAndCalledBehindANilTest() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: Self.ticker("{ self.count += 1 }", expect: "[\"logs\": 0]"), file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let ticker = try #require(tree?.mapping?["classes"]?.mapping?["Ticker"])
        #expect(
            SwiftLoweringTests.render(try #require(ticker.mapping?["fields"]?.mapping?["onTick"])) == "strong block")
        let methods = try #require(ticker.mapping?["methods"])
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["start"]))
                == "[{block: self.onTick, captures: [strong self], do: [{increment: self.count}]}]")
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["tick"]))
                == "[{if: self.onTick != nil, then: [{callBlock: self.onTick}]}]")
    }

    @Test func aStrongSelfInAClosurePropertyLeaksAndAWeakSelfDoesNot() throws {
        try SwiftLanguageTests.passes(
            Self.ticker(
                "{ self.count += 1; print(\"tick\") }",
                expect: "[\"logs\": 1, \"leaks[0].class\": \"Ticker\", \"objects.deallocated\": 0]"))
        try SwiftLanguageTests.passes(
            Self.ticker(
                "{ [weak self] in self?.count += 1; print(\"tick\") }",
                expect: "[\"logs\": 1, \"objects.leaked\": 0, \"objects.deallocated\": 2]"))
    }

    @Test func aLocalClosureIsCalledAndDispatched() throws {
        let steps = try SwiftLoweringTests.probeSteps(
            """
            let work = { self.go() }
            work()
            DispatchQueue.main.async(execute: work)
            """)
        #expect(
            steps
                == "[{block: work, captures: [strong self], do: [{call: self.go}]}, {callBlock: work}, "
                + "{dispatch_async: main, captures: [strong work], do: [{callBlock: work}]}]")
    }

    @Test func closuresWithUntypedOrUnfollowedParametersAreRefusedAtTheirLine() {
        let untyped = SwiftLanguageTests.problems("let work = { n in self.go() }")
        #expect(untyped.contains { $0.message.contains("a closure whose parameters have no type") })
        let calledWithArguments = SwiftLanguageTests.problems("let work = { self.go() }\nwork(1)")
        #expect(calledWithArguments.contains { $0.message.contains("calling a closure value with 1 argument(s)") })
    }

    /// A closure property with parameters: `block:` with `params:` typed from the property's type, called with
    /// `with:` behind the nil test; `$0`, `_` and names all bind a parameter.
    @Test func aClosurePropertyWithParametersIsTypedByItsDeclaration() throws {
        let text = """
            import Foundation
            let scenario = Scenario("closures", until: .seconds(3), variants: [.ios10])
            class Counter {
                var onChange: ((Int, Bool) -> Void)?
                var onName: ((String) -> Void)?
                var count = 0
                func start() {
                    onChange = { [weak self] n, _ in self?.count = n }
                    onName = { print("name \\($0)") }
                }
                func bump() {
                    count += 1
                    onChange?(count + 1, true)
                    onName?("c")
                }
            }
            let counter = Counter()
            counter.start()
            counter.bump()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "name c"])
            """
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let counter = try #require(tree?.mapping?["classes"]?.mapping?["Counter"])
        let methods = try #require(counter.mapping?["methods"])
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["start"]))
                == "[{block: self.onChange, params: [{n: int}, {unused1: bool}], captures: [weak self], "
                + "do: [{set: self.count = n}]}, {block: self.onName, params: [{shorthand0: string}], "
                + "do: [{log: name \\(shorthand0)}]}]")
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["bump"]))
                == "[{increment: self.count}, {if: self.onChange != nil, then: [{callBlock: self.onChange, "
                + "with: [self.count + 1, true]}]}, {if: self.onName != nil, then: [{callBlock: self.onName, "
                + "with: [\"c\"]}]}]")
        try SwiftLanguageTests.passes(text)
    }

    /// A closure passed to a method of the file's classes (trailing or labelled) is a temporary block released
    /// after the call; the method keeps it by storing it or capturing it, and calls it with arguments later.
    @Test func aCompletionHandlerPassedToAMethodIsCalledLaterWithItsArgument() throws {
        let text = """
            import Foundation
            let scenario = Scenario("completion", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
            class Loader {
                func load(times: Int, completion: @escaping (Bool, Int) -> Void) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                        completion(times > 1, times)
                    }
                }
                deinit { print("loader deinit") }
            }
            class Screen {
                let loader = Loader()
                var shown = 0
                func open() {
                    loader.load(times: 2) { [weak self] ok, n in
                        print("loaded \\(ok) \\(n)")
                        self?.shown = n
                    }
                    loader.load(times: 1, completion: { _, n in print("second \\(n)") })
                }
                deinit { print("screen deinit \\(shown)") }
            }
            var screen: Screen? = Screen()
            screen?.open()
            scenario.at(.seconds(2)) { screen = nil }
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "loaded true 2", "logs[1].text": "second 1",
                "logs[2].text": "screen deinit 2", "logs[3].text": "loader deinit", "objects.leaked": 0,
            ])
            """
        try SwiftLanguageTests.passes(text)
        let (tree, _) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        let open = try #require(tree?.mapping?["classes"]?.mapping?["Screen"]?.mapping?["methods"]?.mapping?["open"])
        let rendered = SwiftLoweringTests.render(open)
        #expect(rendered.contains("{call: self.loader.load, with: [2, closure15x31]}, {release: closure15x31}"))
    }

    @Test func theYAMLStepsCheckTheirPlacesTypes() {
        let yaml = """
            name: blocks
            until: 1s
            classes:
              Box:
                fields:
                  n: int
            main:
              - let: b = new Box
              - block: b.n
                do: [log: x]
              - callBlock: b.n
            """
        let diagnostics = ScenarioLoader.load(text: yaml, file: "b.yaml").diagnostics
        #expect(diagnostics.contains { $0.location.line == 9 && $0.message.contains("block: stores a block") })
        #expect(diagnostics.contains { $0.location.line == 11 && $0.message.contains("callBlock: calls a block") })
    }
}

/// A closure typealias, top level or in a class, is the closure type wherever it is used.
@Suite struct SwiftClosureAliasTests {
    @Test func aClosureTypealiasTypesPropertiesParametersAndTheirClosures() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("aliases", until: .seconds(2), variants: [.ios10, .linuxCorelibs])
            typealias Completion = (Bool) -> Void
            final class Api {
                typealias Progress = (Int) -> Void
                var onProgress: Progress?
                func save(completion: @escaping Completion) {
                    onProgress?(50)
                    DispatchQueue.main.async { completion(true) }
                }
            }
            let api = Api()
            api.onProgress = { print("at \\($0)") }
            let check: Api.Progress = { n in print("checked \\(n)") }
            check(7)
            api.save { ok in print("saved \\(ok)") }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "checked 7", "logs[1].text": "at 50", "logs[2].text": "saved true",
            ])
            """)
    }

    /// A closure passed to an init (`Ticker(onTick: { n in … })`) is a temporary block like a method's; the init
    /// keeps it in a `let` property, and a timer's closure calls it with an enum argument.
    @Test func aClosurePassedToAnInitIsKeptAndCalled() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("init", until: .seconds(3), variants: [.ios10])
            enum Phase { case running, done }
            final class Ticker {
                private let onTick: (Int) -> Void
                var onPhase: ((Phase) -> Void)?
                private var timer: Timer?
                private var count = 0
                init(onTick: @escaping (Int) -> Void) {
                    self.onTick = onTick
                }
                func start() {
                    onPhase?(.running)
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] t in
                        guard let self = self else { return }
                        self.count += 1
                        self.onTick(self.count)
                        if self.count == 2 {
                            t.invalidate()
                            self.onPhase?(.done)
                        }
                    }
                }
            }
            let ticker = Ticker(onTick: { n in print("tick \\(n)") })
            ticker.onPhase = { phase in print("phase \\(phase)") }
            ticker.start()
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "phase running", "logs[1].text": "tick 1", "logs[2].text": "tick 2",
                "logs[3].text": "phase done", "logs[3].at_ms": 2000,
            ])
            """)
    }

    @Test func aTypealiasOfAnotherTypeIsStillRefused() {
        let problems = SwiftScenarioLoader.lower(
            text: "import Foundation\nlet scenario = Scenario(\"t\", until: .seconds(1))\ntypealias Count = Int\n",
            file: "T.swift"
        ).1
        #expect(problems.contains { $0.message.contains("a typealias") && $0.location.line == 3 })
    }
}

/// The values frameworks pass their closures: a KVO change handler's object and `change.newValue`/`oldValue`, a
/// notification observer's `note.userInfo?["k"] as? Int` and `note.object` (SwiftLowering+KVO.swift,
/// SwiftLowering+Notifications.swift).
@Suite struct SwiftClosureArgumentTests {
    static let upload = """
        import UIKit
        let scenario = Scenario("kvo", until: .seconds(2), variants: [.ios13])
        final class Upload: NSObject {
            @objc dynamic var progress = 0
            @objc dynamic var state = "idle"
        }
        final class Screen {
            let upload = Upload()
            var token: NSKeyValueObservation?
            var stateToken: NSKeyValueObservation?
            var shown = 0
            func start() {
                token = upload.observe(\\.progress, options: [.new, .old]) { [weak self] upload, change in
                    guard let now = change.newValue else { return }
                    if let before = change.oldValue, upload.progress == now { print("\\(before) -> \\(now)") }
                    DispatchQueue.main.async {
                        self?.shown = now
                        if let later = change.newValue { print("later \\(later)") }
                    }
                }
                stateToken = upload.observe(\\.state) { _, change in
                    if change.newValue == nil { print("no new value") }
                }
                upload.progress = 10
                upload.progress = 30
                upload.state = "done"
            }
        }
        let screen = Screen()
        screen.start()
        scenario.expect(.all, [
            "logs": 5, "logs[0].text": "0 -> 10", "logs[1].text": "10 -> 30",
            "logs[2].text": "no new value", "logs[3].text": "later 10", "logs[4].text": "later 30",
        ])
        """

    @Test func aChangeHandlerReadsTheValuesOfEachChange() throws {
        try SwiftLanguageTests.passes(Self.upload)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.upload, file: "K.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let start = try #require(
            tree?.mapping?["classes"]?.mapping?["Screen"]?.mapping?["methods"]?.mapping?["start"])
        let rendered = SwiftLoweringTests.render(start)
        #expect(
            rendered.contains(
                "{observeKeyPath: self.upload.progress, token: self.token, object: upload, "
                    + "newValue: changeNewValue, oldValue: changeOldValue, captures: [weak self]"))
        // The nested closure captures the values, not the change.
        #expect(rendered.contains("captures: [weak self, strong now, strong changeNewValue, strong changeOldValue]"))
        // Without `.new`, newValue is nil: no parameter is passed for it.
        #expect(rendered.contains("{observeKeyPath: self.upload.state, token: self.stateToken, do:"))
    }

    /// `.initial`: the handler runs once at registration with the current value and no old value.
    @Test func anInitialOptionCallsTheHandlerAtRegistration() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("initial", until: .seconds(1), variants: [.ios13])
            final class Player: NSObject {
                @objc dynamic var rate = 1
            }
            final class Screen {
                let player = Player()
                var token: NSKeyValueObservation?
                func start() {
                    token = player.observe(\\.rate, options: [.initial, .new, .old]) { _, change in
                        if let old = change.oldValue, let value = change.newValue {
                            print("rate \\(old) -> \\(value)")
                        } else if let value = change.newValue {
                            print("rate starts at \\(value)")
                        }
                    }
                    print("observing")
                    player.rate = 2
                }
            }
            let screen = Screen()
            screen.start()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "rate starts at 1", "logs[1].text": "observing", "logs[2].text": "rate 1 -> 2",
            ])
            """)
    }

    /// `change.newValue!` unwraps the value the options asked for, and traps where it is nil (the old value of the
    /// `.initial` call), as Swift's force unwrap of nil does; one the options do not ask for is refused at its line.
    @Test func aForceUnwrappedChangeValueIsItsValueOrATrap() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("unwrap", until: .seconds(1), variants: [.ios13])
            final class Player: NSObject {
                @objc dynamic var rate = 1
            }
            final class Screen {
                let player = Player()
                var token: NSKeyValueObservation?
                var other: NSKeyValueObservation?
                func start() {
                    token = player.observe(\\.rate, options: [.new]) { _, change in
                        print("rate \\(change.newValue!)")
                    }
                    other = player.observe(\\.rate, options: [.initial, .new, .old]) { _, change in
                        print("was \\(change.oldValue!)")
                    }
                }
            }
            let screen = Screen()
            screen.start()
            scenario.at(.milliseconds(500)) { screen.player.rate = 2 }
            scenario.expect(.all, ["logs": 0, "crashed": true])
            """)
        let problems = SwiftLanguageTests.problems(
            "let m = Page()\nlet t = m.observe(\\.count) { _, change in print(\"\\(change.newValue!)\") }")
        #expect(problems.contains { $0.message.contains("the options do not ask for") }, "\(problems)")
    }

    /// `DispatchQueue.concurrentPerform(iterations:) { i in … }` passes each iteration its index.
    @Test func concurrentPerformPassesTheIndex() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("apply", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Sum {
                var total = 0
                func run() {
                    let lock = NSLock()
                    DispatchQueue.concurrentPerform(iterations: 4) { i in
                        lock.lock()
                        self.total += i
                        lock.unlock()
                    }
                    print("total \\(total)")
                }
            }
            let sum = Sum()
            sum.run()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "total 6"])
            """)
    }

    /// A print of a property of a closure's object parameter (`{ user in print(user.name) }`), also after
    /// `guard let user = user`, logs its value.
    @Test func aPropertyOfAnObjectParameterIsPrintedWithItsValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("object parameter", until: .seconds(1), variants: [.ios10, .linuxCorelibs])
            final class User {
                var name = "ann"
                var visits = 3
            }
            final class Api {
                func fetch(completion: @escaping (User?) -> Void) {
                    let user = User()
                    DispatchQueue.main.async { completion(user) }
                }
                func current(completion: @escaping (User) -> Void) {
                    completion(User())
                }
            }
            let api = Api()
            api.current { user in print("hello \\(user.name), \\(user.visits + 1)") }
            api.fetch { user in
                guard let user = user else { return }
                print("fetched \\(user.name)")
                let other = User()
                let user2 = other
                print("other \\(user2.name)")
            }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "hello ann, 4", "logs[1].text": "fetched ann",
            ])
            """)
    }

    @Test func aNotificationObserverCastsItsUserInfoValueAndSender() throws {
        let text = """
            import Foundation
            let scenario = Scenario("note", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            extension Notification.Name { static let changed = Notification.Name("Changed") }
            final class Store {
                var count = 0
                func add() {
                    count += 1
                    NotificationCenter.default.post(name: .changed, object: self, userInfo: ["count": count, "flag": true])
                }
            }
            final class Badge {
                var token: NSObjectProtocol?
                func watch(_ store: Store) {
                    token = NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { note in
                        if let n = note.userInfo?["count"] as? Int { print("count \\(n)") }
                        if (note.userInfo?["flag"] as? Int) == nil { print("a Bool is no Int") }
                        if let store = note.object as? Store, store.count == 1 { print("from the store") }
                    }
                }
            }
            let store = Store()
            let badge = Badge()
            badge.watch(store)
            store.add()
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "count 1", "logs[1].text": "a Bool is no Int",
                "logs[2].text": "from the store",
            ])
            """
        try SwiftLanguageTests.passes(text)
    }
}
