/// The words docs/scenario-format.md gives each key and step, for the schema's `description`s (what an editor shows
/// on hover), taken from the doc's checked tables (``CheckedTables``): the doc is their one source.
///
/// `loopsim schema --words-from docs/scenario-format.md -o Sources/LoopSimScenario` writes them as one file a doc
/// section, `ScenarioSchemaWords+SECTION.swift` (the section of the table each word comes from), and the list of
/// them, `ScenarioSchemaWords+Sections.swift` (``sourceFiles(fromDoc:)``); `scripts/schema.sh` runs it and compiles
/// them in, so that `loopsim schema` needs no doc at run time. `ScenarioSchemaTests` fails when a file is not what
/// the doc gives, or one the doc no longer gives is left. Each word is named by where it goes in a scenario:
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
    static func extract(from doc: String) -> [String: String] { collect(from: doc).words }

    /// Every word the doc gives, by name, with the 1-based line of the table it was taken from.
    static func collect(from doc: String) -> (words: [String: String], tableLine: [String: Int]) {
        let tables = CheckedTables(text: doc)
        var words: [String: String] = [:]
        var tableLine: [String: Int] = [:]
        func add(_ name: String, _ text: String, _ table: CheckedTables.Table) {
            if words[name] == nil, !text.isEmpty {
                words[name] = text
                tableLine[name] = table.line
            }
        }
        for table in tables.tables("top-level-keys") {
            for row in table.rows {
                let meaning = row.cell("meaning", of: table) ?? ""
                let type = row.cell("type", of: table).map { "type: \($0)" }
                let value = row.cell("default", of: table).map { "default: \($0)" }
                let detail = [type, value].compactMap { $0 }.joined(separator: "; ")
                for name in row.names {
                    add("top/\(name.text)", detail.isEmpty ? meaning : "\(meaning) (\(detail))", table)
                }
            }
        }
        for (kind, prefix) in keyTables {
            for table in tables.tables(kind) {
                for row in table.rows {
                    for name in row.names { add("\(prefix)/\(name.text)", row.cells.last ?? "", table) }
                }
            }
        }
        for table in tables.tables("log-checks") {
            for row in table.rows {
                let value = row.cell("value", of: table) ?? ""
                let passes = row.cell("passes when", of: table) ?? ""
                for name in row.names { add("logCheck/\(name.text)", "\(value); passes when \(passes)", table) }
            }
        }
        for table in tables.tables("steps") {
            for row in table.rows {
                let models = row.cell("models", of: table) ?? ""
                let semantics = row.cell("semantics", of: table) ?? ""
                let parts = row.cell("extra keys", of: table).map(keyParts) ?? []
                for verb in row.names {
                    add("step/\(verb.text)", "\(row.cells[0]) — \(models). \(semantics)", table)
                    for (key, part) in parts {
                        let text = "\(part) (a key of `\(verb.text):`, which models \(models))"
                        add("step/\(verb.text)/\(key)", text, table)
                    }
                }
            }
        }
        // A timer's keys have a table of their own (docs/scenario-format.md §7.3); their words win over the cell's.
        for verb in ["scheduledTimer", "timer"] {
            for key in ScenarioCompiler.timerKeys {
                guard let text = words["timer/\(key)"] else { continue }
                let name = "step/\(verb)/\(key)"
                words[name] = text
                if tableLine[name] == nil { tableLine[name] = tableLine["timer/\(key)"] }
            }
        }
        return (words, tableLine)
    }

    /// A doc section's words: the section's heading (without its `#`s), the name its file and constant take from
    /// it (``slug(_:)``), and its words by name.
    struct Section {
        let heading: String
        let slug: String
        var words: [String: String]
    }

    /// The doc's words grouped by the section (the nearest `#` heading above) of the table each was taken from, in
    /// the doc's order; sections whose headings make one slug are one.
    static func sections(fromDoc doc: String) -> [Section] {
        let (words, tableLine) = collect(from: doc)
        var headingAt: [(line: Int, text: String)] = []
        var inFence = false  // a `#` line in a fenced code block (a YAML comment) is not a heading
        for (i, line) in doc.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            if !inFence, line.hasPrefix("#") { headingAt.append((i + 1, trimmed(String(line.drop { $0 == "#" })))) }
        }
        var sections: [Section] = []
        for name in words.keys.sorted(by: { (tableLine[$0]!, $0) < (tableLine[$1]!, $1) }) {
            let heading = headingAt.last { $0.line < tableLine[name]! }?.text ?? "Preamble"
            let slug = slug(heading)
            if let i = sections.firstIndex(where: { $0.slug == slug }) {
                sections[i].words[name] = words[name]
            } else {
                sections.append(Section(heading: heading, slug: slug, words: [name: words[name]!]))
            }
        }
        return sections
    }

    /// A heading as a Swift type-name piece: its text before the first `:` outside backticks, without its number,
    /// backticks and punctuation, each word capitalised (`7.5.1 Port-based sources and streams` →
    /// `PortBasedSourcesAndStreams`, ``9. `expect:` `` → `Expect`).
    static func slug(_ heading: String) -> String {
        var text = ""
        var inCode = false
        for c in heading {
            if c == "`" {
                inCode.toggle()
                continue
            }
            if c == ":" && !inCode { break }
            text.append(c)
        }
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "'") }.map { $0.filter { $0 != "'" } }
        return words.drop { $0.allSatisfy(\.isNumber) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The first line of every file ``sourceFiles(fromDoc:)`` makes: a `.swift` file in the words' directory that
    /// starts with it and is not one of them is a stale one.
    static let marker = "// Generated by `loopsim schema --words-from docs/scenario-format.md`"

    /// The files `loopsim schema --words-from` writes into Sources/LoopSimScenario, by name: one a section
    /// (``sections(fromDoc:)``), then `ScenarioSchemaWords+Sections.swift`, which lists them.
    static func sourceFiles(fromDoc doc: String) -> [(name: String, text: String)] {
        let sections = sections(fromDoc: doc)
        precondition(!sections.contains { $0.slug == "Sections" }, "a doc section named Sections")
        var files = sections.map { ("ScenarioSchemaWords+\($0.slug).swift", swiftSource($0)) }
        var index = """
            \(marker) (scripts/schema.sh): the
            // list of the doc's sections that have words. Do not edit; change the doc and run scripts/schema.sh.

            extension ScenarioSchemaWords {
                /// Each section's words (``records(_:)``), in the doc's order: ``ScenarioSchema`` reads them.
                static let sectionTexts: [String] = [

            """
        for section in sections { index += "        \(constant(section)),\n" }
        index += "    ]\n}\n"
        files.append(("ScenarioSchemaWords+Sections.swift", index))
        return files
    }

    /// The name of a section's constant: `topLevelKeysWords`.
    static func constant(_ section: Section) -> String {
        section.slug.prefix(1).lowercased() + section.slug.dropFirst() + "Words"
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

    /// The Swift source of a section's file: its words as ``records(_:)`` in a raw string.
    static func swiftSource(_ section: Section) -> String {
        var out = """
            \(marker) (scripts/schema.sh) from the
            // doc's checked tables in its section "\(section.heading)":
            // do not edit; change the doc and run scripts/schema.sh. ScenarioSchemaTests checks it.

            extension ScenarioSchemaWords {
                /// The words docs/scenario-format.md's section gives each key and step there, by name.
                static let \(constant(section)) = #\"\"\"

            """
        for line in records(section.words) { out += "        \(line)\n" }
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

    /// Reads ``records(_:)`` lines (a section's text, or several joined) back into words by name.
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
