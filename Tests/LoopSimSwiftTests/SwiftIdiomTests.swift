import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The everyday Swift an iOS engineer pastes (docs/swift-scenarios.md, "Everyday Swift"): extensions, access and
/// declaration modifiers, force unwraps and Swift's trap, literal constants folded at their uses, `if let x {`,
/// `NSLog`, `debugPrint`, `_ = x`. Each form lowered (source in, steps out), and run where the run shows it.
@Suite struct SwiftIdiomTests {
    /// The lowered steps of `Page.probe()` around `body`.
    static func steps(_ body: String) throws -> String { try SwiftLoweringTests.probeSteps(body) }

    /// A whole file: the `Page` class of ``SwiftLoweringTests/file(_:top:)`` with `members` added to it, then
    /// `top` after it.
    static func lower(_ text: String) -> (LocatedNode?, [Diagnostic]) {
        SwiftScenarioLoader.lower(text: text, file: "I.swift")
    }

    /// The file's lowered `Page` class, rendered.
    static func pageClass(_ text: String) throws -> String {
        let (tree, diagnostics) = lower(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return SwiftLoweringTests.render(try #require(tree?.mapping?["classes"]?.mapping?["Page"]))
    }

    static let header = """
        import Foundation
        let scenario = Scenario("idiom", until: .seconds(5), variants: [.ios10])

        """

    // MARK: extensions

    @Test func anExtensionsMethodsJoinTheClass() throws {
        let page = try Self.pageClass(
            Self.header + """
                final class Page {
                    private var count = 0
                    func start() { tick() }
                }

                // MARK: - Ticking

                private extension Page {
                    func tick() { count += 1 }
                }

                extension Page {
                    @objc func reset() { count = 0 }
                }

                let page = Page()
                page.start()
                """)
        #expect(
            page
                == "{fields: {count: strong int = 0}, methods: {start: [{call: self.tick}], tick: [{increment: "
                + "self.count}], reset: [{set: self.count = 0}]}}")
    }

    @Test func anExtensionsMembersKeepTheirLinesAndTheirType() {
        // A diagnostic inside an extension's method names its line, and `Self.k` finds the extension's constant.
        let (_, diagnostics) = Self.lower(
            Self.header + """
                final class Page {
                    var n = 0
                }
                extension Page {
                    static let k = 2.5
                    func go() {
                        n = Self.k
                    }
                }
                let page = Page()
                """)
        let refusal = diagnostics.first { $0.id == "swift.unsupported" }
        #expect(refusal?.location.line == 9 && refusal?.location.column == 13, "\(diagnostics)")
        #expect(refusal?.message.contains("`Self.k`, an `Int` and a `TimeInterval`") == true, "\(diagnostics)")
    }

    @Test func initCoderIsNeverCalledSoItIsDropped() {
        // `required init?(coder:)` runs only when a storyboard or an archive makes the object; the model does
        // neither. The diagnostic after it still names its own line.
        let (_, diagnostics) = Self.lower(
            Self.header + """
                final class Page: UIView {
                    required init?(coder: NSCoder) {
                        fatalError("init(coder:) has not been implemented")
                    }
                    func go() { let x = 1e3 + 1 }
                }
                let page = Page()
                """)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.location.line == 7, "\(diagnostics)")
    }

    /// An extension's initializer or computed property is lowered as the same member written in the class: the
    /// same lowered class, or the same diagnostics (whatever the class lowering does with it).
    @Test(arguments: [
        "var more: Int { count + 1 }",
        "convenience init(n: Int) { self.init() }",
        "func more() { count += 1 }",
    ])
    func anExtensionsMemberIsLoweredAsInTheClass(_ member: String) throws {
        func lowered(inClass: Bool) -> (String, [String]) {
            let text =
                Self.header + "class Page: NSObject {\n    var count = 0\n" + (inClass ? "    \(member)\n" : "")
                + "}\n" + (inClass ? "" : "extension Page {\n    \(member)\n}\n") + "let page = Page()\n"
            let (tree, diagnostics) = Self.lower(text)
            let page = tree?.mapping?["classes"]?.mapping?["Page"].map(SwiftLoweringTests.render) ?? ""
            return (page, diagnostics.map { "\($0.id) \($0.location.line - (inClass ? 0 : 2)) \($0.message)" })
        }
        let inClass = lowered(inClass: true)
        let inExtension = lowered(inClass: false)
        #expect(inClass.0 == inExtension.0)
        #expect(inClass.1 == inExtension.1)
    }

