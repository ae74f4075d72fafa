import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Structs with stored properties (SwiftLowering+Structs.swift): value types whose stored properties are flattened
/// into the holder's fields or locals (`config.interval` is `self.config_interval`), copied property by property
/// (the Swift book, "Structures and Classes" › "Structures and Enumerations Are Value Types").
@Suite struct StructTests {
    /// A file declaring `PollConfig` and a `Poller` class whose `probe()` body is `body`.
    static func file(_ body: String, fields: String = "", expect: String = "[\"logs\": 0]") -> String {
        """
        import Foundation
        let scenario = Scenario("structs", until: .seconds(5), variants: [.ios10, .linuxCorelibs])
        struct PollConfig: Equatable, Codable {
            var interval: TimeInterval
            var maxRetries = 3
            let label: String
        }
        final class Poller {
            var config = PollConfig(interval: 0.5, label: "feed")
            var timer: Timer?
            \(fields)
            func probe() {
                \(body)
            }
        }
        let poller = Poller()
        poller.probe()
        scenario.expect(.all, \(expect))
        """
    }

    static func lowered(_ text: String) throws -> LocatedNode {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "S.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree)
    }

    static func errors(_ text: String) -> [Diagnostic] {
        SwiftScenarioLoader.lower(text: text, file: "S.swift").1.filter { $0.severity == .error }
    }

