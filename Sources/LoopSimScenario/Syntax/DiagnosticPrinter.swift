/// Renders diagnostics for people, in the style of compilers:
///
/// ```text
/// scenario.yaml:3:5: error: unknown key `untill` in timer `t1`; did you mean `until`? [key.unknown]
///     untill: 2s
///     ^
/// scenario.yaml:2:5: note: the timer starts here
///     every: 1s
///     ^
/// ```
///
/// The source line is printed as it is; the caret line repeats every tab of
/// the source line before the column (other characters become spaces), so the
/// caret lines up in any terminal. Columns are Unicode scalars. If the line
/// does not exist in the source text, the snippet is left out.
///
/// A line longer than ``lineWindow`` characters (a minified flow mapping, a
/// 200,000-character value) is quoted as a window of that many characters
/// around the column, with `…` where the line was cut; the caret points at the
/// same character.
public struct DiagnosticPrinter: Sendable {
    /// The longest line quoted whole, in Unicode scalars; a longer one is
    /// quoted as this many scalars around the column.
    public static let lineWindow = 160

    /// Whether to colour the output with ANSI escape sequences.
    public var color: Bool

    /// Creates a printer.
    /// - Parameter color: Whether to colour the output with ANSI escape
    ///   sequences (only for terminals; off by default).
    public init(color: Bool = false) {
        self.color = color
    }

    /// Renders one diagnostic and its notes, cutting snippets from `source`.
    ///
    /// Snippets are shown for every location whose file is the diagnostic's
    /// own file. The result has no trailing newline.
    /// - Parameters:
    ///   - diagnostic: The diagnostic to render.
    ///   - source: The text of the diagnostic's file, or `nil` for no snippets.
    public func render(_ diagnostic: Diagnostic, source: String?) -> String {
        let file = diagnostic.location.file
        return render(diagnostic) { $0 == file ? source : nil }
    }

    /// Renders several diagnostics, one after another, separated by newlines.
    /// - Parameters:
    ///   - diagnostics: The diagnostics to render, in the order given.
    ///   - source: The text of the diagnostics' file, or `nil` for no snippets.
    public func render(_ diagnostics: [Diagnostic], source: String?) -> String {
        diagnostics.map { render($0, source: source) }.joined(separator: "\n")
    }

    /// Renders one diagnostic and its notes, asking `sources` for the text of
    /// each file a location refers to (notes may point into other files).
    /// - Parameters:
    ///   - diagnostic: The diagnostic to render.
    ///   - sources: Returns the text of a file given its path, or `nil`.
    public func render(_ diagnostic: Diagnostic, sources: (String) -> String?) -> String {
        var cache: [String: [Substring.UnicodeScalarView]] = [:]
        func lines(_ file: String) -> [Substring.UnicodeScalarView]? {
            if let cached = cache[file] { return cached }
            guard let text = sources(file) else { return nil }
            let split = SourceLocation.lines(of: text)
            cache[file] = split
            return split
        }
        var out: [String] = []
        out.append(header(diagnostic.location, diagnostic.severity, diagnostic.message, id: diagnostic.id))
        out.append(contentsOf: snippet(at: diagnostic.location, lines: lines(diagnostic.location.file)))
        for note in diagnostic.notes {
            out.append(header(note.location, .note, note.message, id: nil))
            out.append(contentsOf: snippet(at: note.location, lines: lines(note.location.file)))
        }
        return out.joined(separator: "\n")
    }

    // MARK: - Pieces

    private func header(
        _ location: SourceLocation, _ severity: Diagnostic.Severity, _ message: String, id: DiagnosticID?
    ) -> String {
        let suffix = id.map { " [\($0.rawValue)]" } ?? ""
        guard color else {
            return "\(location): \(severity.rawValue): \(message)\(suffix)"
        }
        let label = Self.severityColor(severity) + severity.rawValue + ":" + Self.reset
        return Self.bold + "\(location): " + Self.reset + label + Self.bold + " \(message)" + Self.reset
            + (suffix.isEmpty ? "" : Self.dim + suffix + Self.reset)
    }

    private func snippet(at location: SourceLocation, lines: [Substring.UnicodeScalarView]?) -> [String] {
        guard let lines, location.line >= 1, location.line <= lines.count else { return [] }
        let line = lines[location.line - 1]
        let caretOffset = max(0, location.column - 1)  // scalars before the caret's
        var window = line.startIndex..<line.endIndex
        var cutBefore = false, cutAfter = false
        let count = line.count
        if count > Self.lineWindow {
            // Centred on the column, moved back inside the line at either end.
            let start = min(max(0, caretOffset - Self.lineWindow / 2), count - Self.lineWindow)
            let lower = line.index(line.startIndex, offsetBy: start)
            window = lower..<line.index(lower, offsetBy: Self.lineWindow)
            cutBefore = start > 0
            cutAfter = window.upperBound != line.endIndex
        }
        var padding = String.UnicodeScalarView()
        if cutBefore { padding.append(" ") }  // under the `…`
        var index = window.lowerBound
        for _ in line.distance(from: line.startIndex, to: window.lowerBound)..<caretOffset {
            if index != line.endIndex, line[index] == "\t" {
                padding.append("\t")
            } else {
                padding.append(" ")
            }
            if index != line.endIndex { index = line.index(after: index) }
        }
        let caret = color ? Self.green + "^" + Self.reset : "^"
        let quoted = (cutBefore ? "…" : "") + String(String.UnicodeScalarView(line[window])) + (cutAfter ? "…" : "")
        return [quoted, String(padding) + caret]
    }

    // MARK: - ANSI

    private static let reset = "\u{1B}[0m"
    private static let bold = "\u{1B}[1m"
    private static let dim = "\u{1B}[2m"
    private static let green = "\u{1B}[1;32m"

    private static func severityColor(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: return "\u{1B}[1;31m"
        case .warning: return "\u{1B}[1;35m"
        case .note: return "\u{1B}[1;36m"
        }
    }
}
