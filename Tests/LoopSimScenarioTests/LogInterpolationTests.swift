import LoopSimKernel
import LoopSimScenario
import Testing

/// `\(EXPR)` in a `log:` text: an integer, Boolean or string expression evaluated when the step runs, written as
/// Swift's string interpolation writes it (docs/scenario-format.md §7.1).
@Suite struct LogInterpolationTests {
    /// The texts `steps` (under `main:`, after a `Counter` named `c`) logs.
    static func logs(_ steps: String) throws -> [String] {
        try KernelSemanticsTests.run(
            """
            name: interpolation
            until: 1s
            classes:
              Counter:
                fields: {count: int, label: string, on: bool}
            main:
              - let: c = new Counter
            \(steps)
            """
        ).logs.map(\.text)
    }

    @Test func valuesAreWrittenWhenTheStepRuns() throws {
        let texts = try Self.logs(
            """
              - log: 'count \\(c.count)'
              - increment: c.count
              - set: c.label = "a)b"
              - set: c.on = true
              - log: 'count \\(c.count) of \\(c.label), on \\(c.on), next \\(c.count * 2 + 1)\\(c.count)'
            """)
        #expect(texts == ["count 0", "count 1 of a)b, on true, next 31"])
    }

    @Test func aStringLiteralMayHoldAParenthesis() throws {
        #expect(try Self.logs("  - log: 'x \\(\"(y)\")z'") == ["x (y)z"])
    }

    @Test func aDoubledBackslashLogsTheTextAsWritten() throws {
        let texts = try Self.logs("  - log: 'tick \\\\(self?.count) and \\(c.count)'\n  - log: plain \\\\(x)")
        #expect(texts == ["tick \\(self?.count) and 0", "plain \\(x)"])
    }

    /// `\"` is a `"` and `\\` a `\`, in a log's text and in a string literal, as in a Swift string literal; any
    /// other backslash is itself.
    @Test func aQuoteAndABackslashAreEscaped() throws {
        let texts = try Self.logs(
            #"""
              - set: c.label = "say \"hi\" a\\b \n"
              - log: 'said \"\(c.label)\" x\\y \t'
              - log: 'plain \"q\" \\\"'
              - let: path = "a\\b"
              - log: 'escaped \(c.label.debugDescription) \(path.debugDescription)'
            """#)
        #expect(
            texts == [
                #"said "say "hi" a\b \n" x\y \t"#, #"plain "q" \""#,
                #"escaped "say \"hi\" a\\b \\n" "a\\b""#,
            ])
    }

    /// `s.debugDescription` is the standard library's: quoted, `\t` and `\n` escaped (measured by swiftc 6.3.1).
    @Test func aDebugDescriptionIsSwiftsOwn() throws {
        let texts = try Self.logs(
            """
              - set: c.label = "tab\\ttab"
              - let: empty = ""
              - log: '\\(c.label.debugDescription) \\(empty.debugDescription) \\(c.label.count)'
            """)
        #expect(texts == [#""tab\\ttab" "" 8"#])
    }

    @Test func aTextWithoutInterpolationsIsTheFixedLog() throws {
        let loaded = ScenarioLoader.load(text: "name: t\nmain:\n  - log: 'tick (1)'\n", file: "t.yaml")
        let program = try #require(loaded.scenario).program
        // The first step after the statement's site (docs/kernel.md, "Sites: which line is running").
        let first = program.main.steps.first { if case .site = $0 { false } else { true } }
        guard case .log(let text)? = first else {
            Issue.record("expected a fixed log, got \(String(describing: first))")
            return
        }
        #expect(text == "tick (1)")
    }

    @Test(arguments: [
        ("'x \\(c)'", "expr.type", "takes an integer, a Boolean, a string or a duration, not Counter", 15),
        ("'y \\(c.count'", "expr.syntax", "has no closing `)`", 13),
        ("'z \\(nope)'", "name.undefined", "'nope' is not defined here", 15),
    ])
    func badInterpolationsAreLocated(log: String, id: String, message: String, column: Int) {
        let loaded = ScenarioLoader.load(
            text: "name: t\nclasses:\n  Counter:\n    fields: {count: int}\nmain:\n  - let: c = new Counter\n"
                + "  - log: \(log)\n",
            file: "bad.yaml")
        let first = loaded.diagnostics.first
        #expect(loaded.diagnostics.map(\.id.rawValue) == [id], "\(loaded.diagnostics)")
        #expect(first?.message.contains(message) == true, "\(String(describing: first?.message))")
        #expect(first?.location.line == 7)
        #expect(first?.location.column == column)
    }
}
