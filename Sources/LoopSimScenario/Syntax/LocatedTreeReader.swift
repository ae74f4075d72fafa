// libyaml itself, the copy Yams 6.2.2 builds and links (its `CYaml` target, pinned by Package.swift): its event
// API (`yaml_parser_parse`) is what Yams's `Parser` composes its `Node` tree from, and exposes no other way.
import CYaml

/// Reads a well-formed YAML document straight from libyaml's events into a ``LocatedNode`` tree, without Yams's
/// `Node` tree in between; any document that would give a diagnostic is left to Yams
/// (``LocatedNode/parseComposing(yaml:file:)``).
///
/// Yams composes a `Node` per event (a `Tag` class and an `Event` class per node, a dictionary of keys per
/// mapping to find duplicates), which the parser then converted into the located tree: for the 10k-timer storm
/// file that composition was most of the instructions of reading and compiling it (BENCHMARKS.md "Start-up").
/// This reader builds the same tree from the same events: the same texts (`String` from the event's UTF-8 bytes,
/// as Yams's `Event.scalarValue`), the same marks (libyaml's 0-based `start_mark` plus one, as Yams's
/// `Event.startMark`: a node's start, a collection's at its start event), the same styles, aliases resolved to
/// the anchored node (as Yams's `Parser.loadAlias`).
///
/// It gives up (``Outcome/needsComposer``) wherever the file has something to report or a case it does not
/// reproduce, so that every diagnostic still comes from the one path that makes it: a syntax error, a second
/// document, an undefined alias, a key that is not a scalar, a key repeated in a mapping (Yams refuses those,
/// and the parser reports them itself after marking the keys), more than ``LocatedNode/nodeBudget`` nodes with
/// aliases expanded (counted as the converter counts them: the root, every sequence item and mapping value), and a
/// scalar starting with a byte order mark (Foundation's `String(bytes:encoding:)`, which Yams uses, may drop it).
struct LocatedTreeReader {
    /// What reading gave.
    enum Outcome {
        /// The document's tree, or nil for an empty stream (only comments or nothing).
        case document(LocatedNode?)
        /// The file needs the general path: Yams's composer and the converter, which report its problems.
        case needsComposer
    }

    /// A collection being read: what it has so far, where it starts, its anchor, and its node count so far.
    private struct Frame {
        /// Whether it is a mapping (else a sequence).
        let isMapping: Bool
        let location: SourceLocation
        let anchor: String?
        /// The collection itself and the nodes in its items or values, aliases expanded.
        var nodes = 1
        /// A sequence's items.
        var items: [LocatedNode] = []
        /// A mapping's entries, and the key read whose value comes next.
        var entries: [LocatedNode.Mapping.Entry] = []
        var key: LocatedNode.Scalar?
        /// A large mapping's key texts, to find a repeated key without comparing it with every key.
        var keys: Set<String> = []

        init(isMapping: Bool, location: SourceLocation, anchor: UnsafeMutablePointer<yaml_char_t>?) {
            self.isMapping = isMapping
            self.location = location
            self.anchor = anchor.map { String(cString: $0) }
        }

        /// The finished collection.
        var node: LocatedNode {
            isMapping
                ? .mapping(.init(entries: entries, location: location))
                : .sequence(.init(items: items, location: location))
        }

        /// Takes `key` as the next entry's key; false when the mapping already has it (as `String`s compare, as the
        /// converter's dictionary of keys compares them).
        mutating func takeKey(_ key: LocatedNode.Scalar) -> Bool {
            if entries.count < LocatedTreeReader.linearKeyCheck {
                if entries.contains(where: { $0.key.text == key.text }) { return false }
            } else {
                if keys.isEmpty { keys = Set(entries.map(\.key.text)) }
                if !keys.insert(key.text).inserted { return false }
            }
            self.key = key
            return true
        }
    }

    /// A mapping of more entries than this looks for a repeated key in a set instead of comparing with each key.
    private static let linearKeyCheck = 8

