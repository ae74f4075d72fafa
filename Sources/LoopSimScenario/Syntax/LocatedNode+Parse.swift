import Yams

extension LocatedNode {
    /// The most nodes a document may expand to (aliases count every time they
    /// are used), so that a "billion laughs" file fails fast instead of hanging.
    static let nodeBudget = 1_000_000

    /// The longest file read, in UTF-8 bytes. libyaml's tree takes about 240 bytes a node before the node budget
    /// can look at it, and a file of a few long lines holds a node every two bytes (`[a,a,…]`): 50 MB of them
    /// passed 4 GiB. 8 MiB stays near 2 GB at worst; the largest scenario here (a generated million-timer storm) is
    /// under half a megabyte.
    public static let maxFileBytes = 8 << 20

    /// The most markers inserted to get past Yams's duplicate-key refusal
    /// before giving up (see ``YAMLKeyMarkers``).
    static let markerBudget = 1_000

    /// Parses a single YAML document into a located tree.
    ///
    /// - A syntax error gives no tree and one `yaml.syntax` error at the
    ///   line and column libyaml reports, with a note at the construct that
    ///   was open, if any.
    /// - Every duplicate key in every mapping gives a `key.duplicate` error at
    ///   the repeated key, with a note at the first occurrence; the tree is
    ///   still returned (lookups see the first occurrence).
    /// - A key that is a mapping or a sequence gives a `key.not-scalar` error
    ///   and its entry is left out of the tree.
    /// - Aliases are resolved: an aliased node appears wherever it is used,
    ///   with the location of the anchored original.
    /// - A document that expands (aliases counted at every use) to more than a million
    ///   nodes gives no tree and a `yaml.too-large` error.
    /// - An empty document (or only comments) gives no tree and no diagnostics.
    ///
    /// - Parameters:
    ///   - yaml: The text of the file.
    ///   - file: The file path to put in locations.
    /// - Returns: The root node, if the text is a YAML document, and the
    ///   diagnostics in source order.
    public static func parse(yaml: String, file: String) -> (LocatedNode?, [Diagnostic]) {
        let (root, diagnostics, _) = parseSummarizing(yaml: yaml, file: file)
        return (root, diagnostics)
    }

    /// What the scalars of a document (keys and values) hold: whether one has a `$` (so may have a parameter to
    /// substitute) and the most UTF-8 bytes one has (so may be too long).
    struct ScalarSummary {
        var hasDollarSign: Bool
        var longestUTF8: Int
    }

    /// ``parse(yaml:file:)``, and a summary of the scalars when ``LocatedTreeReader`` read the document (nil when
    /// Yams's composer did): the loader skips the walks of the tree that the summary shows have nothing to do.
    static func parseSummarizing(yaml: String, file: String) -> (LocatedNode?, [Diagnostic], ScalarSummary?) {
        if let tooLarge = sizeDiagnostic(bytes: yaml.utf8.count, file: file) { return (nil, [tooLarge], nil) }
        // A well-formed document is read from libyaml's events directly; Yams's tree was three quarters of the
        // instructions of reading and compiling the 10k-timer storm file (BENCHMARKS.md "Start-up").
        var reader = LocatedTreeReader(file: file)
        if case .document(let root) = reader.read(withoutByteOrderMark(yaml)) { return (root, [], reader.summary) }
        let (root, diagnostics) = parseComposing(yaml: yaml, file: file)
        return (root, diagnostics, nil)
    }

    /// The text without a leading byte order mark. With an explicit encoding libyaml does not skip one; it would
    /// count it as a column and misread indentation. Editors do not count it either, so it is dropped
    /// (``SourceLocation/lines(of:)`` drops it too).
    private static func withoutByteOrderMark(_ yaml: String) -> String {
        yaml.unicodeScalars.first == "\u{FEFF}" ? String(yaml.unicodeScalars.dropFirst()) : yaml
    }

    /// ``parse(yaml:file:)`` through Yams's composer and a conversion of its tree, the path that makes every
    /// diagnostic (``LocatedTreeReader`` reads the documents that have none).
    static func parseComposing(yaml: String, file: String) -> (LocatedNode?, [Diagnostic]) {
        if let tooLarge = sizeDiagnostic(bytes: yaml.utf8.count, file: file) { return (nil, [tooLarge]) }
        var markers = YAMLKeyMarkers(withoutByteOrderMark(yaml))
        while true {
            do {
                let parser = try Parser(yaml: markers.text, resolver: .basic, encoding: .utf8)
                guard let root = try parser.singleRoot() else { return (nil, []) }
                var converter = Converter(file: file, markers: markers)
                let node = converter.convert(root)
                return (converter.exhausted ? nil : node, converter.bag.sorted())
            } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
                let mark = context.mark
                if markers.count < markerBudget,
                    markers.insertMarker(line: mark.line, column: mark.column)
                {
                    continue
                }
                let original = markers.originalPosition(line: mark.line, column: mark.column)
                let keys = duplicates.map { "`\(displayKey(markers.strip($0)))`" }.joined(separator: ", ")
                let diagnostic = Diagnostic.error(
                    .keyDuplicate,
                    "duplicate key \(keys) in this mapping; each key may appear only once, remove or merge the repeats",
                    at: SourceLocation(file: file, line: original.line, column: original.column))
                return (nil, [diagnostic])
            } catch let error as YamlError {
                return (
                    nil,
                    [
                        YAMLSyntaxDiagnostics.diagnostic(
                            for: error, text: markers.text, file: file, markers: markers)
                    ]
                )
            } catch {
                return (
                    nil,
                    [
                        .error(
                            .yamlSyntax, "invalid YAML: \(error)",
                            at: SourceLocation(file: file, line: 1, column: 1))
                    ]
                )
            }
        }
    }
}

