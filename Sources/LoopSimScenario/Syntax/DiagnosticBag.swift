/// An ordered collection of diagnostics, filled while checking a scenario.
///
/// Diagnostics keep the order in which they were added; ``sorted()`` gives
/// them in source order for printing.
public struct DiagnosticBag: Hashable, Sendable, Swift.Sequence {
    /// The diagnostics, in the order they were added.
    public private(set) var diagnostics: [Diagnostic]

    /// Creates a bag, optionally with initial diagnostics.
    /// - Parameter diagnostics: Diagnostics to start with, in order.
    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic has severity ``Diagnostic/Severity/error``.
    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    /// The number of error diagnostics.
    public var errorCount: Int {
        diagnostics.count { $0.severity == .error }
    }

    /// The number of warning diagnostics.
    public var warningCount: Int {
        diagnostics.count { $0.severity == .warning }
    }

    /// Whether the bag holds no diagnostics at all.
    public var isEmpty: Bool { diagnostics.isEmpty }

    /// The number of diagnostics of any severity.
    public var count: Int { diagnostics.count }

    /// Adds a diagnostic at the end.
    /// - Parameter diagnostic: The diagnostic to add.
    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Adds diagnostics at the end, in order.
    /// - Parameter other: The diagnostics to add.
    public mutating func append<S: Swift.Sequence>(contentsOf other: S) where S.Element == Diagnostic {
        diagnostics.append(contentsOf: other)
    }

    /// Adds an error.
    /// - Parameters:
    ///   - id: The stable identifier of the kind of problem.
    ///   - message: What is wrong and how to fix it.
    ///   - location: Where the problem is.
    ///   - notes: Related places.
    public mutating func error(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
    ) {
        append(.error(id, message, at: location, notes: notes))
    }

    /// Adds a warning.
    /// - Parameters:
    ///   - id: The stable identifier of the kind of problem.
    ///   - message: What is probably wrong and how to fix it.
    ///   - location: Where the problem is.
    ///   - notes: Related places.
    public mutating func warning(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []
    ) {
        append(.warning(id, message, at: location, notes: notes))
    }

    /// The diagnostics ordered by location (file, line, column); diagnostics
    /// at the same location keep the order in which they were added.
    public func sorted() -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { lhs, rhs in
                if lhs.element.location != rhs.element.location {
                    return lhs.element.location < rhs.element.location
                }
                return lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Iterates over the diagnostics in the order they were added.
    public func makeIterator() -> IndexingIterator<[Diagnostic]> {
        diagnostics.makeIterator()
    }
}