    @Test func aStructPropertyIsOneFieldPerStoredPropertyMadeByTheMemberwiseInit() throws {
        let tree = try Self.lowered(Self.file("print(config.label)"))
        let poller = try #require(tree.mapping?["classes"]?.mapping?["Poller"]?.mapping)
        let fields = try #require(poller["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["config_interval"])) == "strong duration")
        #expect(SwiftLoweringTests.render(try #require(fields["config_maxRetries"])) == "strong int")
        #expect(SwiftLoweringTests.render(try #require(fields["config_label"])) == "strong string")
        #expect(fields["config"] == nil)
        // The omitted `maxRetries` takes its default; the arguments come in declaration order.
        let initSteps = SwiftLoweringTests.render(try #require(poller["init"]))
        #expect(
            initSteps
                == "[{set: self.config_interval = 0.5}, {set: self.config_maxRetries = 3}, "
                + "{set: self.config_label = \"feed\"}]")
        let probe = SwiftLoweringTests.render(try #require(poller["methods"]?.mapping?["probe"]))
        #expect(probe == "[{log: \\(self.config_label)}]")
    }

    @Test func aCopyIsIndependentOfItsSource() throws {
        // `var b = a; b.x = 2` leaves `a.x`; `self.config.x = …` changes the property in place.
        try SwiftLanguageTests.passes(
            Self.file(
                """
                var fast = config
                fast.maxRetries = 9
                self.config.interval = 2
                print("\\(config.maxRetries) \\(fast.maxRetries) \\(fast.label)")
                config.maxRetries += 1
                print("\\(config.maxRetries) \\(fast.maxRetries)")
                """,
                expect: "[\"logs[0].text\": \"3 9 feed\", \"logs[1].text\": \"4 9\"]"))
    }

    @Test func aWholeStructStoreCopiesEveryProperty() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                """
                let other = PollConfig(interval: 1, maxRetries: 5, label: "other")
                config = other
                print("\\(config.maxRetries) \\(config.label)")
                """,
                expect: "[\"logs[0].text\": \"5 other\"]"))
    }

    @Test func aStructLocalFollowsTheCallerAndAClosureReadsTheCopyItCaptured() throws {
        // The timer's closure reads `self.config` when it runs: the value stored then, not the one at scheduling.
        try SwiftLanguageTests.passes(
            Self.file(
                """
                timer = Timer.scheduledTimer(withTimeInterval: config.interval, repeats: false) { [weak self] _ in
                    guard let self = self else { return }
                    print("\\(self.config.maxRetries)")
                }
                config.maxRetries = 7
                """,
                expect: "[\"logs[0].text\": \"7\", \"logs[0].at_ms\": 500]"))
    }

    @Test func aClosureInAStructPropertyCapturingSelfIsACycleThroughTheField() throws {
        let text = """
            import Foundation
            let scenario = Scenario("structs", until: .seconds(3), variants: [.ios10])
            struct Handlers {
                var onChange: (() -> Void)?
                var count = 0
            }
            final class ViewModel {
                var handlers = Handlers()
                func bind() {
                    handlers.onChange = { self.handlers.count += 1 }
                }
            }
            var model: ViewModel? = ViewModel()
            model?.bind()
            scenario.at(.seconds(1)) { model = nil }
            scenario.expect(.all, ["leaks[0].class": "ViewModel", "objects.deallocated": 0])
            """
        try SwiftLanguageTests.passes(text)
        let weak = text.replacingOccurrences(of: "{ self.handlers", with: "{ [weak self] in self?.handlers")
            .replacingOccurrences(of: "[\"leaks[0].class\": \"ViewModel\", ", with: "[\"objects.leaked\": 0, ")
            .replacingOccurrences(of: "\"objects.deallocated\": 0", with: "\"objects.deallocated\": 2")
        try SwiftLanguageTests.passes(weak)
    }

    @Test func aStructHoldsAnObjectAndAWeakDelegateOnBehalfOfItsHolder() throws {
        let text = """
            import Foundation
            let scenario = Scenario("structs", until: .seconds(3), variants: [.ios10])
            final class Screen {}
            struct Wiring {
                weak var delegate: Screen?
                var child: Screen
            }
            final class Owner {
                var wiring = Wiring(delegate: nil, child: Screen())
            }
            let screen = Screen()
            var owner: Owner? = Owner()
            owner?.wiring.delegate = screen
            scenario.at(.seconds(1)) { owner = nil }
            scenario.expect(.all, ["objects.leaked": 0, "objects.deallocated": 2])
            """
        let tree = try Self.lowered(text)
        let fields = try #require(tree.mapping?["classes"]?.mapping?["Owner"]?.mapping?["fields"]?.mapping)
        #expect(SwiftLoweringTests.render(try #require(fields["wiring_delegate"])) == "weak Screen")
        #expect(SwiftLoweringTests.render(try #require(fields["wiring_child"])) == "strong Screen")
        try SwiftLanguageTests.passes(text)
    }

    @Test func aLetStructOrALetPropertyRefusesAStoreAtItsPlace() throws {
        for (body, fragment) in [
            ("let c = PollConfig(interval: 1, label: \"a\")\n c.interval = 2", "`c` is a `let` struct"),
            ("config.label = \"b\"", "`label` is a `let` property of the struct `PollConfig`"),
            ("fixed.maxRetries = 2", "`fixed` is a `let` struct"),
            ("self.fixed = PollConfig(interval: 1, label: \"a\")", "is a `let` struct"),
        ] {
            let errors = Self.errors(Self.file(body, fields: "let fixed = PollConfig(interval: 1, label: \"x\")"))
            #expect(errors.count == 1, "\(body): \(errors)")
            #expect(errors.first?.message.contains(fragment) == true, "\(errors)")
            #expect(errors.first?.location.line ?? 0 >= 13)
        }
    }

    @Test func aMemberwiseCallNeedsEveryPropertyWithoutADefaultInOrder() throws {
        let missing = Self.errors(Self.file("let c = PollConfig(interval: 1)"))
        #expect(missing.first?.message.contains("without `label:`") == true, "\(missing)")
        let extra = Self.errors(Self.file("let c = PollConfig(interval: 1, label: \"a\", speed: 2)"))
        #expect(extra.first?.message.contains("`speed`") == true, "\(extra)")
    }

    @Test func whatStructsDoNotHaveIsALocatedErrorSayingWhatToWrite() throws {
        let text = """
            import Foundation
            let scenario = Scenario("structs", until: .seconds(3), variants: [.ios10])
            struct Item: Hashable, CustomStringConvertible {
                let id: Int
                var description: String { "item" }
                func moved() -> Int { let n = id + 1; return n }
                init(id: Int) { self.id = id }
            }
            scenario.expect(.all, ["logs": 0])
            """
        let errors = Self.errors(text)
        // `description` is a computed property of one expression: in; `CustomStringConvertible` is not.
        #expect(errors.map(\.location.line) == [3, 6, 7], "\(errors)")
        #expect(errors.allSatisfy { $0.id == "swift.unsupported" })
        #expect(errors[1].message.contains("method of the class"))
        #expect(errors[2].message.contains("memberwise initializer"))
    }
}