    let file: String
    /// Each anchor's node and its node count (what an alias to it adds to the count).
    private var anchors: [String: (node: LocatedNode, nodes: Int)] = [:]
    /// Nodes read so far, aliases expanded, counted as ``LocatedNode/parse(yaml:file:)``'s converter counts them.
    private var nodes = 0
    /// What the scalars read (keys and values) hold, for the checks that can then skip their walk of the tree.
    private(set) var summary = LocatedNode.ScalarSummary(hasDollarSign: false, longestUTF8: 0)

    /// Creates a reader whose locations name `file`.
    init(file: String) {
        self.file = file
    }

    /// Reads `text` (UTF-8, byte order mark already dropped).
    /// - Complexity: O(n) in the length of the text, plus the nodes aliases copy.
    mutating func read(_ text: String) -> Outcome {
        var text = text
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { bytes in read(bytes) } ?? .needsComposer
    }

    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return .needsComposer }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
        var event = yaml_event_t()
        /// The next event's type, or nil on a syntax error; the event stays in `event` until the next call.
        func next() -> yaml_event_type_t? {
            yaml_event_delete(&event)
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            return event.type
        }
        defer { yaml_event_delete(&event) }
        guard next() == YAML_STREAM_START_EVENT, let first = next() else { return .needsComposer }
        if first == YAML_STREAM_END_EVENT { return .document(nil) }
        guard first == YAML_DOCUMENT_START_EVENT else { return .needsComposer }
        var stack: [Frame] = []
        var root: LocatedNode?
        while root == nil {
            guard let type = next() else { return .needsComposer }
            // A node complete at this event (a scalar, an alias, a collection's end), with its node count, and the
            // nodes it adds to the document's count: one, but an alias's count (its nodes were counted where the
            // anchored node is; the converter counts them again wherever an alias copies them).
            let node: LocatedNode
            let count: Int
            var added = 1
            switch type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                if value.starts(with: [0xEF, 0xBB, 0xBF]) { return .needsComposer }
                summary.longestUTF8 = max(summary.longestUTF8, value.count)
                if !summary.hasDollarSign { summary.hasDollarSign = value.contains(UInt8(ascii: "$")) }
                node = .scalar(
                    .init(
                        text: String(decoding: value, as: UTF8.self), location: location(event.start_mark),
                        style: Self.style(scalar.style)))
                count = 1
                if let anchor = scalar.anchor { anchors[String(cString: anchor)] = (node, count) }
            case YAML_ALIAS_EVENT:
                guard let anchor = event.data.alias.anchor, let aliased = anchors[String(cString: anchor)] else {
                    return .needsComposer
                }
                (node, count) = aliased
                added = count
            case YAML_SEQUENCE_START_EVENT:
                stack.append(
                    Frame(
                        isMapping: false, location: location(event.start_mark),
                        anchor: event.data.sequence_start.anchor))
                continue
            case YAML_MAPPING_START_EVENT:
                stack.append(
                    Frame(
                        isMapping: true, location: location(event.start_mark), anchor: event.data.mapping_start.anchor))
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast(), frame.key == nil else { return .needsComposer }
                node = frame.node
                count = frame.nodes
                if let anchor = frame.anchor { anchors[anchor] = (node, count) }
            default:
                return .needsComposer
            }
            if let top = stack.indices.last, stack[top].isMapping, stack[top].key == nil {
                // A key: a scalar not already in this mapping (Yams refuses repeats; the converter reports them).
                // The converter does not count keys.
                guard case .scalar(let key) = node, stack[top].takeKey(key) else { return .needsComposer }
                continue
            }
            nodes += added
            if nodes > LocatedNode.nodeBudget { return .needsComposer }
            guard let top = stack.indices.last else {
                root = node
                break
            }
            if let key = stack[top].key {
                stack[top].entries.append(.init(key: key, value: node))
                stack[top].key = nil
            } else {
                stack[top].items.append(node)
            }
            stack[top].nodes += count
        }
        // One document, then the end of the stream (Yams's `Parser.singleRoot`).
        guard next() == YAML_DOCUMENT_END_EVENT, next() == YAML_STREAM_END_EVENT else { return .needsComposer }
        return .document(root)
    }

    /// A location from a libyaml mark (0-based line and column).
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// A scalar's style, as the converter maps Yams's (libyaml's `YAML_ANY_SCALAR_STYLE` is plain).
    private static func style(_ style: yaml_scalar_style_t) -> LocatedNode.Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
