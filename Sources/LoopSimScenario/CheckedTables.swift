import Foundation

/// The tables of a Markdown document marked with an HTML comment `checked: KIND` on the line above them.
///
/// docs/scenario-format.md declares the scenario format in such tables: `DocsAgreeWithCompilerTests` compares their
/// names with the compiler's tables, and ``ScenarioSchema`` takes their words for the schema's descriptions
/// (``ScenarioSchemaWords``).
struct CheckedTables {
    /// A name a row declares, with the 1-based line of its row.
    struct Name {
        let text: String
        let line: Int
        /// Whether it was written with an index (`leaks[N]`).
        let isList: Bool
    }

    struct Row {
        let line: Int
        /// The cells, trimmed, with `\|` read as `|`.
        let cells: [String]
        /// The cell under the column headed `header` in `table`, nil when the table has no such column.
        func cell(_ header: String, of table: Table) -> String? {
            table.header.firstIndex(of: header).flatMap { $0 < cells.count ? cells[$0] : nil }
        }
        /// The names its first cell declares: every backticked span, up to its first `:`, space, `[`, `{` or `.`.
        var names: [Name] {
            guard let first = cells.first else { return [] }
            return CheckedTables.spans(in: first).compactMap { span in
                let text = String(span.prefix { !":[{. ".contains($0) })
                return text.isEmpty
                    ? nil : Name(text: text, line: line, isList: span.dropFirst(text.count).hasPrefix("["))
            }
        }
    }

    struct Table {
        let kind: String
        /// The 1-based line of the marker.
        let line: Int
        let header: [String]
        let rows: [Row]
    }

    private(set) var tables: [Table] = []
    /// Markers not followed by a table.
    private(set) var problems: [String] = []

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        while i < lines.count {
            defer { i += 1 }
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- checked:"), line.hasSuffix("-->") else { continue }
            let kind = line.dropFirst("<!-- checked:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
            guard i + 2 < lines.count, lines[i + 1].hasPrefix("|"), lines[i + 2].hasPrefix("| ---") else {
                problems.append(
                    "line \(i + 1): `checked: \(kind)` is not followed by a table (a header and a `| --- |` line)")
                continue
            }
            let header = Self.cells(lines[i + 1])
            var rows: [Row] = []
            var j = i + 3
            while j < lines.count, lines[j].hasPrefix("|") {
                rows.append(Row(line: j + 1, cells: Self.cells(lines[j])))
                j += 1
            }
            tables.append(Table(kind: kind, line: i + 1, header: header, rows: rows))
        }
    }

    func tables(_ kind: String) -> [Table] { tables.filter { $0.kind == kind } }

    /// The cells of a table line; `\|` is a `|` inside a cell.
    static func cells(_ line: String) -> [String] {
        var body = Substring(line.replacingOccurrences(of: "\\|", with: "\u{1}"))
        if body.hasPrefix("|") { body = body.dropFirst() }
        if body.hasSuffix("|") { body = body.dropLast() }
        return body.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces)
        }
    }

    /// The text of every backticked span in a cell.
    static func spans(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    /// The keys a cell lists, each written as a backticked `key:`.
    static func keys(in cell: String) -> [String] {
        spans(in: cell).compactMap { span in
            guard span.hasSuffix(":") else { return nil }
            let key = span.dropLast()
            return !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? String(key) : nil
        }
    }
}