/// Structs passed to inits and methods, nested in structs, and captured by closures.
@Suite struct StructPassingTests {
    static let text = """
        import Foundation
        let scenario = Scenario("structs", until: .seconds(5), variants: [.ios10, .linuxCorelibs])
        struct Retry {
            var delay: TimeInterval = 0.5
            var limit: Int
        }
        struct PollConfig {
            var interval: TimeInterval
            var retry: Retry
            var tag: String?
        }
        final class Poller {
            var config: PollConfig
            init(config: PollConfig) {
                self.config = config
            }
            func apply(_ other: PollConfig, times: Int) {
                config = other
                config.retry.limit *= times
            }
            func start() {
                let local = config
                DispatchQueue.main.asyncAfter(deadline: .now() + local.interval) {
                    print("fired \\(local.retry.limit)")
                }
                config.retry.limit = 99
            }
        }
        var settings = PollConfig(interval: 1, retry: Retry(limit: 2), tag: nil)
        let poller = Poller(config: settings)
        settings.retry.limit = 50
        poller.apply(settings, times: 2)
        poller.start()
        print("caller \\(settings.retry.limit) poller \\(poller.config.retry.limit)")
        scenario.at(.seconds(2), "check") { print("limit \\(settings.retry.limit)") }
        scenario.expect(.all, [
            "logs": 3, "logs[0].text": "caller 50 poller 99", "logs[1].text": "fired 100", "logs[1].at_ms": 1000,
            "logs[2].text": "limit 50",
        ])
        """

    @Test func aStructIsPassedAsOneParameterPerStoredPropertyAndCopied() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.text, file: "S.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let poller = try #require(tree?.mapping?["classes"]?.mapping?["Poller"]?.mapping)
        let fields = try #require(poller["fields"]?.mapping)
        // A nested struct flattens again.
        #expect(SwiftLoweringTests.render(try #require(fields["config_retry_limit"])) == "strong int")
        let initMethod = SwiftLoweringTests.render(try #require(poller["methods"]?.mapping?["init_config"]))
        #expect(initMethod.hasPrefix("{params: [{config_interval: duration}, {config_retry_delay: duration}, "))
        try SwiftLanguageTests.passes(Self.text)
    }

    @Test func aStructArgumentMadeInTheCallIsMadeIntoTemporaries() throws {
        let text = Self.text.replacingOccurrences(
            of: "let poller = Poller(config: settings)",
            with: "let poller = Poller(config: PollConfig(interval: 1, retry: Retry(limit: 2), tag: \"t\"))")
        try SwiftLanguageTests.passes(text)
    }

    @Test func aCapturedStructVarIsRefusedWithWhatToWrite() {
        let text = Self.text.replacingOccurrences(of: "let local = config", with: "var local = config")
        let errors = SwiftScenarioLoader.lower(text: text, file: "S.swift").1.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.message.contains("a struct `var` a closure captures") == true)
        #expect(errors.first?.location.line == 22)
    }
}

