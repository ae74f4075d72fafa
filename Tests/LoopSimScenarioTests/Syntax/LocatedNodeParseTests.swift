import Testing

@testable import LoopSimScenario

@Suite struct LocatedNodeParseTests {
    private func parse(_ yaml: String) -> (LocatedNode?, [Diagnostic]) {
        LocatedNode.parse(yaml: yaml, file: "s.yaml")
    }

    private func at(_ line: Int, _ column: Int) -> LoopSimScenario.SourceLocation {
        LoopSimScenario.SourceLocation(file: "s.yaml", line: line, column: column)
    }

    /// Parses text that must be valid and returns its root mapping.
    private func mapping(_ yaml: String) throws -> LocatedNode.Mapping {
        let (node, diagnostics) = parse(yaml)
        #expect(diagnostics.isEmpty)
        return try #require(node?.mapping)
    }

    // MARK: - Locations and shapes

    @Test func everyNodeHasItsLocation() throws {
        let root = try mapping("name: demo\nsteps:\n  - x\n  - {a: 1}\n")
        #expect(root.location == at(1, 1))
        #expect(root.keys == ["name", "steps"])
        #expect(root.entries[0].key.location == at(1, 1))
        #expect(root.value(for: "name")?.location == at(1, 7))
        #expect(root.entries[1].key.location == at(2, 1))
        let steps = try #require(root["steps"]?.sequence)
        #expect(steps.location == at(3, 3))
        #expect(steps.items[0].scalar?.text == "x")
        #expect(steps.items[0].location == at(3, 5))
        let inner = try #require(steps.items[1].mapping)
        #expect(inner.location == at(4, 5))
        #expect(inner.entries[0].key.location == at(4, 6))
        #expect(inner.value(for: "a")?.location == at(4, 9))
        #expect(root.value(for: "missing") == nil)
        #expect(root.contains("steps") && !root.contains("step"))
    }

    @Test func kindNames() throws {
        let root = try mapping("s: x\nm: {}\nq: []\nn: ~\n")
        #expect(root["s"]?.kindName == "a scalar")
        #expect(root["m"]?.kindName == "a mapping")
        #expect(root["q"]?.kindName == "a sequence")
        #expect(root["n"]?.kindName == "null")
    }

    @Test func columnsCountUnicodeScalars() throws {
        // "é" written as e + U+0301 is two scalars: the value starts at column 5.
        let root = try mapping("e\u{301}: v\n")
        #expect(root.entries[0].key.text == "e\u{301}")
        #expect(root["e\u{301}"]?.location == at(1, 5))
    }

    // MARK: - Quoting and null

    @Test func plainAndQuotedScalarsAreDistinguished() throws {
        let root = try mapping("p: 010\nd: \"010\"\ns: '010'\nl: |\n  text\nf: >\n  folded\n")
        let plain = try #require(root["p"]?.scalar)
        #expect(plain.text == "010" && plain.isPlain && !plain.isQuoted && plain.style == .plain)
        let double = try #require(root["d"]?.scalar)
        #expect(double.text == "010" && double.isQuoted && double.style == .doubleQuoted)
        #expect(double.location == at(2, 4))
        let single = try #require(root["s"]?.scalar)
        #expect(single.text == "010" && single.isQuoted && single.style == .singleQuoted)
        #expect(root["l"]?.scalar?.style == .literal)
        #expect(root["l"]?.scalar?.text == "text\n")
        #expect(root["f"]?.scalar?.style == .folded)
        #expect(root["f"]?.scalar?.isQuoted == true)
    }

    @Test func nullDetection() throws {
        let root = try mapping("a: ~\nb: null\nc:\nd: Null\ne: NULL\nf: ''\ng: \"null\"\nh: nil\ni: '~'\n")
        for key in ["a", "b", "c", "d", "e"] {
            #expect(root[key]?.isNull == true, "\(key) should be null")
        }
        for key in ["f", "g", "h", "i"] {
            #expect(root[key]?.isNull == false, "\(key) should not be null")
        }
        // An empty value is located right after its key's colon.
        #expect(root["c"]?.location == at(3, 3))
        #expect(root["c"]?.scalar?.text == "")
    }

    @Test func aliasesAreResolvedWithTheAnchorsLocation() throws {
        let root = try mapping("base: &b {x: 1}\nuse: *b\n")
        let used = try #require(root["use"]?.mapping)
        #expect(used.value(for: "x")?.scalar?.text == "1")
        #expect(used.location == at(1, 7))
    }

    @Test func emptyDocumentGivesNothing() {
        for text in ["", "# only a comment\n", "\n\n"] {
            let (node, diagnostics) = parse(text)
            #expect(node == nil)
            #expect(diagnostics.isEmpty)
        }
    }

    @Test func nonScalarKeysAreErrors() throws {
        let (node, diagnostics) = parse("? [a, b]\n: 1\n? {k: v}\n: 2\nok: 3\n")
        let root = try #require(node?.mapping)
        #expect(root.keys == ["ok"])
        #expect(diagnostics.map(\.id) == [.keyNotScalar, .keyNotScalar])
        #expect(diagnostics.map(\.location) == [at(1, 3), at(3, 3)])
        #expect(diagnostics[0].message.contains("this key is a sequence"))
        #expect(diagnostics[1].message.contains("this key is a mapping"))
    }

    // MARK: - Syntax errors

    private func syntaxError(_ yaml: String) throws -> Diagnostic {
        let (node, diagnostics) = parse(yaml)
        #expect(node == nil)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == .yamlSyntax)
        #expect(diagnostic.severity == .error)
        return diagnostic
    }

