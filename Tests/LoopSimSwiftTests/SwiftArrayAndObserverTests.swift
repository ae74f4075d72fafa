import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Arrays and property observers (SwiftLowering+Arrays.swift, SwiftLowering+Observers.swift): the forms engineers
/// write, lowered to the scenario language's arrays and to observer methods called around each assignment.
@Suite struct SwiftArrayAndObserverTests {
    /// A `Page` with `timers: [Timer]`, `names: [String]` and `body` as its `probe()` method, then `top`.
    static func file(_ body: String, members: String = "", top: String = "let page = Page()\npage.probe()") -> String {
        """
        import Foundation
        let scenario = Scenario("arrays", until: .seconds(3), variants: [.ios10])
        class Page {
            private var timers: [Timer] = []
            var names = [String]()
            var count = 0
        \(members)
            func probe() {
        \(body)
            }
        }
        \(top)
        """
    }

    /// `probe()`'s lowered steps.
    static func steps(_ body: String, members: String = "") throws -> String {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: file(body, members: members), file: "A.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let probe = try #require(
            tree?.mapping?["classes"]?.mapping?["Page"]?.mapping?["methods"]?.mapping?["probe"])
        return SwiftLoweringTests.render(probe)
    }

    /// An object made by its init as `append`'s argument (`kids.append(Child(name: "a"))`) is made into a temporary
    /// named by the array, appended and released, as a timer is: the array holds it alone.
    @Test func anObjectMadeByItsInitIsAppended() throws {
        let logs = try DateValueTests.logs(
            """
                var kids: [Child] = []
                func add() { kids.append(Child(name: "a")); kids.append(Child(name: "b")) }
            """,
            """
            final class Child {
                let name: String
                init(name: String) { self.name = name }
                deinit { print("\\(name) deinit") }
            }
            let w = W()
            w.add()
            scenario.at(.milliseconds(500), "clear") { w.kids.removeAll() }
            """)
        #expect(logs == ["500 a deinit", "500 b deinit"])
    }

    @Test func arrayPropertiesAreFieldsThatStartEmpty() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.file(""), file: "A.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let fields = try #require(tree?.mapping?["classes"]?.mapping?["Page"]?.mapping?["fields"])
        #expect(SwiftLoweringTests.render(try #require(fields.mapping?["timers"])) == "[NSTimer]")
        #expect(SwiftLoweringTests.render(try #require(fields.mapping?["names"])) == "[string]")
    }

    @Test func mutationsAreArraySteps() throws {
        #expect(
            try Self.steps(
                """
                names.append("a")
                self.names += ["b", "c"]
                names.remove(at: 0)
                names.removeFirst()
                names.removeLast()
                timers.removeAll()
                timers = []
                """)
                == "[{append: self.names, value: \"a\"}, {append: self.names, contentsOf: [\"b\", \"c\"]}, "
                + "{removeAt: self.names, index: 0}, {removeFirst: self.names}, {removeLast: self.names}, "
                + "{removeAll: self.timers}, {set: self.timers = []}]")
    }

    @Test func aTimerAppendedAsItIsMadeIsNamedByItsArray() throws {
        #expect(
            try Self.steps("timers.append(Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in })")
                == "[{scheduledTimer: timers, every: 1s, repeats: true, block: {do: []}}, "
                + "{append: self.timers, value: timers}, {release: timers}]")
    }

    @Test func forInAndForEachLoopOverTheArray() throws {
        #expect(
            try Self.steps("for t in timers { t.invalidate() }\ntimers.forEach { $0.invalidate() }")
                == "[{for: t in self.timers, do: [{invalidate: t}]}, {for: element10 in self.timers, do: [{invalidate: element10}]}]"
        )
        #expect(
            try Self.steps("timers.forEach { timer in timer.invalidate() }")
                == "[{for: timer in self.timers, do: [{invalidate: timer}]}]")
    }

    @Test func readsAndALocalArray() throws {
        #expect(
            try Self.steps(
                """
                var log: [String] = []
                log.append("x")
                if !timers.isEmpty && names.count > 1 && names[0] == "a" && names.contains("b") { go() }
                """, members: "func go() {}")
                == "[{let: log: [string] = []}, {append: log, value: \"x\"}, "
                + "{if: !self.timers.isEmpty && self.names.count > 1 && self.names[0] == \"a\" && "
                + "self.names.contains(\"b\"), then: [{call: self.go}]}]")
    }

    /// The whole file runs: a copy survives the array's emptying, an index outside the array traps.
    @Test func theRunFollowsSwiftsValueSemanticsAndTraps() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                """
                names.append("a")
                names.append("b")
                let copy = names
                names.removeAll()
                print("\\(copy.count) \\(names.count) \\(names.isEmpty)")
                for name in copy { names.append(name); names.append(name) }
                print("\\(names.count) \\(names[1]) \\(names[2])")
                print("\\(names[4])")
                """,
                top: "let page = Page()\npage.probe()\nscenario.expect(.all, [\"logs[0].text\": \"2 0 true\", "
                    + "\"logs[1].text\": \"4 a b\", \"crash.message\": \"Fatal error: Index out of range\"])"))
    }

    /// `names.append("line \(count)")`: an interpolated string as a value, made when the statement runs.
    @Test func anInterpolatedStringIsAValue() throws {
        #expect(
            try Self.steps("names.append(\"line \\(count) of \\(names.count)\")")
                == "[{append: self.names, value: \"line \\(self.count) of \\(self.names.count)\"}]")
        try SwiftLanguageTests.passes(
            Self.file(
                "count = 2\nnames.append(\"line \\(count)\")\ncount = 5\nprint(names[0])",
                top: "let page = Page()\npage.probe()\nscenario.expect(.all, [\"logs[0].text\": \"line 2\"])"))
        let optional = SwiftLanguageTests.problems("let t: Timer? = nil\nlet s = \"valid \\(t?.isValid)\"")
        #expect(optional.contains { $0.message.contains("an interpolation of a value Swift writes otherwise") })
    }

    @Test func observersAreMethodsCalledAroundEachAssignmentButInInit() throws {
        let members = """
                var timer: Timer? {
                    didSet { oldValue?.invalidate() }
                }
                var level = 0 {
                    willSet { print("\\(newValue)") }
                }
                init() { level = 5 }
            """
        let (tree, diagnostics) = SwiftScenarioLoader.lower(
            text: Self.file("timer = nil\nlevel += 1", members: members), file: "A.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let page = try #require(tree?.mapping?["classes"]?.mapping?["Page"])
        let methods = try #require(page.mapping?["methods"])
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["didSet_timer"]))
                == "{params: [{oldValue: NSTimer}], do: [{invalidate: oldValue}]}")
        #expect(
            SwiftLoweringTests.render(try #require(methods.mapping?["probe"]))
                == "[{let: oldValue15x1 = self.timer}, {release: self.timer}, "
                + "{call: self.didSet_timer, with: [oldValue15x1]}, {set: oldValue15x1 = nil}, "
                + "{let: newValue16x1 = self.level + (1)}, {call: self.willSet_level, with: [newValue16x1]}, "
                + "{set: self.level = newValue16x1}, {set: newValue16x1 = nil}]")
        // `init()`'s `level = 5` calls no observer (the Swift book, "Property Observers").
        #expect(SwiftLoweringTests.render(try #require(page.mapping?["init"])) == "[{set: self.level = 5}]")
    }

    @Test func anObserverAssigningItsOwnPropertyDoesNotCallItselfButOthersDo() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                "",
                members: """
                    var page2: Page?
                    var clamped = 0 {
                        didSet { if clamped > 2 { clamped = 2 }; print("clamped \\(clamped)") }
                    }
                    func setUp() { page2 = Page() }
                    """,
                top: """
                    let page = Page()
                    page.setUp()
                    page.clamped = 5
                    page.page2?.clamped = 1
                    scenario.expect(.all, ["logs[0].text": "clamped 2", "logs[1].text": "clamped 1", "logs": 2])
                    """))
    }

    /// `var items: [String] = [] { didSet { tableView.reloadData() } }`: Swift calls the observers around every
    /// mutation of the array (its `inout` access), not only around an assignment.
    @Test func anArrayPropertysObserversRunAroundEachMutation() throws {
        try SwiftLanguageTests.passes(
            Self.file(
                "items.append(1)\nitems += [2, 3]\nitems.removeFirst()\nitems = []",
                members: "var items: [Int] = [] {\n willSet { print(\"will \\(items.count)\") }\n"
                    + " didSet { print(\"did \\(items.count)\") }\n}",
                top:
                    "let page = Page()\npage.probe()\nscenario.expect(.all, [\"logs\": 8, \"logs[1].text\": \"did 1\", "
                    + "\"logs[3].text\": \"did 3\", \"logs[5].text\": \"did 2\", \"logs[7].text\": \"did 0\"])"))
    }

    /// `let t = timers.removeFirst()`: the element is read into the local, then removed; an empty array traps at
    /// the removal with Swift's message.
    @Test func aRemovedElementIsKeptByItsLocal() throws {
        #expect(
            try Self.steps(
                "let first = names.removeFirst()\nlet last = names.popLast()\nlet second = names.remove(at: 1)")
                == "[{let: first = self.names.first}, {removeFirst: self.names}, {let: last = self.names.last}, "
                + "{if: !self.names.isEmpty, then: [{removeLast: self.names}]}, {let: second = self.names[1]}, "
                + "{removeAt: self.names, index: 1}]")
        try SwiftLanguageTests.passes(
            Self.file(
                "names += [\"a\", \"b\"]\nlet a = names.removeFirst()\nprint(\"\\(a) \\(names.count)\")\n"
                    + "names.removeAll()\nlet b = names.removeLast()",
                top: "let page = Page()\npage.probe()\nscenario.expect(.all, [\"logs[0].text\": \"a 1\", "
                    + "\"crash.message\": \"Fatal error: Can't remove last element from an empty collection\"])"))
    }

    @Test func whatStaysOutIsRefusedAtItsLine() {
        let nested = SwiftLanguageTests.problems("var grid: [[Int]] = []\ngrid.removeAll()")
        #expect(nested.contains { $0.message.contains("an array of arrays") })
        let observedArray = SwiftScenarioLoader.lower(
            text: Self.file("", members: "var items: [Int] = [] { didSet { print(\"\\(oldValue.count)\") } }"),
            file: "A.swift"
        ).1
        #expect(observedArray.contains { $0.message.contains("`oldValue` of an array property's observer") })
    }
}