    @Test func anEmptyConformanceInAnExtensionIsAccepted() throws {
        let (_, diagnostics) = Self.lower(
            Self.header + "class Page: NSObject {}\nextension Page: UIScrollViewDelegate {}\nlet page = Page()\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func aStaticConstantOfAnExtensionIsFoldedInTheClass() throws {
        let page = try Self.pageClass(
            Self.header + """
                class Page {
                    var timer: Timer?
                    func start() {
                        timer = Timer.scheduledTimer(withTimeInterval: Self.period, repeats: true) { _ in }
                    }
                }
                extension Page {
                    static let period: TimeInterval = 2.5
                }
                let page = Page()
                """)
        #expect(page.contains("{scheduledTimer: self.timer, every: 2.5s, repeats: true"), "\(page)")
    }

    // MARK: delegate protocols

    /// scenarios/swift-pasted/delegate-poller.swift: a poller that reports to its `FeedScreen` through a weak
    /// delegate protocol (the corpus file, run with its own expectations by ``aPastedFileRunsAndItsExpectationsHold``).
    static let delegateFile: String =
        (try? String(
            contentsOf: SwiftTwinTests.root.appendingPathComponent("scenarios/swift-pasted/delegate-poller.swift"),
            encoding: .utf8)) ?? ""

    /// The 1-based line of `protocol PollerDelegate` in ``delegateFile``.
    static var delegateProtocolLine: Int? {
        delegateFile.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("protocol PollerDelegate") }.map { $0 + 1 }
    }

