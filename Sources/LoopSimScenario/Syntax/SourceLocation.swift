/// A position in a scenario source file.
///
/// Lines and columns are 1-based. Columns count Unicode scalars (not bytes,
/// not grapheme clusters), which is how libyaml (and therefore Yams) counts
/// them; a tab is one column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the file, as given to the parser (printed verbatim).
    public var file: String
    /// The 1-based line number.
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
    /// Splits `text` into lines the way libyaml counts them: `\n`, `\r\n` and a
    /// lone `\r` each end a line. Line terminators are not included. A final
    /// terminator does not start an extra line. A leading byte order mark is
    /// dropped (the parser drops it too, so columns agree).
    static func lines(of text: String) -> [Substring.UnicodeScalarView] {
        let scalars = Substring(text).unicodeScalars
        var result: [Substring.UnicodeScalarView] = []
        var start = scalars.first == "\u{FEFF}" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
        var index = start
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
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