    @Test func tabIndentationIsReportedAtTheTab() throws {
        let diagnostic = try syntaxError("a:\n\tb: 1\n")
        #expect(diagnostic.location == at(2, 1))
        #expect(
            diagnostic.message == "invalid YAML: found character that cannot start any token; "
                + "a tab cannot be used for indentation or before a value; use spaces")
    }

    @Test func unclosedBracketPointsAtTheProblemWithANoteAtTheBracket() throws {
        let diagnostic = try syntaxError("a: [1, 2\nb: 3\n")
        #expect(diagnostic.location == at(2, 2))
        #expect(diagnostic.message.hasPrefix("invalid YAML: did not find expected ',' or ']'; a '[' is not closed"))
        #expect(diagnostic.notes == [.init("the flow sequence starts here", at: at(1, 4))])
    }

    @Test func marksAreOneBased() throws {
        // The second ':' is the 5th character of line 1.
        let diagnostic = try syntaxError("a: b: c\n")
        #expect(diagnostic.location == at(1, 5))
        #expect(diagnostic.notes.isEmpty)
    }

    @Test func badIndentation() throws {
        let diagnostic = try syntaxError("name: x\nrun:\n  a: 1\n b: 2\n")
        #expect(diagnostic.location == at(4, 2))
        #expect(diagnostic.message.hasPrefix("invalid YAML: did not find expected key;"))
        #expect(diagnostic.notes == [.init("the block mapping starts here", at: at(1, 1))])
    }

    @Test func topLevelValueEndsEarly() throws {
        let diagnostic = try syntaxError("a: 1\n  b: 2\n")
        #expect(diagnostic.location == at(2, 4))
        let list = try syntaxError("- a\nb: 1\n")
        #expect(list.location == at(2, 1))
        #expect(list.notes == [.init("the block collection starts here", at: at(1, 1))])
    }

    @Test func byteOrderMarkDoesNotCountAsAColumn() throws {
        let diagnostic = try syntaxError("\u{FEFF}a: b: c\n")
        #expect(diagnostic.location == at(1, 5))
        let printed = DiagnosticPrinter().render(diagnostic, source: "\u{FEFF}a: b: c\n")
        #expect(printed.hasSuffix("[yaml.syntax]\na: b: c\n    ^"))
        #expect(try syntaxError("\u{FEFF}x:\n\ty: 1\n").location == at(2, 1))
    }

    @Test func syntaxErrorColumnsCountUnicodeScalars() throws {
        #expect(try syntaxError("é: [1, ]]\n").location == at(1, 9))
    }

    @Test func unclosedQuoteAndControlCharacter() throws {
        let quote = try syntaxError("a: \"abc\nb: 1\n")
        #expect(quote.location == at(3, 1))
        #expect(quote.notes == [.init("the quoted scalar starts here", at: at(1, 4))])
        // Reader errors come with a character offset, converted to line:column.
        let control = try syntaxError("ok: 1\né: x\u{1}\n")
        #expect(control.location == at(2, 5))
        #expect(control.message.hasPrefix("invalid YAML: control characters are not allowed"))
    }

    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func unicodeLineBreaksEndLinesAsInLibyaml(separator: String) throws {
        // libyaml's IS_BREAK: LINE SEPARATOR, PARAGRAPH SEPARATOR and NEL end a line like \n does (fuzz
        // finding 8), in plain and quoted scalars and in comments; the column starts again at 1.
        for (yaml, line) in [
            ("a: 1\(separator)b: c: d\n", 2), ("a: 1 # x\(separator)b: c: d\n", 2),
            ("a: \"x\(separator)y\"\nb: c: d\n", 3), ("a: x\(separator)  y\nb: c: d\n", 3),
            ("a: 1\r\(separator)\r\nb: c: d\n", 4),
        ] {
            let diagnostic = try syntaxError(yaml)
            #expect(diagnostic.location == at(line, 5), "\(yaml.debugDescription)")
            #expect(
                DiagnosticPrinter().render(diagnostic, source: yaml).hasSuffix("[yaml.syntax]\nb: c: d\n    ^"),
                "\(yaml.debugDescription)")
        }
        // Columns after the break count Unicode scalars, as before it.
        #expect(try syntaxError("a: 1\(separator)é😀x: 1: 2\n").location == at(2, 7))
        // A reader error's character offset is converted with the same lines.
        #expect(try syntaxError("a: 1\(separator)b: \u{7}\n").location == at(2, 4))
        // Node locations are libyaml's own.
        let root = try mapping("a: 1\(separator)b: 2\n")
        #expect(root.entries.map(\.key.location) == [at(1, 1), at(2, 1)])
    }

    @Test func undefinedAliasAndSecondDocument() throws {
        #expect(try syntaxError("a: 1\nb: *nope\n").location == at(2, 4))
        let second = try syntaxError("a: 1\n---\nb: 2\n")
        #expect(second.location == at(2, 1))
        #expect(second.message.contains("single YAML document"))
    }

    @Test func syntaxErrorAfterADuplicateKeepsOriginalColumns() throws {
        // The duplicates make the parser rewrite line 1 before Yams reaches
        // the unclosed quote; the reported columns must still be the original ones.
        let diagnostic = try syntaxError("m: [{a: 1, a: 2, a: 3}, {b: 1, b: 2}, \"x: y]")
        #expect(diagnostic.location == at(1, 45))
        #expect(diagnostic.notes == [.init("the quoted scalar starts here", at: at(1, 39))])
    }

    @Test func aliasBombIsRefused() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(items)]\n"
        }
        let (node, diagnostics) = parse(text)
        #expect(node == nil)
        #expect(diagnostics.map(\.id) == [.yamlTooLarge])
    }
}
