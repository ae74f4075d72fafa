import Testing

@testable import LoopSimScenario

@Suite struct DiagnosticPrinterTests {
    private func at(_ line: Int, _ column: Int, _ file: String = "s.yaml") -> LoopSimScenario.SourceLocation {
        LoopSimScenario.SourceLocation(file: file, line: line, column: column)
    }

    @Test func errorWithCaretAndNote() {
        let source = "timers:\n  t1:\n    untill: 2s\n"
        let diagnostic = Diagnostic.error(
            .keyUnknown, "unknown key `untill` in timer `t1`; did you mean `until`?", at: at(3, 5),
            notes: [.init("timer `t1` starts here", at: at(2, 3))])
        let expected = """
            s.yaml:3:5: error: unknown key `untill` in timer `t1`; did you mean `until`? [key.unknown]
                untill: 2s
                ^
            s.yaml:2:3: note: timer `t1` starts here
              t1:
              ^
            """
        #expect(DiagnosticPrinter().render(diagnostic, source: source) == expected)
    }

    @Test func caretAtFirstColumnAndWarning() {
        let diagnostic = Diagnostic.warning("test.warn", "something odd", at: at(1, 1))
        #expect(
            DiagnosticPrinter().render(diagnostic, source: "abc")
                == "s.yaml:1:1: warning: something odd [test.warn]\nabc\n^")
    }

    @Test func tabsArePreservedInThePadding() {
        let diagnostic = Diagnostic.error(.yamlSyntax, "bad", at: at(2, 4))
        let output = DiagnosticPrinter().render(diagnostic, source: "a:\n\t\t b: 1\n")
        #expect(output == "s.yaml:2:4: error: bad [yaml.syntax]\n\t\t b: 1\n\t\t ^")
    }

    @Test func columnsAreUnicodeScalars() {
        // "e" + COMBINING ACUTE ACCENT is one Character but two scalars.
        let source = "x: \"e\u{301}e\" # ö"
        let diagnostic = Diagnostic.error(.typeMismatch, "here", at: at(1, 7))
        let output = DiagnosticPrinter().render(diagnostic, source: source)
        #expect(output == "s.yaml:1:7: error: here [type.mismatch]\n\(source)\n      ^")
    }

    @Test func crlfSourceAndColumnPastTheEnd() {
        let diagnostic = Diagnostic.error(.yamlSyntax, "end", at: at(2, 5))
        let output = DiagnosticPrinter().render(diagnostic, source: "a: 1\r\nb: 2\r\n")
        #expect(output == "s.yaml:2:5: error: end [yaml.syntax]\nb: 2\n    ^")
    }

    @Test func unicodeLineBreaksEndLines() {
        // As in libyaml: NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR end lines; \r\n is one break.
        let source = "a: 1\u{2028}b: 2\u{2029}c: 3\u{85}d: 4\r\ne: 5"
        #expect(
            SourceLocation.lines(of: source).map { String(String.UnicodeScalarView($0)) }
                == ["a: 1", "b: 2", "c: 3", "d: 4", "e: 5"])
        #expect(SourceLocation.lines(of: "a\r\u{2028}\u{2028}").map(\.count) == [1, 0, 0])
        let diagnostic = Diagnostic.error(.yamlSyntax, "here", at: at(3, 4))
        #expect(
            DiagnosticPrinter().render(diagnostic, source: source)
                == "s.yaml:3:4: error: here [yaml.syntax]\nc: 3\n   ^")
    }

    @Test func compilerDiagnosticAfterALineSeparatorPrintsItsLine() {
        // Fuzz finding 8: the printed line was the one holding the U+2028, or none.
        let source = "name: x\u{2028}untill: 1s\nmain: []\n"
        let loaded = ScenarioLoader.load(text: source, file: "s.yaml")
        #expect(loaded.diagnostics.map(\.location) == [at(2, 1)])
        let printed = DiagnosticPrinter().render(loaded.diagnostics, source: source).split(separator: "\n")
        #expect(printed.dropFirst().prefix(2) == ["untill: 1s", "^"])
    }

    @Test func missingLineOrSourceGivesNoSnippet() {
        let diagnostic = Diagnostic.error(.yamlSyntax, "eof", at: at(9, 1))
        #expect(DiagnosticPrinter().render(diagnostic, source: "a: 1\n") == "s.yaml:9:1: error: eof [yaml.syntax]")
        let other = Diagnostic.error(.yamlSyntax, "x", at: at(1, 1))
        #expect(DiagnosticPrinter().render(other, source: nil) == "s.yaml:1:1: error: x [yaml.syntax]")
    }

    @Test func noteInAnotherFileUsesItsOwnSource() {
        let diagnostic = Diagnostic.error(
            .nameUndefined, "no timer `t9`", at: at(1, 8),
            notes: [.init("timers are defined here", at: at(1, 1, "lib.yaml"))])
        let texts = ["s.yaml": "start: t9", "lib.yaml": "timers: {}"]
        let output = DiagnosticPrinter().render(diagnostic) { texts[$0] }
        #expect(
            output == """
                s.yaml:1:8: error: no timer `t9` [name.undefined]
                start: t9
                       ^
                lib.yaml:1:1: note: timers are defined here
                timers: {}
                ^
                """)
        // With a single source text, the other file's note has no snippet.
        let single = DiagnosticPrinter().render(diagnostic, source: "start: t9")
        #expect(single.hasSuffix("lib.yaml:1:1: note: timers are defined here"))
    }

    @Test func severalDiagnosticsAreJoined() {
        let first = Diagnostic.error(.keyUnknown, "one", at: at(1, 1))
        let second = Diagnostic.error(.keyMissing, "two", at: at(2, 3))
        let output = DiagnosticPrinter().render([first, second], source: "a: 1\nbc: 2")
        #expect(
            output == "s.yaml:1:1: error: one [key.unknown]\na: 1\n^\ns.yaml:2:3: error: two [key.missing]\nbc: 2\n  ^")
    }

    @Test func colorOnlyWhenAsked() {
        let diagnostic = Diagnostic.error(
            .keyUnknown, "bad key", at: at(1, 2),
            notes: [.init("see", at: at(1, 1))])
        let plain = DiagnosticPrinter(color: false).render(diagnostic, source: "ab")
        #expect(!plain.contains("\u{1B}"))
        let colored = DiagnosticPrinter(color: true).render(diagnostic, source: "ab")
        let esc = "\u{1B}["
        #expect(
            colored == """
                \(esc)1ms.yaml:1:2: \(esc)0m\(esc)1;31merror:\(esc)0m\(esc)1m bad key\(esc)0m\(esc)2m [key.unknown]\(esc)0m
                ab
                 \(esc)1;32m^\(esc)0m
                \(esc)1ms.yaml:1:1: \(esc)0m\(esc)1;36mnote:\(esc)0m\(esc)1m see\(esc)0m
                ab
                \(esc)1;32m^\(esc)0m
                """)
    }

    @Test func descriptionIsOneLine() {
        let diagnostic = Diagnostic.error(.keyDuplicate, "dup", at: at(4, 2))
        #expect(diagnostic.description == "s.yaml:4:2: error: dup [key.duplicate]")
        #expect(at(4, 2).description == "s.yaml:4:2")
    }
}
