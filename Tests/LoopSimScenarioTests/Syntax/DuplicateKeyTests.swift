import Testing

@testable import LoopSimScenario

@Suite struct DuplicateKeyTests {
    private func at(_ line: Int, _ column: Int) -> LoopSimScenario.SourceLocation {
        LoopSimScenario.SourceLocation(file: "s.yaml", line: line, column: column)
    }

    @Test func duplicateIsReportedAtTheSecondKeyWithANoteAtTheFirst() throws {
        let (node, diagnostics) = LocatedNode.parse(yaml: "name: a\nuntil: 1s\nname: b\n", file: "s.yaml")
        let root = try #require(node?.mapping)
        #expect(root.keys == ["name", "until", "name"])
        #expect(root["name"]?.scalar?.text == "a")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.id == .keyDuplicate)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == at(3, 1))
        #expect(
            diagnostic.message == "duplicate key `name`; each key may appear only once in a mapping, "
                + "remove this entry or merge it with the first one")
        #expect(diagnostic.notes == [.init("`name` is first set here", at: at(1, 1))])
    }

    @Test func everyDuplicateInTheFileIsReported() throws {
        let yaml = """
            timers:
              t1:
                every: 1s
                every: 2s
            name: x
            name: y
            """
        let (node, diagnostics) = LocatedNode.parse(yaml: yaml, file: "s.yaml")
        #expect(node != nil)
        #expect(diagnostics.map(\.id) == [.keyDuplicate, .keyDuplicate])
        #expect(diagnostics.map(\.location) == [at(4, 5), at(6, 1)])
        #expect(diagnostics.map { $0.notes.map(\.location) } == [[at(3, 5)], [at(5, 1)]])
    }

    @Test func threeTimesInAFlowMappingGivesTwoDiagnostics() throws {
        let (node, diagnostics) = LocatedNode.parse(yaml: "{a: 1, a: 2, a: 3}", file: "s.yaml")
        let root = try #require(node?.mapping)
        // Keys and values come back unchanged, at their original columns.
        #expect(root.entries.map(\.key.text) == ["a", "a", "a"])
        #expect(root.entries.map(\.key.location) == [at(1, 2), at(1, 8), at(1, 14)])
        #expect(root.entries.map { $0.value.location } == [at(1, 5), at(1, 11), at(1, 17)])
        #expect(diagnostics.map(\.location) == [at(1, 8), at(1, 14)])
        #expect(diagnostics.map { $0.notes.map(\.location) } == [[at(1, 2)], [at(1, 2)]])
    }

    @Test func quotedAndPlainSpellingsOfAKeyAreTheSameKey() throws {
        let (node, diagnostics) = LocatedNode.parse(yaml: "\"a\": 1\na: 2\n'a': 3\n", file: "s.yaml")
        let root = try #require(node?.mapping)
        #expect(root.entries.map(\.key.text) == ["a", "a", "a"])
        #expect(root.entries.map(\.key.style) == [.doubleQuoted, .plain, .singleQuoted])
        #expect(diagnostics.map(\.location) == [at(2, 1), at(3, 1)])
    }

    @Test func keysWithAnchorsTagsAndUnicode() throws {
        let anchored = LocatedNode.parse(yaml: "&k key: 1\n!!str key: 2\nkey: 3\n", file: "s.yaml")
        #expect(anchored.0?.mapping?.keys == ["key", "key", "key"])
        #expect(anchored.1.map(\.location) == [at(2, 1), at(3, 1)])
        let unicode = LocatedNode.parse(yaml: "ö: {é: 1, é: 2}\n", file: "s.yaml")
        #expect(unicode.1.map(\.location) == [at(1, 11)])
        #expect(unicode.1.first?.notes.first?.location == at(1, 5))
    }

    @Test func anAliasedMappingIsReportedOnce() throws {
        let (node, diagnostics) = LocatedNode.parse(yaml: "k: &m {x: 1, x: 2}\nj: *m\n", file: "s.yaml")
        #expect(node?.mapping?["j"]?.mapping?.keys == ["x", "x"])
        #expect(diagnostics.map(\.location) == [at(1, 14)])
    }

    @Test func equalTextIsADuplicateEvenWhenYamsWouldDisagree() throws {
        // Yams compares keys by resolved tag too; we compare the text consumers look up.
        let (_, diagnostics) = LocatedNode.parse(yaml: "!foo 1: a\n1: b\n", file: "s.yaml")
        #expect(diagnostics.map(\.location) == [at(2, 1)])
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let (node, diagnostics) = LocatedNode.parse(yaml: "\u{FEFF}a: 1\na: 2\n", file: "s.yaml")
        #expect(node?.mapping?.entries.map(\.key.location) == [at(1, 1), at(2, 1)])
        #expect(diagnostics.map(\.location) == [at(2, 1)])
        #expect(diagnostics.first?.notes.first?.location == at(1, 1))
    }

    @Test func keysYamsCannotBeMadeDistinctStillGiveADiagnostic() throws {
        // Block scalar keys cannot be rewritten (see YAMLKeyMarkers): we fall
        // back to Yams's own report, at the first occurrence, and no tree.
        let (node, diagnostics) = LocatedNode.parse(yaml: "? |\n  a\n: 1\n? |\n  a\n: 2\n", file: "s.yaml")
        #expect(node == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == .keyDuplicate)
        #expect(diagnostics.first?.location == at(1, 3))
        #expect(
            diagnostics.first?.message == "duplicate key `a\\n` in this mapping; each key may appear only once, "
                + "remove or merge the repeats")
    }

    @Test func unicodeLineBreaks() throws {
        // The marker that gets a duplicate past Yams goes where libyaml's line and column say, counting
        // U+2028, U+2029 and NEL as line breaks (a marker put elsewhere broke the text: a bogus syntax error).
        let yaml = "x: 1\u{2028}a: 1\u{2029}a: 2\u{85}b: 1\nb: 2\n"
        let (node, diagnostics) = LocatedNode.parse(yaml: yaml, file: "s.yaml")
        #expect(node?.mapping?.keys == ["x", "a", "a", "b", "b"])
        #expect(diagnostics.map(\.id) == [.keyDuplicate, .keyDuplicate])
        #expect(diagnostics.map(\.location) == [at(3, 1), at(5, 1)])
        #expect(diagnostics.map { $0.notes.first?.location } == [at(2, 1), at(4, 1)])
    }

    @Test func crlfLineEndings() throws {
        let (_, diagnostics) = LocatedNode.parse(yaml: "k: 1\r\nj: 2\r\nk: 3\r\n", file: "s.yaml")
        #expect(diagnostics.map(\.location) == [at(3, 1)])
        #expect(diagnostics.first?.notes.first?.location == at(1, 1))
    }
}
