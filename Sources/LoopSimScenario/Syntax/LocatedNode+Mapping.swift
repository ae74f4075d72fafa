extension LocatedNode {
    /// A mapping node: scalar keys with values, in source order.
    ///
    /// Duplicate keys are kept as written (the parser reports them); lookups
    /// return the first occurrence.
    public struct Mapping: Hashable, Sendable {
        /// One `key: value` pair.
        public struct Entry: Hashable, Sendable {
            /// The key, with its own location.
            public var key: Scalar
            /// The value.
            public var value: LocatedNode

            /// Creates an entry.
            /// - Parameters:
            ///   - key: The key, with its own location.
            ///   - value: The value.
            public init(key: Scalar, value: LocatedNode) {
                self.key = key
                self.value = value
            }
        }

        /// The entries, in source order.
        public var entries: [Entry]
        /// Where the mapping starts (its `{` or first key).
        public var location: SourceLocation

        /// Creates a mapping.
        /// - Parameters:
        ///   - entries: The entries, in source order.
        ///   - location: Where the mapping starts.
        public init(entries: [Entry], location: SourceLocation) {
            self.entries = entries
            self.location = location
        }

        /// The keys' texts, in source order (duplicates included).
        public var keys: [String] {
            entries.map(\.key.text)
        }

        /// The value of the first entry whose key text is `key`, or `nil`.
        /// - Parameter key: The key text, e.g. `"until"`.
        public func value(for key: String) -> LocatedNode? {
            entry(for: key)?.value
        }

        /// The first entry whose key text is `key`, or `nil`.
        /// - Parameter key: The key text, e.g. `"until"`.
        public func entry(for key: String) -> Entry? {
            entries.first { $0.key.text == key }
        }

        /// Whether some entry has the key text `key`.
        /// - Parameter key: The key text, e.g. `"until"`.
        public func contains(_ key: String) -> Bool {
            entry(for: key) != nil
        }

        /// The value for `key`, or `nil` (same as ``value(for:)``).
        /// - Parameter key: The key text, e.g. `"until"`.
        public subscript(key: String) -> LocatedNode? {
            value(for: key)
        }
    }
}