extension LocatedNode {
    /// The `yaml.too-large` error of a file of `bytes` bytes, or nil when it is at most ``maxFileBytes``.
    public static func sizeDiagnostic(bytes: Int, file: String) -> Diagnostic? {
        guard bytes > maxFileBytes else { return nil }
        return .error(
            .yamlTooLarge,
            "the file is \(bytes) bytes, more than the \(maxFileBytes >> 20) MiB a scenario "
                + "file may have; split it, or generate less", at: SourceLocation(file: file, line: 1, column: 1))
    }
}

/// A key's text for a one-line message: line breaks and tabs escaped.
private func displayKey(_ key: String) -> String {
    var result = ""
    for scalar in key.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// Converts a Yams `Node` tree into a ``LocatedNode`` tree, reporting
/// duplicate and non-scalar keys.
private struct Converter {
    let file: String
    let markers: YAMLKeyMarkers
    var bag = DiagnosticBag()
    private var reported: Set<Diagnostic> = []
    private var nodes = 0
    /// Whether the node budget ran out (the tree is then incomplete).
    private(set) var exhausted = false

    init(file: String, markers: YAMLKeyMarkers) {
        self.file = file
        self.markers = markers
    }

    mutating func convert(_ node: Node) -> LocatedNode {
        nodes += 1
        if nodes > LocatedNode.nodeBudget {
            if !exhausted {
                exhausted = true
                report(
                    .error(
                        .yamlTooLarge,
                        "the YAML expands to more than \(LocatedNode.nodeBudget) nodes (each alias counted wherever it "
                            + "is used); use fewer nested aliases (`*name`), or split the file",
                        at: location(node.mark)))
            }
            return .scalar(.init(text: "", location: location(node.mark)))
        }
        switch node {
        case .scalar(let scalar):
            return .scalar(convert(scalar))
        case .sequence(let sequence):
            let items = sequence.map { convert($0) }
            return .sequence(.init(items: items, location: location(sequence.mark)))
        case .mapping(let mapping):
            return .mapping(convert(mapping))
        case .alias(let alias):
            // Yams's parser resolves aliases itself; this is for completeness.
            return .scalar(.init(text: "", location: location(alias.mark)))
        }
    }

    private mutating func convert(_ mapping: Node.Mapping) -> LocatedNode.Mapping {
        var entries: [LocatedNode.Mapping.Entry] = []
        var firstByKey: [String: LocatedNode.Scalar] = [:]
        for (keyNode, valueNode) in mapping {
            let value = convert(valueNode)
            guard case .scalar(let yamsKey) = keyNode else {
                let kind = keyNode.mapping != nil ? "a mapping" : "a sequence"
                report(
                    .error(
                        .keyNotScalar,
                        "a mapping key must be a plain name, but this key is \(kind); "
                            + "write a name before the ':' (quote it if it contains special characters)",
                        at: location(keyNode.mark)))
                continue
            }
            let key = convert(yamsKey)
            if let first = firstByKey[key.text] {
                report(
                    .error(
                        .keyDuplicate,
                        "duplicate key `\(displayKey(key.text))`; each key may appear only once in a mapping, "
                            + "remove this entry or merge it with the first one",
                        at: key.location,
                        notes: [.init("`\(displayKey(key.text))` is first set here", at: first.location)]))
            } else {
                firstByKey[key.text] = key
            }
            entries.append(.init(key: key, value: value))
        }
        return .init(entries: entries, location: location(mapping.mark))
    }

    private func convert(_ scalar: Node.Scalar) -> LocatedNode.Scalar {
        let style: LocatedNode.Scalar.Style
        switch scalar.style {
        case .singleQuoted: style = .singleQuoted
        case .doubleQuoted: style = .doubleQuoted
        case .literal: style = .literal
        case .folded: style = .folded
        case .plain, .any: style = .plain
        }
        return .init(text: markers.strip(scalar.string), location: location(scalar.mark), style: style)
    }

    private func location(_ mark: Mark?) -> SourceLocation {
        let original = markers.originalPosition(line: mark?.line ?? 1, column: mark?.column ?? 1)
        return SourceLocation(file: file, line: original.line, column: original.column)
    }

    /// Adds a diagnostic once (an aliased mapping is visited at every use).
    private mutating func report(_ diagnostic: Diagnostic) {
        if reported.insert(diagnostic).inserted {
            bag.append(diagnostic)
        }
    }
}