/// Computed properties and methods of structs, inlined on the value they are read or called on.
@Suite struct StructMemberTests {
    static let text = """
        import Foundation
        let scenario = Scenario("structs", until: .seconds(5), variants: [.ios10, .linuxCorelibs])
        struct RetryPolicy {
            var attempts = 0
            let limit: Int
            var isExhausted: Bool { attempts >= limit }
            var remaining: Int {
                return self.limit - attempts
            }
            mutating func recordFailure() {
                attempts += 1
            }
            mutating func reset(to value: Int) {
                self.attempts = value
            }
        }
        final class Fetcher {
            var policy = RetryPolicy(limit: 3)
            private var timer: Timer?
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] t in
                    guard let self = self else { return }
                    self.policy.recordFailure()
                    print("left \\(self.policy.remaining)")
                    if self.policy.isExhausted {
                        t.invalidate()
                    }
                }
            }
        }
        var local = RetryPolicy(limit: 2)
        let copy = local
        local.recordFailure()
        local.reset(to: 5)
        print("local \\(local.attempts) \\(local.isExhausted) copy \\(copy.attempts) \\(copy.isExhausted)")
        let fetcher = Fetcher()
        fetcher.start()
        scenario.expect(.all, [
            "logs": 4, "logs[0].text": "local 5 true copy 0 false", "logs[1].text": "left 2", "logs[3].text": "left 0",
            "timers.fires": 3,
        ])
        """

    @Test func computedPropertiesAndMutatingMethodsActOnTheirOwnValue() throws {
        try SwiftLanguageTests.passes(Self.text)
    }

    @Test func aMutatingMethodOfALetStructIsRefused() {
        let text = Self.text.replacingOccurrences(of: "var local = RetryPolicy", with: "let local = RetryPolicy")
        let errors = SwiftScenarioLoader.lower(text: text, file: "S.swift").1.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.message.contains("`local` is a `let` struct and `recordFailure` is `mutating`") == true)
        #expect(errors.first?.location.line == 33)
    }
}

/// Optional and closure properties of structs, a memberwise call with a closure, and a `let` property set in init.
@Suite struct StructOptionalTests {
    @Test func optionalPropertiesAndClosuresPassThroughTheMemberwiseInit() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("structs", until: .seconds(3), variants: [.ios10, .linuxCorelibs])
            struct Handlers {
                var onChange: (() -> Void)?
                var tag: String?
            }
            final class Screen {
                let config: Handlers
                var handlers = Handlers()
                init(tag: String) {
                    config = Handlers(onChange: nil, tag: tag)
                }
                func bind() {
                    handlers = Handlers(onChange: { [weak self] in
                        print("render \\(self?.config.tag ?? "-")")
                    }, tag: nil)
                    print("tags \\(config.tag ?? "-") \\(handlers.tag ?? "-")")
                }
            }
            var settings = Handlers(onChange: nil, tag: nil)
            var screen: Screen? = Screen(tag: "cfg")
            screen?.bind()
            screen?.handlers.onChange?()
            scenario.at(.seconds(1), "change") {
                settings.tag = "changed"
                print("now \\(settings.tag ?? "none")")
                screen = nil
            }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "tags cfg -", "logs[2].text": "now changed", "objects.leaked": 0,
                "objects.deallocated": 2,
            ])
            """)
    }
}

/// A struct's computed `String` (or `Int`, `Bool`) property of its stored properties prints its value, in place
/// and through a local taken from it.
@Suite struct StructComputedPrintTests {
    @Test func aComputedLabelOfAStructPrintsItsValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("struct label", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            struct ImportProgress {
                var done = 0
                var total: Int
                var label: String { "\\(done)/\\(total)" }
                var finished: Bool { done >= total }
            }
            final class Importer {
                var progress = ImportProgress(total: 2)
                func step() {
                    progress.done += 1
                    print("imported \\(progress.label) finished \\(progress.finished)")
                    let shown = progress.label
                    print("shown \\(shown)")
                }
            }
            let importer = Importer()
            importer.step()
            importer.step()
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "imported 1/2 finished false", "logs[1].text": "shown 1/2",
                "logs[2].text": "imported 2/2 finished true", "logs[3].text": "shown 2/2",
            ])
            """)
    }

    /// A struct local made with a closure property: the property's local is a `block` before the closure is stored
    /// into it, and the struct's other properties read as any local's.
    @Test func aStructLocalHoldsAClosureProperty() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("struct closure", until: .seconds(1), variants: [.ios10])
            struct Row {
                var title: String
                var onTap: () -> Void
            }
            final class Screen {
                func load() {
                    let row = Row(title: "a", onTap: { print("tap") })
                    print(row.title)
                }
            }
            Screen().load()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "a"])
            """)
    }
}
