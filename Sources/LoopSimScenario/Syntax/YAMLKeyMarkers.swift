/// Works around Yams refusing duplicate mapping keys.
///
/// Yams 6.2.2 composes a mapping and then throws
/// `YamlError.duplicatedKeysInMapping` if two keys are equal, without the
/// tree and with only the position of the *first* occurrence of one
/// duplicated key; there is no option to turn the check off and no public
/// event-level API. So the parser rewrites the source: it inserts a unique
/// marker (private-use characters around a serial number) at the start of the
/// reported key's text, which makes that key distinct, and parses again,
/// until Yams accepts the text. Every position Yams reports for the rewritten
/// text is mapped back to the original text with ``originalPosition(line:column:)``
/// and markers are removed from scalar texts with ``strip(_:)``. The parser
/// then finds all duplicates itself on the complete tree.
struct YAMLKeyMarkers {
    /// One inserted marker, in the coordinates of the text it was inserted into.
    private struct Insertion {
        var line: Int
        var column: Int
        var marker: String
        var length: Int
    }

    /// The rewritten text that is given to Yams.
    private(set) var text: String
    private var insertions: [Insertion] = []

    /// Starts with the original text.
    init(_ text: String) {
        self.text = text
    }

    /// Whether any marker has been inserted.
    var isEmpty: Bool { insertions.isEmpty }

    /// The number of markers inserted so far.
    var count: Int { insertions.count }

    /// Inserts a marker into the key whose node starts at the 1-based
    /// `line`/`column` of the current ``text``. Returns `false` if the node
    /// there cannot be made distinct safely (an alias, a block scalar, an
    /// empty key), in which case the text is unchanged.
    mutating func insertMarker(line: Int, column: Int) -> Bool {
        var scalars = text.unicodeScalars
        guard var index = Self.index(in: scalars, line: line, column: column) else { return false }
        var insertColumn = column
        func at(_ i: String.UnicodeScalarView.Index) -> Unicode.Scalar? {
            i == scalars.endIndex ? nil : scalars[i]
        }
        func advance() {
            index = scalars.index(after: index)
            insertColumn += 1
        }
        // Skip node properties: anchors (&a) and tags (!t), each followed by blanks.
        while let scalar = at(index), scalar == "&" || scalar == "!" {
            while let next = at(index), !Self.isBlankOrBreak(next) { advance() }
            while let next = at(index), next == " " || next == "\t" { advance() }
        }
        guard let first = at(index) else { return false }
        switch first {
        case "\"", "'", "[", "{":
            advance()
        case "*", "|", ">", "#", ",", "]", "}", "%", "@", "`":
            return false
        case "?", ":", "-":
            let next = scalars.index(after: index)
            if next == scalars.endIndex || Self.isBlankOrBreak(scalars[next]) { return false }
        default:
            if Self.isBlankOrBreak(first) { return false }
        }
        let marker = "\u{E000}\(insertions.count)\u{E001}"
        scalars.insert(contentsOf: marker.unicodeScalars, at: index)
        text = String(scalars)
        insertions.append(
            Insertion(line: line, column: insertColumn, marker: marker, length: marker.unicodeScalars.count)
        )
        return true
    }

    /// Maps a 1-based position in the rewritten ``text`` back to the original text.
    func originalPosition(line: Int, column: Int) -> (line: Int, column: Int) {
        var column = column
        for insertion in insertions.reversed() where insertion.line == line && column > insertion.column {
            column = max(insertion.column, column - insertion.length)
        }
        return (line, column)
    }

    /// Removes inserted markers from a scalar's text.
    func strip(_ scalarText: String) -> String {
        guard !insertions.isEmpty, scalarText.unicodeScalars.contains("\u{E000}") else { return scalarText }
        var result = scalarText
        for insertion in insertions where result.contains(insertion.marker) {
            result = result.replacing(insertion.marker, with: "")
        }
        return result
    }

    private static func isBlankOrBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || SourceLocation.isLineBreak(scalar)
    }

    /// The index of the scalar at a 1-based line and column, counting lines
    /// as libyaml does (``SourceLocation/isLineBreak(_:)``, `\r\n` as one).
    /// `nil` if out of range.
    static func index(
        in scalars: String.UnicodeScalarView, line: Int, column: Int
    ) -> String.UnicodeScalarView.Index? {
        var index = scalars.startIndex
        var currentLine = 1
        while currentLine < line {
            guard index != scalars.endIndex else { return nil }
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if SourceLocation.isLineBreak(scalar) {
                if scalar == "\r", index != scalars.endIndex, scalars[index] == "\n" {
                    index = scalars.index(after: index)
                }
                currentLine += 1
            }
        }
        for _ in 1..<max(1, column) {
            guard index != scalars.endIndex, !SourceLocation.isLineBreak(scalars[index]) else { return nil }
            index = scalars.index(after: index)
        }
        return index
    }
}
