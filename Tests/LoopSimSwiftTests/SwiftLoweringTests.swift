import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// The lowering of the subset into the scenario tree: captures, control flow, the experiment's form, locations.
@Suite struct SwiftLoweringTests {
    /// The file around `body` (the statements of `Page.probe()`), with `top` after the class.
    static func file(_ body: String, top: String = "let page = Page()\npage.probe()") -> String {
        """
        import Foundation
        let scenario = Scenario("probe", until: .seconds(3), variants: [.ios10])
        class Page {
            var count = 0
            weak var timer: Timer?
            func go() {}
            func probe() {
        \(body)
            }
        }
        \(top)
        """
    }

    /// The steps of `Page.probe` after lowering, as compact YAML-like text.
    static func probeSteps(_ body: String) throws -> String {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: file(body), file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let probe = try #require(
            tree?.mapping?["classes"]?.mapping?["Page"]?.mapping?["methods"]?.mapping?["probe"])
        return render(probe)
    }

    /// A one-line rendering of a tree: `{k: v}`, `[a, b]`, scalars as written.
    static func render(_ node: LocatedNode) -> String {
        switch node {
        case .scalar(let s): s.text
        case .sequence(let q): "[" + q.items.map(render).joined(separator: ", ") + "]"
        case .mapping(let m):
            "{" + m.entries.map { "\($0.key.text): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    @Test func weakSelfInACaptureListIsAWeakCapture() throws {
        let steps = try Self.probeSteps(
            "DispatchQueue.main.async { [weak self] in self?.go() }")
        #expect(steps == "[{dispatch_async: main, captures: [weak self], do: [{call: self.go}]}]")
    }

    @Test func anImplicitMemberCapturesSelfStrongly() throws {
        let steps = try Self.probeSteps("DispatchQueue.global().async { count += 1 }")
        #expect(steps == "[{dispatch_async: global, captures: [strong self], do: [{increment: self.count}]}]")
    }

    @Test func anOuterClosureCapturesSelfStronglyToMakeAnInnerWeakCapture() throws {
        // The Swift book's rule: a capture list is evaluated where the closure is made, inside the outer closure.
        let steps = try Self.probeSteps(
            "DispatchQueue.global().async { DispatchQueue.main.async { [weak self] in self?.go() } }")
        #expect(
            steps.hasPrefix(
                "[{dispatch_async: global, captures: [strong self], do: [{dispatch_async: main, "
                    + "captures: [weak self]"))
    }

    @Test func aCapturedVarIsSharedNotCopied() throws {
        let steps = try Self.probeSteps("var n = 1\nDispatchQueue.main.async { n += 1 }\nn = 5")
        #expect(
            steps == "[{let: __block n = 1}, {dispatch_async: main, captures: [__block n], do: [{increment: n}]}, "
                + "{set: n = 5}]")
    }

    @Test func aCapturedLetIsCapturedByValue() throws {
        let steps = try Self.probeSteps("let p = Page()\nDispatchQueue.main.async { p.go() }")
        #expect(steps == "[{let: p = new Page}, {dispatch_async: main, captures: [strong p], do: [{call: p.go}]}]")
    }

    @Test func guardLetBecomesAnIfWithTheRestOfTheBody() throws {
        let steps = try Self.probeSteps("guard let t = timer else { return }\nt.invalidate()\ngo()")
        #expect(steps == "[{let: t = self.timer}, {if: t != nil, then: [{invalidate: t}, {call: self.go}]}]")
    }

    @Test func anIfThatReturnsTakesTheRestAsItsElse() throws {
        let steps = try Self.probeSteps("if count > 2 {\n go()\n return\n}\ncount += 2")
        #expect(
            steps
                == "[{if: count > 2, then: [{call: self.go}], else: [{set: self.count = self.count + (2)}]}]"
                .replacingOccurrences(of: "if: count", with: "if: self.count"))
    }

    @Test func elseIfNestsAndLoopsLower() throws {
        let steps = try Self.probeSteps(
            "for i in 0..<3 { if i == 1 { continue } else if i == 2 { break } else { go() } }\n"
                + "while count < 3 && !false { count -= 1 }")
        #expect(
            steps == "[{for: i in 0..<3, do: [{if: i == 1, then: [continue], else: [{if: i == 2, then: [break], "
                + "else: [{call: self.go}]}]}]}, {while: self.count < 3 && !false, do: [{decrement: self.count}]}]")
    }

    @Test func timersLowerToTheirSteps() throws {
        let block = try Self.probeSteps(
            "timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { _ in print(\"tick \\(count)\") }")
        #expect(
            block == "[{scheduledTimer: self.timer, every: 0.5s, repeats: true, block: {captures: [strong self], "
                + "do: [{log: tick \\(self.count)}]}}]")
        let selector = try Self.probeSteps(
            "timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(go), userInfo: nil, "
                + "repeats: false)\nRunLoop.current.run(until: Date(timeIntervalSinceNow: 2))")
        #expect(
            selector == "[{scheduledTimer: self.timer, every: 1s, repeats: false, target: self, selector: go}, "
                + "{runUntil: 2s}]")
    }

    @Test func printJoinsItsItemsWithItsSeparator() throws {
        // print(_:separator:terminator:): every item, joined by " " or the separator; a value as an interpolation
        // (`count` is the probe class's `var count = 0`, a plain Int: its value is logged). The terminator "\n" is
        // a log's own end (another is refused: ReservedWordTests).
        let steps = try Self.probeSteps(
            "print(\"count\", count)\nprint(\"a\", \"b \\(count)\", separator: \", \", terminator: \"\\n\")\nprint(count)"
        )
        #expect(steps == "[{log: count \\(self.count)}, {log: a, b \\(self.count)}, {log: \\(self.count)}]")
    }

    @Test func theExperimentLowersToTopLevelKeys() throws {
        let text = Self.file(
            "go()",
            top: """
                var page: Page? = Page()
                scenario.at(.milliseconds(1500), "pop") { page = nil }
                scenario.expect(.linuxCorelibs, ["objects.leaked": 0, "threads.parked_names[0]": "main"])
                """)
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "P.swift")
        #expect(diagnostics.isEmpty)
        let top = try #require(tree?.mapping)
        #expect(top.keys == ["name", "until", "variants", "classes", "main", "user", "expect"])
        #expect(Self.render(try #require(top["user"])) == "[{at: 1500ms, name: pop, do: [{release: page}]}]")
        #expect(
            Self.render(try #require(top["expect"])) == "{linux-corelibs: {objects.leaked: 0, "
                + "threads.parked_names[0]: main}}")
        let release = try #require(top["user"]?.sequence?.items.first?.mapping?["do"]?.sequence?.items.first)
        #expect(release.location == SourceLocation(file: "P.swift", line: 12, column: 43))
    }

    @Test func aScrollIsWhatTheUserDoesInAnAction() throws {
        let text = Self.file(
            "go()", top: "scenario.at(.seconds(1)) { scenario.scroll(.seconds(2), decelerate: .milliseconds(300)) }")
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "P.swift")
        #expect(diagnostics.isEmpty)
        #expect(
            Self.render(try #require(tree?.mapping?["user"])) == "[{at: 1s, do: [{scroll: 2s, decelerate: 300ms}]}]")
        let inMain = SwiftScenarioLoader.load(
            text: Self.file("go()", top: "scenario.scroll(.seconds(2))"), file: "P.swift")
        #expect(inMain.diagnostics.map(\.id) == ["swift.scenario"])
        #expect(inMain.diagnostics.first?.message.contains("inside `scenario.at") == true)
    }

    @Test func timersAddedToTheMainLoopInTheCommonModes() throws {
        let steps = try Self.probeSteps(
            "let t = Timer(timeInterval: 1, target: self, selector: #selector(go), userInfo: nil, repeats: true)\n"
                + "RunLoop.main.add(t, forMode: .common)\ntimer = t")
        #expect(
            steps == "[{timer: t, every: 1s, repeats: true, target: self, selector: go}, "
                + "{addTimer: t, to: main runloop, mode: common}, {set: self.timer = t}]")
    }

    @Test func anNSObjectSubclassInitCallsSuperInit() throws {
        let text = Self.file(
            "go()",
            top: "class Model: NSObject {\n    var n = 0\n    override init() {\n        n = 2\n        super.init()\n"
                + "    }\n}\nlet model = Model()")
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "P.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let model = try #require(tree?.mapping?["classes"]?.mapping?["Model"])
        #expect(Self.render(model) == "{fields: {n: strong int = 0}, init: [{set: self.n = 2}]}")
    }

    @Test func compilerDiagnosticsNameTheSwiftLine() throws {
        let loaded = SwiftScenarioLoader.load(text: Self.file("count = \"text\""), file: "P.swift")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.id == "expr.type")
        #expect(diagnostic.location.file == "P.swift")
        #expect(diagnostic.location.line == 8)
    }

    @Test func aFileWithoutAScenarioSaysHowToDeclareOne() throws {
        let loaded = SwiftScenarioLoader.load(text: "class A {}\n", file: "P.swift")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.id == "swift.scenario")
        #expect(diagnostic.message.contains("let scenario = Scenario("))
    }

    @Test func aSyntaxErrorIsLocated() throws {
        let loaded = SwiftScenarioLoader.load(text: Self.file("if count > 1 { go( }"), file: "P.swift")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.id == "swift.syntax")
        #expect(diagnostic.location.line == 8)
        #expect(loaded.scenario == nil)
    }
}