    @Test func aDelegateProtocolWithOneConformingClassIsThatClass() throws {
        #expect(!Self.delegateFile.isEmpty)
        let (tree, diagnostics) = Self.lower(Self.delegateFile)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let poller = SwiftLoweringTests.render(try #require(tree?.mapping?["classes"]?.mapping?["Poller"]))
        #expect(poller.hasPrefix("{fields: {delegate: weak FeedScreen, timer: strong NSTimer}"), "\(poller)")
        #expect(poller.contains("{call: strongSelf.delegate.pollerDidTick, with: [strongSelf]}"), "\(poller)")
        let screen = SwiftLoweringTests.render(try #require(tree?.mapping?["classes"]?.mapping?["FeedScreen"]))
        #expect(screen.contains("pollerDidTick: {params: [{poller: Poller}]"), "\(screen)")
    }

    @Test func aDelegateIsCalledUntilItsScreenGoes() throws {
        // The poller holds its delegate weakly: the screen is freed at 2.5 s, and so is the poller it owns; the
        // timer's block holds the poller weakly, and nothing calls the freed delegate. The corpus file's own
        // expectations hold with the poller's deinit; without it the timer is never invalidated and stays
        // scheduled, holding its block (2 objects abandoned, none leaked).
        let deinitBlock = "    deinit {\n        timer?.invalidate()\n    }\n"
        let cut = try #require(Self.delegateFile.range(of: "scenario.expect(")).lowerBound
        let withoutDeinit = String(Self.delegateFile[..<cut]).replacingOccurrences(of: deinitBlock, with: "")
        #expect(!withoutDeinit.contains(deinitBlock))
        try SwiftLanguageTests.passes(
            withoutDeinit + "scenario.expect(.all, [\"logs\": 2, \"objects.leaked\": 0, \"objects.abandoned\": 2])\n")
    }

    @Test func aProtocolLoopSimCannotResolveIsRefusedAtItsName() throws {
        let noConformer = Self.lower(
            Self.header + "protocol Q: AnyObject { func f() }\nclass Page {}\nlet p = Page()\n")
        #expect(noConformer.1.contains { $0.message.contains("a protocol no class of the file conforms to") })
        let returning = Self.lower(
            Self.header + "protocol P: AnyObject { func f() -> Int }\nclass Page: P { func f() -> Int { 1 } }\n"
                + "class Other: P { func f() -> Int { 2 } }\nlet p = Page()\n")
        #expect(
            returning.1.contains {
                $0.message.contains("a protocol method that returns a value, of a protocol 2 classes conform to")
            })
    }

    /// A delegate protocol two classes conform to: the property holds either, and each call runs the method of
    /// the class of the object it holds when the call runs (the witness of that class's conformance).
    @Test func aProtocolOfTwoClassesCallsTheHeldObjectsMethod() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("two delegates", until: .milliseconds(2500), variants: [.ios13, .linuxCorelibs])
            protocol TickerDelegate: AnyObject {
                func tickerDidTick(_ count: Int)
            }
            final class Ticker {
                weak var delegate: TickerDelegate?
                private var timer: Timer?
                private var count = 0
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                        guard let self else { return }
                        self.count += 1
                        self.delegate?.tickerDidTick(self.count)
                    }
                }
            }
            final class Clock: TickerDelegate {
                func tickerDidTick(_ count: Int) { print("clock \\(count)") }
            }
            final class Badge {}
            extension Badge: TickerDelegate {
                func tickerDidTick(_ count: Int) { print("badge \\(count)") }
            }
            let ticker = Ticker()
            let clock = Clock()
            let badge = Badge()
            ticker.delegate = clock
            ticker.start()
            scenario.at(.milliseconds(1500), "swap") { ticker.delegate = badge }
            scenario.expect(.all, ["logs": 2, "logs[0].text": "clock 1", "logs[1].text": "badge 2"])
            """)
    }

    // MARK: modifiers

    @Test func accessModifiersChangeNothing() throws {
        let (tree, diagnostics) = Self.lower(
            Self.header + """
                public final class Page: NSObject {
                    @IBOutlet weak var label: UILabel!
                    private(set) var count = 0
                    fileprivate var timer: Timer?
                    open func go() { count += 1 }
                    @objc dynamic private func stop() { timer?.invalidate() }
                }
                private var page: Page? = Page()
                fileprivate let other = Page()
                page?.go()
                """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = SwiftLoweringTests.render(try #require(tree?.mapping?["classes"]?.mapping?["Page"]))
        #expect(page.hasPrefix("{fields: {label: weak UIView, count: strong int = 0, timer: strong NSTimer}"))
        let main = SwiftLoweringTests.render(try #require(tree?.mapping?["main"]))
        #expect(main == "[{let: page = new Page}, {let: other = new Page}, {call: page.go}]")
    }

    // MARK: display state

    /// A controller with two outlets, whose `go()` body is `body`.
    static func controller(_ body: String) -> String {
        Self.header + """
            import UIKit
            class Page: UIViewController {
                @IBOutlet weak var label: UILabel!
                @IBOutlet private weak var button: UIButton?
                var count = 0
                func go() {
                    \(body)
                }
            }
            let page = Page()
            """
    }

    @Test func whatAViewShowsLowersToNothing() throws {
        let page = try Self.pageClass(
            Self.controller(
                """
                title = "Clock"
                self.view.backgroundColor = .red
                label.text = "count \\(count)"
                button?.isEnabled = count > 0
                self.label.textColor = UIColor(white: 0.5, alpha: 1)
                button?.setTitle("Go", for: .normal)
                view.setNeedsLayout()
                count += 1
                """))
        #expect(page.hasSuffix("methods: {go: [{increment: self.count}]}}"), "\(page)")
    }

    @Test(arguments: [
        ("label.text = /*@*/makeText()", "store the value in a local"),
        ("view.addSubview(/*@*/other)", "the view would keep it"),
        ("/*@*/label.animate { count = 1 }", "takes a closure"),
    ])
    func displayStateThatWouldHideAnEffectIsRefused(_ body: String, _ advice: String) throws {
        let text = Self.controller("let other = Page()\n" + body)
        let (_, diagnostics) = Self.lower(text)
        let (line, column) = try UnsupportedConstructTests.marker(in: text)
        let hit = diagnostics.first { $0.location.line == line && $0.location.column == column }
        #expect(hit?.id == "swift.unsupported", "\(diagnostics)")
        #expect(hit?.message.contains(advice) == true, "\(diagnostics)")
    }

    // MARK: force unwraps

    static let unwrapTrap = "Fatal error: Unexpectedly found nil while unwrapping an Optional value"

    @Test func aForceUnwrapChecksForNilBeforeItsStatement() throws {
        // SwiftLoweringTests.file puts the body at line 8.
        #expect(
            try Self.steps("timer!.invalidate()")
                == "[{if: self.timer == nil, then: [{trap: P.swift:8: \(Self.unwrapTrap)}]}, {invalidate: self.timer}]")
        #expect(
            try Self.steps("RunLoop.main.add(timer!, forMode: .common)")
                == "[{if: self.timer == nil, then: [{trap: P.swift:8: \(Self.unwrapTrap)}]}, "
                + "{addTimer: self.timer, to: main runloop, mode: common}]")
    }

    @Test func aMemberOfAnImplicitlyUnwrappedPropertyUnwrapsIt() throws {
        let page = try Self.pageClass(
            Self.header + """
                class Page {
                    var timer: Timer!
                    @IBOutlet weak var label: UILabel!
                    func stop() {
                        timer.invalidate()
                        self.timer.fire()
                        timer?.invalidate()
                        if timer != nil { timer = nil }
                    }
                }
                let page = Page()
                """)
        let trap = "{trap: I.swift:%d: \(Self.unwrapTrap)}"
        #expect(
            page.hasSuffix(
                "methods: {stop: [{if: self.timer == nil, then: [\(String(format: trap, 7))]}, {invalidate: self.timer}, "
                    + "{if: self.timer == nil, then: [\(String(format: trap, 8))]}, {fire: self.timer}, "
                    + "{invalidate: self.timer}, {if: self.timer != nil, then: [{release: self.timer}]}]}}"),
            "\(page)")
    }

    @Test func aForceUnwrapOfNilCrashesTheRun() throws {
        let scenario = try SwiftLanguageTests.load(
            Self.header + """
                class Page {
                    var timer: Timer?
                    func restart() { timer!.invalidate() }
                }
                let page = Page()
                scenario.at(.seconds(1)) { page.restart() }
                """, file: "U.swift")
        let run = try #require(try ScenarioRunner.run(scenario).first)
        let crash = try #require(run.outcome.crash)
        #expect(crash.message == "U.swift:5: \(Self.unwrapTrap)")
        #expect(crash.at.nanoseconds == 1_000_000_000)
    }

    @Test func aForceUnwrapOfAnObjectThatIsThereDoesNothingMore() throws {
        try SwiftLanguageTests.passes(
            Self.header + """
                class Page {
                    var timer: Timer?
                    func start() {
                        timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                        RunLoop.main.add(timer!, forMode: .common)
                    }
                }
                let page = Page()
                page.start()
                scenario.expect(.all, ["crashed": false, "logs": 5])
                """)
    }

    @Test func fatalErrorAndPreconditionTrapAndAssertIsNotEvaluated() throws {
        #expect(try Self.steps("fatalError(\"no page\")") == "[{trap: P.swift:8: Fatal error: no page}]")
        #expect(
            try Self.steps("precondition(count > 0, \"empty\")")
                == "[{if: !(self.count > 0), then: [{trap: P.swift:8: Precondition failed: empty}]}]")
        #expect(try Self.steps("assert(count > 0)\ngo()") == "[{call: self.go}]")
    }

    // MARK: constants

    @Test func aFloatingPointLetPropertyIsFoldedIntoTheTimersInterval() throws {
        let page = try Self.pageClass(
            Self.header + """
                class Page {
                    private let interval: TimeInterval = 1.5
                    var timer: Timer?
                    func start() {
                        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in }
                        Thread.sleep(forTimeInterval: self.interval)
                    }
                }
                let page = Page()
                """)
        #expect(!page.contains("interval:"), "a folded constant is no field: \(page)")
        #expect(page.contains("every: 1.5s"), "\(page)")
        #expect(page.contains("{work: 1.5s}"), "\(page)")
    }

    @Test func namespaceAndTopLevelConstantsFoldAtTheirUses() throws {
        let (tree, diagnostics) = Self.lower(
            Self.header + """
                enum Constants {
                    static let delay = 0.5
                    static let limit: TimeInterval = 2
                }
                struct K { static let maxTicks = 3 }
                let kGrace: TimeInterval = 0.25
                let kRetries = 2
                class Page {
                    var ticks = 0
                    var timer: Timer?
                    func start() {
                        DispatchQueue.main.asyncAfter(deadline: .now() + Constants.delay) { print("late") }
                        DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + kGrace) { print("grace") }
                        if ticks >= K.maxTicks || ticks < kRetries { print("done") }
                        if let t = timer, t.timeInterval > Constants.limit { print("slow") }
                    }
                }
                let page = Page()
                page.start()
                """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = SwiftLoweringTests.render(try #require(tree?.mapping?["classes"]?.mapping?["Page"]))
        #expect(page.contains("{dispatch_after: main, delay: 0.5s"), "\(page)")
        #expect(page.contains("{dispatch_after: main, delay: 0.25s"), "\(page)")
        #expect(page.contains("{if: self.ticks >= 3 || self.ticks < 2"), "\(page)")
        #expect(page.contains("if: t != nil && (t.timeInterval > 2000)"), "\(page)")
        // A top-level integer `let` stays main:'s local as well; a floating-point one and the namespaces vanish.
        let main = SwiftLoweringTests.render(try #require(tree?.mapping?["main"]))
        #expect(main == "[{let: kRetries = 2}, {let: page = new Page}, {call: page.start}]")
    }

    @Test func aConstantWithoutAnIntegerValueIsRefusedWhereANumberIsNeeded() {
        let problems = SwiftLanguageTests.problems("let n = kHalf\ngo()").filter { $0.id == "swift.unsupported" }
        // `kHalf` is declared by the file below; the probe file has none, so the name is merely undefined there.
        #expect(problems.isEmpty)
        let (_, diagnostics) = Self.lower(
            Self.header + """
                let kHalf = 0.5
                class Page {
                    var count = 0
                    func go() { count = kHalf }
                }
                let page = Page()
                """)
        let refusal = diagnostics.first { $0.id == "swift.unsupported" }
        // Swift does not store a `Double` in an `Int` either (docs/swift-scenarios.md, "Durations from expressions")
        #expect(refusal?.message.contains("`kHalf`, an `Int` and a `TimeInterval`") == true, "\(diagnostics)")
        #expect(refusal?.location.line == 6)
    }

    @Test func aNamespaceNestedInTheClassAndALocalConstantFold() throws {
        let page = try Self.pageClass(
            Self.header + """
                final class Page {
                    private enum Constants {
                        static let interval: TimeInterval = 1.5
                    }
                    var timer: Timer?
                    func start() {
                        let delay = 2.0
                        timer = Timer.scheduledTimer(withTimeInterval: Constants.interval, repeats: true) { _ in }
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { }
                    }
                }
                let page = Page()
                """)
        #expect(
            page
                == "{fields: {timer: strong NSTimer}, methods: {start: [{scheduledTimer: self.timer, every: 1.5s, "
                + "repeats: true, block: {do: []}}, {dispatch_after: main, delay: 2.0s, do: []}]}}")
    }

    @Test func aClosureThatReadsAnInstanceConstantCapturesSelf() throws {
        // Reading an instance property in a closure uses self (the Swift book, "Strong Reference Cycles for
        // Closures"), though the value is folded: the timer's block keeps the object.
        try SwiftLanguageTests.passes(
            Self.header + """
                final class Page {
                    private let interval: TimeInterval = 1.0
                    var timer: Timer?
                    func start() {
                        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                            print("every \\(interval)")
                        }
                    }
                }
                var page: Page? = Page()
                page?.start()
                scenario.at(.seconds(2)) { page = nil }
                scenario.expect(.all, ["leaks[0].class": "Page", "leaks[0].path[2]": "block#1", "timers.fires": 5])
                """)
    }

    @Test func aTimerMadeWithAFireDateFiresFirstThen() throws {
        #expect(
            try Self.steps("timer = Timer(fire: Date(), interval: 1, repeats: true) { _ in }")
                == "[{timer: self.timer, firstFire: 0s, every: 1s, repeats: true, block: {do: []}}]")
        #expect(
            try Self.steps(
                "timer = Timer(fire: Date().addingTimeInterval(0.5), interval: 2, repeats: false) { _ in }")
                == "[{timer: self.timer, firstFire: 0.5s, every: 2s, repeats: false, block: {do: []}}]")
    }

    // MARK: optionals and everyday statements

    @Test func ifLetShorthandBindsTheFieldForTheThenBranchOnly() throws {
        #expect(
            try Self.steps("if let timer {\ntimer.invalidate()\n}\ntimer = nil")
                == "[{let: timer = self.timer}, {if: timer != nil, then: [{invalidate: timer}]}, "
                + "{release: self.timer}]")
        // `if let timer, … { return }` then the rest: the rest's `timer` is the field again.
        #expect(
            try Self.steps("if let timer, timer.isValid { return }\ntimer = nil")
                == "[{let: timer = self.timer}, {if: timer != nil && (timer.isValid), then: [], "
                + "else: [{release: self.timer}]}]")
        #expect(
            try Self.steps("guard let timer else { return }\ntimer.invalidate()")
                == "[{let: timer = self.timer}, {if: timer != nil, then: [{invalidate: timer}]}]")
    }

    @Test func invalidateAndNilOnOneLineAreTwoSteps() throws {
        #expect(
            try Self.steps("timer?.invalidate(); timer = nil") == "[{invalidate: self.timer}, {release: self.timer}]")
    }

    @Test func deadlinesQosQueuesAndTypedLocals() throws {
        #expect(
            try Self.steps("DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + 2) { }")
                == "[{dispatch_after: main, delay: 2s, do: []}]")
        #expect(
            try Self.steps("DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500)) { }")
                == "[{dispatch_after: main, delay: 500ms, do: []}]")
        #expect(
            try Self.steps("DispatchQueue.global(qos: .userInitiated).async { }")
                == "[{dispatch_async: global, do: []}]")
        #expect(
            try Self.steps(
                "let t: Timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true, block: { _ in })\n_ = t")
                == "[{scheduledTimer: t, every: 1.0s, repeats: true, block: {do: []}}]")
    }

    @Test func nslogAndDebugPrintAreLogs() throws {
        #expect(try Self.steps("NSLog(\"count %d of %@\", count, \"x\")") == "[{log: count \\(count) of \\(\"x\")}]")
        #expect(try Self.steps("NSLog(\"100%% done\")") == "[{log: 100% done}]")
        #expect(try Self.steps("debugPrint(\"decoding\")") == "[{log: \"decoding\"}]")
    }

    @Test func discardingAValueDoesNothing() throws {
        #expect(try Self.steps("_ = timer\n_ = self.count\ngo()") == "[{call: self.go}]")
    }
    // MARK: the corpus

    /// The pasted-style files of `scenarios/swift-pasted/`, each a whole scenario written as app code is.
    static let corpus: [String] = {
        let folder = SwiftTwinTests.root.appendingPathComponent("scenarios/swift-pasted")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted()
    }()

    @Test func theCorpusHasItsFiles() {
        #expect(Self.corpus.count >= 10)
    }

    /// Every corpus file lowers without a diagnostic and does what its expectations say, under every variant.
    @Test(arguments: corpus)
    func aPastedFileRunsAndItsExpectationsHold(_ name: String) throws {
        let url = SwiftTwinTests.root.appendingPathComponent("scenarios/swift-pasted/" + name)
        try SwiftLanguageTests.passes(try String(contentsOf: url, encoding: .utf8))
    }
}
