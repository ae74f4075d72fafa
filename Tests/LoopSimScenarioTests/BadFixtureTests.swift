import Foundation
import LoopSimScenario
import Testing

/// Every file in `Fixtures/bad/` names the diagnostics it must get in its first comment lines:
///
/// ```yaml
/// # expect: key.duplicate 7:1      (the first diagnostic: id, line, column)
/// # also: duration.negative 9:12   (each further diagnostic, in source order)
/// # note: 5:1                      (the first diagnostic's note, when it has one)
/// # what the file shows
/// ```
///
/// The test loads each file and checks that exactly these diagnostics come out, in this order, that a file
/// with an error yields no scenario (and a file with only warnings yields one), and that every diagnostic
/// renders as `path:line:col: severity: message [id]`, the source line, and a caret under the column.
@Suite struct BadFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bad")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    struct Pinned: Equatable, CustomStringConvertible {
        var id: String
        var line: Int
        var column: Int
        var description: String { "\(id) \(line):\(column)" }
    }

    /// The `# expect:` / `# also:` diagnostics and the `# note:` positions at the top of a fixture.
    static func header(_ text: String) -> (pinned: [Pinned], notes: [(Int, Int)]) {
        var pinned: [Pinned] = []
        var notes: [(Int, Int)] = []
        func position(_ text: Substring) -> (Int, Int)? {
            let parts = text.split(separator: ":")
            guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
            return (line, column)
        }
        for line in text.split(separator: "\n").prefix { $0.hasPrefix("#") } {
            let words = line.split(separator: " ")
            if words.count == 4, words[1] == "expect:" || words[1] == "also:", let (l, c) = position(words[3]) {
                pinned.append(Pinned(id: String(words[2]), line: l, column: c))
            } else if words.count == 3, words[1] == "note:", let (l, c) = position(words[2]) {
                notes.append((l, c))
            }
        }
        return (pinned, notes)
    }

    /// The fixture's lines as libyaml numbers them: LF, CR, NEL, LINE SEPARATOR (U+2028) and PARAGRAPH
    /// SEPARATOR (U+2029) each end a line (`IS_BREAK` in libyaml's `yaml_private.h`), CR LF ends one; a final
    /// break does not start another line; a leading byte order mark is not part of line 1. Written out here
    /// rather than taken from the loader, so that a loader splitting lines otherwise prints a line that differs.
    static func libyamlLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        for scalar in scalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }
            if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    /// A line of at most 160 scalars is quoted whole, the caret under the column. A longer one is quoted as the
    /// 160 scalars of a window that holds the column, with `…` before and after where the line goes on, and the
    /// caret under the same scalar of the line.
    static func expectQuote(
        _ quoted: Substring, caret: Substring, of line: String, column: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(caret.hasSuffix("^"), sourceLocation: sourceLocation)
        let source = Array(line.unicodeScalars), shown = Array(quoted.unicodeScalars)
        let caretColumn = caret.unicodeScalars.count
        guard source.count > 160 else {
            #expect(quoted == line, sourceLocation: sourceLocation)
            #expect(caretColumn == column, sourceLocation: sourceLocation)
            return
        }
        let lead = shown.first == "…" ? 1 : 0, trail = shown.last == "…" ? 1 : 0
        let start = column - caretColumn + lead  // the line's scalars before the window
        #expect(shown.count - lead - trail == 160, "a window of 160", sourceLocation: sourceLocation)
        #expect((lead == 1) == (start > 0) && start >= 0 && start + 160 <= source.count, sourceLocation: sourceLocation)
        guard start >= 0, start + 160 <= source.count else { return }
        #expect(
            Array(shown[lead..<(shown.count - trail)]) == Array(source[start..<(start + 160)]),
            sourceLocation: sourceLocation)
        #expect((trail == 1) == (start + 160 < source.count), sourceLocation: sourceLocation)
        #expect(
            (start..<(start + 160)).contains(column - 1) || column - 1 >= source.count,
            "the column is in the window", sourceLocation: sourceLocation)
    }

    /// A line of 200,000 characters (it was printed whole), 20,000 steps in one flow list, with an error at its end:
    /// quoted as the 160 characters before the end of the line, cut at the front only.
    @Test func aLineOf200000CharactersIsQuotedAsAWindow() throws {
        let text = "name: x\nmain: [" + String(repeating: "{log: a}, ", count: 20_000) + "{lgo: b}]\n"
        let loaded = ScenarioLoader.load(text: text, file: "long.yaml")
        let d = try #require(loaded.diagnostics.first { $0.id.rawValue == "step.unknown" })
        #expect(d.location.line == 2 && d.location.column == 200_009)
        let rendered = DiagnosticPrinter().render(d, source: text)
            .split(separator: "\n", omittingEmptySubsequences: false)
        try #require(rendered.count >= 3)
        #expect(rendered[1].hasPrefix("…") && rendered[1].hasSuffix(", {lgo: b}]"))
        Self.expectQuote(rendered[1], caret: rendered[2], of: Self.libyamlLines(text)[1], column: d.location.column)
    }

    @Test func thereAreAtLeastFortyBadFiles() {
        #expect(Self.files.count >= 40)
        // and they cover every diagnostic id this issue asked for
        let ids = Set(
            Self.files.compactMap { name -> String? in
                let text = try? String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
                return text.map { Self.header($0).pinned.map(\.id) }?.first
            })
        for id in [
            "yaml.syntax", "key.duplicate", "key.unknown", "type.mismatch", "duration.bare-number",
            "duration.negative", "duration.overflow", "name.undefined", "mode.unknown", "variant.unknown",
            "flag.invalid", "expr.type", "class.cyclic-init", "expect.figure", "thread.unknown",
        ] {
            #expect(ids.contains(id), "no fixture pins \(id)")
        }
    }

    @Test(arguments: files)
    func fixtureGetsExactlyItsDiagnostics(name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        let (pinned, notes) = Self.header(text)
        try #require(!pinned.isEmpty, "\(name) has no `# expect:` line")
        let path = "Fixtures/bad/\(name)"
        let loaded = ScenarioLoader.load(text: text, file: path)
        let got = loaded.diagnostics.map {
            Pinned(id: $0.id.rawValue, line: $0.location.line, column: $0.location.column)
        }
        #expect(got == pinned, "\(loaded.diagnostics.map(\.description).joined(separator: "\n"))")
        let hasError = loaded.diagnostics.contains { $0.severity == .error }
        #expect(hasError == (loaded.scenario == nil))
        if !notes.isEmpty, let first = loaded.diagnostics.first {
            #expect(first.notes.map { [$0.location.line, $0.location.column] } == notes.map { [$0.0, $0.1] })
        }
        let sourceLines = Self.libyamlLines(text)
        for d in loaded.diagnostics {
            let rendered = DiagnosticPrinter().render(d, source: text).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(
                rendered.first
                    == "\(path):\(d.location.line):\(d.location.column): \(d.severity.rawValue): \(d.message) [\(d.id.rawValue)]"
            )
            guard d.location.line <= sourceLines.count else { continue }
            try #require(rendered.count >= 3, "no source line printed for \(d)")
            Self.expectQuote(
                rendered[1], caret: rendered[2], of: sourceLines[d.location.line - 1],
                column: d.location.column)
        }
    }
}
