/// Makes the Swift sources that ``eventCatalog`` stands for: the kernel's event vocabulary and the views'
/// phrases. Plain text in, plain text out; ``EventCatalogTests`` compares it with the files in the tree.
enum EventCodeGenerator {
    /// A generated file: its path from the package root and its text.
    struct File {
        var path: String
        var text: String
    }

    /// Every file the catalog makes, one a concept, each under ~600 lines (house style). The kernel's vocabulary
    /// is split by what it is, not by groups of kinds: Swift wants every case of an enum in its one declaration and
    /// every case of a switch in its one function, so the kinds, the body's cases, the fields' walk and the reading
    /// of a trace line are each whole in their own file.
    static func files(_ catalog: [EventDeclaration]) -> [File] {
        let events = "Sources/LoopSimKernel/Events/"
        return [
            File(path: events + "EventKind+Generated.swift", text: kinds(catalog)),
            File(path: events + "SimEvent+Generated.swift", text: bodies(catalog)),
            File(path: events + "SimEvent+FieldWalk+Generated.swift", text: fieldWalk(catalog)),
            File(path: events + "SimEvent+Reading+Generated.swift", text: traceReading(catalog)),
            File(path: "Sources/LoopSimReport/EventPhrases+Generated.swift", text: phrases(catalog)),
        ]
    }

    /// The line every file the catalog makes starts with after `// swift-format-ignore-file`: a file in `Sources`
    /// that carries it and is not in ``files(_:)`` is a stale one (``EventCatalogTests``).
    static let marker = "// Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift,"

    static let header = """
        // swift-format-ignore-file
        // Generated from Tests/LoopSimKernelTests/EventCatalog/EventCatalog.swift, where each event kind is declared
        // once: edit the catalog, then run `LOOPSIM_GENERATE_EVENTS=1 swift test --filter EventCatalogTests`, which
        // rewrites this file (the test fails while it differs from what the catalog makes). Do not edit by hand.

        """

    // MARK: The kernel's vocabulary

    /// ``EventKind`` and the name a trace line gives each kind.
    static func kinds(_ catalog: [EventDeclaration]) -> String {
        var out = header
        out += """

            /// The kind of a ``SimEvent``: one per ``SimEvent/Body`` case, with the name its trace line gives it
            /// (`ev`).
            public enum EventKind: UInt8, Sendable, Hashable, CaseIterable {

            """
        for e in catalog { out += "    case \(e.name)\n" }
        out += """

                /// The name the trace line gives the kind (`"ev"`): `timer.fire`, `rl.sleep`, … (both
                /// `objectAlloc` and `blockAlloc` are `obj.alloc`).
                public var name: StaticString {
                    switch self {

            """
        for e in catalog { out += "        case .\(e.name): \"\(e.trace)\"\n" }
        out += """
                    }
                }
            }

            """
        return out
    }

    /// ``SimEvent/Body``: one case a kind, with its typed fields, and its ``EventKind``.
    static func bodies(_ catalog: [EventDeclaration]) -> String {
        var out = header
        out += """

            extension SimEvent {
                /// What happened, with its typed fields. Names (threads, run loops, modes, objects, labels,
                /// messages) are ``Name``s of the run's ``NameTable``; instants and durations are integer
                /// nanoseconds.
                public enum Body: Sendable, Hashable {

            """
        for e in catalog {
            out += docComment("`\(e.trace)`: \(e.doc)", indent: 8)
            let params = e.fields.map { "\($0.label): \($0.shape.swiftType)" }
            out += call("case \(e.name)", params, indent: 8, empty: "case \(e.name)") + "\n"
        }
        out += """

                    /// The event's kind.
                    public var kind: EventKind {
                        switch self {

            """
        for e in catalog { out += "            case .\(e.name): .\(e.name)\n" }
        out += """
                        }
                    }
                }
            }

            """
        return out
    }

    /// ``SimEvent/Body/visitFields(_:)``: the walk of each kind's fields.
    static func fieldWalk(_ catalog: [EventDeclaration]) -> String {
        var out = header
        out += """

            extension SimEvent.Body {
                /// Hands each field to `visitor`, in the order the trace line writes them, with its JSON key: the
                /// one walk the JSON encoder, the fingerprint and the views share.
                @inline(__always)
                public func visitFields<V: EventFieldVisitor>(_ visitor: inout V) {
                    switch self {

            """
        for e in catalog {
            if e.fields.isEmpty {
                out += "        case .\(e.name): break\n"
                continue
            }
            out += call("case .\(e.name)", e.fields.map { "let \($0.label)" }, indent: 8, empty: "") + ":\n"
            for f in e.fields { out += "            visitor.\(f.shape)(\"\(f.key)\", \(f.label))\n" }
        }
        out += """
                    }
                }
            }

            """
        return out
    }

