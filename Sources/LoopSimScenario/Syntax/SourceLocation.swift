/// A position in a scenario source file.
///
/// Lines and columns are 1-based. Columns count Unicode scalars (not bytes,
/// not grapheme clusters), which is how libyaml (and therefore Yams) counts
/// them; a tab is one column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file, as given to the parser (printed verbatim).
    public var file: String
    /// The 1-based line number, lines counted as libyaml counts them (``lines(of:)``).
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - file: The path of the file, printed verbatim in diagnostics.
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column, counted in Unicode scalars.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Orders locations by file path, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `file:line:column`, the form editors and terminals recognise.
    public var description: String {
        "\(file):\(line):\(column)"
    }
}

extension SourceLocation {
    /// Whether libyaml ends a line at `scalar`: LF, CR, NEL (U+0085), LINE
    /// SEPARATOR (U+2028) or PARAGRAPH SEPARATOR (U+2029) — YAML 1.1's line
    /// breaks (`IS_BREAK` in libyaml). A CR right before an LF ends one line,
    /// not two. After any of them libyaml's column starts again at 1, in every
    /// context: plain and quoted scalars, block scalars, comments.
    public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// Splits `text` into lines the way libyaml counts them (the lines that
    /// diagnostics' line numbers refer to): each ``isLineBreak(_:)`` scalar ends
    /// a line, and so does `\r\n`. Line terminators are not included. A final
    /// terminator does not start an extra line. A leading byte order mark is
    /// dropped (the parser drops it too, so columns agree).
    public static func lines(of text: String) -> [Substring.UnicodeScalarView] {
        let scalars = Substring(text).unicodeScalars
        var result: [Substring.UnicodeScalarView] = []
        var start = scalars.first == "\u{FEFF}" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
        var index = start
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if isLineBreak(scalar) {
                result.append(scalars[start..<index])
                var next = scalars.index(after: index)
                if scalar == "\r", next != scalars.endIndex, scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                index = next
                start = next
            } else {
                index = scalars.index(after: index)
            }
        }
        if start != scalars.endIndex {
            result.append(scalars[start..<scalars.endIndex])
        }
        return result
    }
}
