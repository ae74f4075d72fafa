/// The stable identifier of a kind of diagnostic, such as `key.duplicate`.
///
/// Identifiers are dotted, lower-case, and never change once published, so
/// tests and tools can match on them. This is an open set: other parts of the
/// module declare their own identifiers as static members in extensions, e.g.
///
/// ```swift
/// extension DiagnosticID {
///     static let timerUnknownMode: DiagnosticID = "timer.unknown-mode"
/// }
/// ```
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier text, e.g. `"key.duplicate"`.
    public var rawValue: String

    /// Creates an identifier from its text.
    /// - Parameter rawValue: The identifier text, e.g. `"key.duplicate"`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from its text.
    /// - Parameter rawValue: The identifier text, e.g. `"key.duplicate"`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal.
    /// - Parameter value: The identifier text.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Orders identifiers by their text.
    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The identifier text.
    public var description: String { rawValue }
}

extension DiagnosticID {
    /// The file is not well-formed YAML (scanner, parser or composer error).
    public static let yamlSyntax: DiagnosticID = "yaml.syntax"
    /// The YAML expands (through aliases) to more nodes than the parser accepts.
    public static let yamlTooLarge: DiagnosticID = "yaml.too-large"
    /// A key or value longer than ``LocatedNode/maxScalarLength`` (only the top-level `description:` may be).
    public static let valueTooLong: DiagnosticID = "value.too-long"
    /// A key appears more than once in the same mapping.
    public static let keyDuplicate: DiagnosticID = "key.duplicate"
    /// A key is not one of the keys allowed in this mapping.
    public static let keyUnknown: DiagnosticID = "key.unknown"
    /// A required key is absent from a mapping.
    public static let keyMissing: DiagnosticID = "key.missing"
    /// A mapping key is a mapping or a sequence instead of a scalar.
    public static let keyNotScalar: DiagnosticID = "key.not-scalar"
    /// A value has the wrong shape or type (e.g. a sequence where a number is expected).
    public static let typeMismatch: DiagnosticID = "type.mismatch"
    /// A duration was written as a number without a unit.
    public static let durationBareNumber: DiagnosticID = "duration.bare-number"
    /// A duration could not be read (bad syntax, unknown unit, too precise).
    public static let durationInvalid: DiagnosticID = "duration.invalid"
    /// A duration is negative where only zero or positive durations are allowed.
    public static let durationNegative: DiagnosticID = "duration.negative"
    /// A duration does not fit in 64-bit nanoseconds.
    public static let durationOverflow: DiagnosticID = "duration.overflow"
    /// A name is used but never defined.
    public static let nameUndefined: DiagnosticID = "name.undefined"
}