    /// ``SimEvent/Body/init(kind:reading:)``: the reading of a trace line, kind by kind.
    static func traceReading(_ catalog: [EventDeclaration]) -> String {
        var out = header
        out += """

            extension SimEvent.Body {
                /// Reads an event of kind `kind` (its JSON name) from `reader`, field by field.
                /// - Throws: what `reader` throws for a missing or mistyped field; ``EventReadError`` for an
                ///   unknown kind.
                public init<R: EventFieldReader>(kind: String, reading reader: inout R) throws {
                    switch kind {

            """
        var traces: [String] = []
        for e in catalog where !traces.contains(e.trace) { traces.append(e.trace) }
        for trace in traces {
            out += "        case \"\(trace)\":\n"
            let kinds = catalog.filter { $0.trace == trace }
            if kinds.count == 1 {
                out += reading(kinds[0], indent: 12)
                continue
            }
            // Kinds sharing a name are told apart by a key only the larger one has (`obj.alloc`'s `captures`).
            precondition(kinds.count == 2, "\(trace): at most two kinds share a trace name")
            let (small, large) =
                kinds[0].fields.count < kinds[1].fields.count
                ? (kinds[0], kinds[1]) : (kinds[1], kinds[0])
            guard let key = large.fields.map(\.key).first(where: { k in !small.fields.contains { $0.key == k } }) else {
                preconditionFailure("\(trace): its kinds need a key that tells them apart")
            }
            out += "            if reader.has(\"\(key)\") {\n" + reading(large, indent: 16)
            out += "            } else {\n" + reading(small, indent: 16) + "            }\n"
        }
        out += """
                    default:
                        throw EventReadError(message: "unknown event kind '\\(kind)'")
                    }
                }
            }

            """
        return out
    }

    /// `self = .kind(label: try reader.shape("key"), …)`.
    private static func reading(_ e: EventDeclaration, indent: Int) -> String {
        let arguments = e.fields.map { "\($0.label): try reader.\($0.shape)(\"\($0.key)\")" }
        return call("self = .\(e.name)", arguments, indent: indent, empty: "self = .\(e.name)") + "\n"
    }

    // MARK: The views' phrases

    /// `EventPhrases.describe`, one case a kind with a phrase, the others together.
    static func phrases(_ catalog: [EventDeclaration]) -> String {
        var out = header
        out += """

            import LoopSimKernel

            extension EventPhrases {
                /// What the event says, e.g. `sleeps in mode default on: wake-up port, timer port (armed for
                /// 4.000 s)`; its names are strings of `names`. A kind with no phrase says its name and its
                /// fields, as the trace line holds them (`ui.push {"vc":"DetailVC#2"}`).
                public static func describe(_ e: SimEvent, _ names: NameTable) -> String {
                    /// A name's string.
                    func s(_ name: Name) -> String { names[name] }
                    /// An instant in seconds, or `none` for ``SimInstant/never`` (the trace's `null`).
                    func time(_ instant: SimInstant, or none: String) -> String {
                        instant.isNever ? none : TimeText.seconds(instant.nanoseconds)
                    }
                    /// `"s"` unless `n` is 1.
                    func plural(_ n: Int64) -> String { n == 1 ? "" : "s" }
                    switch e.body {

            """
        for e in catalog {
            guard let text = e.text else { continue }
            let bindings = e.fields.map { uses(text, $0.label) ? "let \($0.label)" : "_" }
            let pattern = bindings.allSatisfy { $0 == "_" } ? [] : bindings
            out += call("case .\(e.name)", pattern, indent: 8, empty: "case .\(e.name)") + ":\n"
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            out += "            return \(lines[0])\n"
            for line in lines.dropFirst() { out += "            \(line)\n" }
        }
        let silent = catalog.filter { $0.text == nil }.map { ".\($0.name)" }
        if !silent.isEmpty {
            out += list("case ", silent, indent: 8) + ":\n"
            out += """
                            // No phrase yet: the kind and its fields, as the trace line holds them.
                            return e.kind.text + " " + JSONValue.object(e.body.jsonFields(names)).compact

                """
        }
        out += """
                    }
                }
            }

            """
        return out
    }

    /// Whether the Swift expression `text` names `identifier` (as a whole word).
    private static func uses(_ text: String, _ identifier: String) -> Bool {
        func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var rest = text[...]
        while let range = rest.range(of: identifier) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    // MARK: Layout

    static let width = 120

    /// `head(a, b, …)` on one line, or with one argument a line when that one is too long; `empty` when there
    /// are no arguments.
    private static func call(_ head: String, _ arguments: [String], indent: Int, empty: String) -> String {
        let pad = String(repeating: " ", count: indent)
        if arguments.isEmpty { return pad + empty }
        let line = pad + head + "(" + arguments.joined(separator: ", ") + ")"
        if line.count <= width { return line }
        let inner = String(repeating: " ", count: indent + 4)
        return pad + head + "(\n" + arguments.map { inner + $0 }.joined(separator: ",\n") + ")"
    }

    /// `head` then `items` separated by commas, wrapped at ``width``.
    private static func list(_ head: String, _ items: [String], indent: Int) -> String {
        var lines = [String(repeating: " ", count: indent) + head]
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : "")
            if lines[lines.count - 1].count + 1 + piece.count > width {
                lines.append(String(repeating: " ", count: indent + 5) + piece)
            } else {
                lines[lines.count - 1] += (lines[lines.count - 1].hasSuffix(head) ? "" : " ") + piece
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` as a `///` comment wrapped at ``width``, a line break for each run of white space it may take.
    private static func docComment(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent) + "/// "
        var lines: [String] = []
        var line = pad
        for word in text.split(whereSeparator: \.isWhitespace) {
            if line != pad && line.count + 1 + word.count > width {
                lines.append(line)
                line = pad
            }
            line += (line == pad ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
