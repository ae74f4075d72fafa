/// The words docs/scenario-format.md gives each key and step, for the schema's `description`s (what an editor shows
/// on hover), taken from the doc's checked tables (``CheckedTables``): the doc is their one source.
///
/// `loopsim schema --words-from docs/scenario-format.md` prints them as `ScenarioSchema+Words.swift`, which
/// `scripts/schema.sh` writes and compiles in, so that `loopsim schema` needs no doc at run time; `ScenarioSchemaTests`
/// fails when that file is not what the doc gives. Each word is named by where it goes in a scenario:
///
/// | name | words |
/// | --- | --- |
/// | `top/KEY` | a top-level key's `meaning`, with its `type` and `default` |
/// | `class/KEY`, `proxy/KEY`, `user/KEY`, `gesture/KEY`, `appDelegate/KEY`, `range/KEY` | the key's last cell |
/// | `figure/NAME`, `logCheck/KEY` | an `expect:` figure's or log check's last cell |
/// | `step/VERB` | the step's first cell, what it `models` and its `semantics` |
/// | `step/VERB/KEY` | a timer's key: its `timer-keys` row; else the part of the step's `extra keys` cell that |
/// | | names `KEY:`, and what the step `models` |
enum ScenarioSchemaWords {
    /// The key tables whose rows describe one key each: the table's kind, the prefix of its words' names, and the
    /// columns that make the words (the last column when none is named).
    static let keyTables: [(kind: String, prefix: String)] = [
        ("class-keys", "class"), ("proxy-keys", "proxy"), ("user-action-keys", "user"), ("gesture-keys", "gesture"),
        ("app-delegate-callbacks", "appDelegate"), ("range-keys", "range"), ("figures", "figure"),
        ("timer-keys", "timer"), ("invocation-keys", "invocation"),
    ]

    /// Every word the doc gives, by name (see the type's table).
    static func extract(from doc: String) -> [String: String] {
        let tables = CheckedTables(text: doc)
        var words: [String: String] = [:]
        func add(_ name: String, _ text: String) {
            if words[name] == nil, !text.isEmpty { words[name] = text }
        }
        for table in tables.tables("top-level-keys") {
            for row in table.rows {
                let meaning = row.cell("meaning", of: table) ?? ""
                let type = row.cell("type", of: table).map { "type: \($0)" }
                let value = row.cell("default", of: table).map { "default: \($0)" }
                let detail = [type, value].compactMap { $0 }.joined(separator: "; ")
                for name in row.names { add("top/\(name.text)", detail.isEmpty ? meaning : "\(meaning) (\(detail))") }
            }
        }
        for (kind, prefix) in keyTables {
            for table in tables.tables(kind) {
                for row in table.rows { for name in row.names { add("\(prefix)/\(name.text)", row.cells.last ?? "") } }
            }
        }
        for table in tables.tables("log-checks") {
            for row in table.rows {
                let value = row.cell("value", of: table) ?? ""
                let passes = row.cell("passes when", of: table) ?? ""
                for name in row.names { add("logCheck/\(name.text)", "\(value); passes when \(passes)") }
            }
        }
        for table in tables.tables("steps") {
            for row in table.rows {
                let models = row.cell("models", of: table) ?? ""
                let semantics = row.cell("semantics", of: table) ?? ""
                let parts = row.cell("extra keys", of: table).map(keyParts) ?? []
                for verb in row.names {
                    add("step/\(verb.text)", "\(row.cells[0]) — \(models). \(semantics)")
                    for (key, part) in parts {
                        add("step/\(verb.text)/\(key)", "\(part) (a key of `\(verb.text):`, which models \(models))")
                    }
                }
            }
        }
        // A timer's keys have a table of their own (docs/scenario-format.md §7.3); their words win over the cell's.
        for verb in ["scheduledTimer", "timer"] {
            for key in ScenarioCompiler.timerKeys {
                if let text = words["timer/\(key)"] { words["step/\(verb)/\(key)"] = text }
            }
        }
        return words
    }

    /// The parts of an `extra keys` cell, split at the commas outside backticks and parentheses, each with the first
    /// backticked `key:` it names, in order (a key named by several parts keeps the first).
    static func keyParts(_ cell: String) -> [(String, String)] {
        var parts: [String] = []
        var current = ""
        var inCode = false
        var depth = 0
        for c in cell {
            switch c {
            case "`": inCode.toggle()
            case "(" where !inCode: depth += 1
            case ")" where !inCode: depth = max(0, depth - 1)
            case "," where !inCode && depth == 0:
                parts.append(trimmed(current))
                current = ""
                continue
            default: break
            }
            current.append(c)
        }
        parts.append(trimmed(current))
        var named: [(String, String)] = []
        for part in parts {
            for key in CheckedTables.keys(in: part) where !named.contains(where: { $0.0 == key }) {
                named.append((key, part))
            }
        }
        return named
    }

    /// The Swift source of `ScenarioSchema+Words.swift`: `words` as ``records(_:)`` in a raw string.
    static func swiftSource(_ words: [String: String]) -> String {
        var out = """
            // Generated by `loopsim schema --words-from docs/scenario-format.md` (scripts/schema.sh) from the doc's
            // checked tables: do not edit; change the doc and run scripts/schema.sh. ScenarioSchemaTests checks it.

            extension ScenarioSchema {
                /// The words docs/scenario-format.md gives each key and step (``ScenarioSchemaWords``), by name.
                static let wordsText = #\"\"\"

            """
        for line in records(words) { out += "        \(line)\n" }
        out += "        \"\"\"#\n}\n"
        return out
    }

    /// `words` as lines, by name: each a `== NAME` line, then the words wrapped at spaces into lines of at most 100
    /// characters (``parse(_:)`` joins them with one space).
    static func records(_ words: [String: String]) -> [String] {
        words.keys.sorted().flatMap { ["== \($0)"] + wrap(words[$0]!, width: 100) }
    }

    /// `text` in lines of at most `width` characters where it has spaces to break at, each break taking one space.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text)
        while rest.count > width {
            let head = rest.prefix(width + 1)
            guard let space = head.lastIndex(of: " ") ?? rest.firstIndex(of: " ") else { break }
            lines.append(String(rest[..<space]))
            rest = rest[rest.index(after: space)...]
        }
        lines.append(String(rest))
        return lines
    }

    /// Reads `ScenarioSchema.wordsText` back into words by name.
    static func parse(_ text: String) -> [String: String] {
        var words: [String: String] = [:]
        var name: String?
        var lines: [Substring] = []
        func flush() {
            if let name { words[name] = lines.joined(separator: " ") }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                flush()
                name = String(line.dropFirst(3))
            } else if name != nil, !line.isEmpty || !lines.isEmpty {
                lines.append(line)
            }
        }
        flush()
        return words
    }

    /// `text` without leading and trailing spaces.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
