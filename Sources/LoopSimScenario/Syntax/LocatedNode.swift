/// A YAML tree in which every node remembers where it was written.
///
/// Build one with ``parse(yaml:file:)``. Mapping keys are always scalars
/// (other keys are reported and dropped), mapping entries keep their order,
/// and duplicate keys are kept (they are reported as `key.duplicate` by the
/// parser; ``Mapping/value(for:)`` returns the first).
public indirect enum LocatedNode: Hashable, Sendable {
    /// A scalar: a string of text, however it was quoted.
    case scalar(Scalar)
    /// A mapping of scalar keys to nodes, in source order.
    case mapping(Mapping)
    /// A sequence of nodes, in source order.
    case sequence(Sequence)

    /// A scalar node: its text exactly as YAML delivers it (escapes resolved,
    /// quotes removed), never interpreted as a number or boolean.
    public struct Scalar: Hashable, Sendable {
        /// How a scalar was written.
        public enum Style: String, Hashable, Sendable {
            /// Unquoted, e.g. `010`, `true` or `~`.
            case plain
            /// Between single quotes, e.g. `'010'`.
            case singleQuoted
            /// Between double quotes, e.g. `"010"`.
            case doubleQuoted
            /// A literal block scalar (`|`).
            case literal
            /// A folded block scalar (`>`).
            case folded
        }

        /// The text of the scalar, e.g. `010` for both `010` and `"010"`.
        public var text: String
        /// Where the scalar starts (at its anchor or tag, if it has one).
        public var location: SourceLocation
        /// How the scalar was written.
        public var style: Style

        /// Creates a scalar.
        /// - Parameters:
        ///   - text: The text of the scalar.
        ///   - location: Where the scalar starts.
        ///   - style: How the scalar was written.
        public init(text: String, location: SourceLocation, style: Style = .plain) {
            self.text = text
            self.location = location
            self.style = style
        }

        /// Whether the scalar was written unquoted (so `010` may be meant as a number).
        public var isPlain: Bool { style == .plain }

        /// Whether the scalar was written in any non-plain style (single or
        /// double quotes, or a `|`/`>` block), i.e. explicitly as a string.
        public var isQuoted: Bool { style != .plain }

        /// Whether the scalar is YAML's null: a plain `~`, `null`, `Null`,
        /// `NULL`, or nothing at all (as in `key:` with no value). A quoted
        /// `"null"` or `""` is a string, not null.
        public var isNull: Bool {
            guard style == .plain else { return false }
            switch text {
            case "", "~", "null", "Null", "NULL": return true
            default: return false
            }
        }
    }

    /// A sequence node.
    public struct Sequence: Hashable, Sendable {
        /// The items, in source order.
        public var items: [LocatedNode]
        /// Where the sequence starts (its `[` or first `-`).
        public var location: SourceLocation

        /// Creates a sequence.
        /// - Parameters:
        ///   - items: The items, in source order.
        ///   - location: Where the sequence starts.
        public init(items: [LocatedNode], location: SourceLocation) {
            self.items = items
            self.location = location
        }
    }

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .scalar(let scalar): return scalar.location
        case .mapping(let mapping): return mapping.location
        case .sequence(let sequence): return sequence.location
        }
    }

    /// The kind of node with an article, for messages: "a scalar", "a mapping"
    /// or "a sequence" (a null scalar is "null").
    public var kindName: String {
        switch self {
        case .scalar(let scalar): return scalar.isNull ? "null" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }

    /// The scalar, if this node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// The mapping, if this node is one.
    public var mapping: Mapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    /// The sequence, if this node is one.
    public var sequence: Sequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    /// Whether this node is a null scalar (see ``Scalar/isNull``).
    public var isNull: Bool {
        scalar?.isNull ?? false
    }
}
