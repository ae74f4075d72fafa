/// A problem found in a scenario file, attached to the place that caused it.
///
/// The `message` says what is wrong and how to fix it; `id` is a stable,
/// machine-readable classification (see ``DiagnosticID``) that tests and tools
/// may match on. Render it for people with ``DiagnosticPrinter``.
public struct Diagnostic: Hashable, Sendable, Error {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, CaseIterable {
        /// The scenario is invalid and cannot be run.
        case error
        /// The scenario can run, but something is probably not what was meant.
        case warning
        /// Extra information; normally attached to another diagnostic.
        case note
    }

    /// A secondary message pointing at a related place, such as the first
    /// occurrence of a duplicated key.
    public struct Note: Hashable, Sendable {
        /// What the related place is, e.g. "`until` was first set here".
        public var message: String
        /// The related place.
        public var location: SourceLocation

        /// Creates a note.
        /// - Parameters:
        ///   - message: What the related place is.
        ///   - location: The related place.
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// How serious the problem is.
    public var severity: Severity
    /// The stable identifier of the kind of problem, e.g. `key.duplicate`.
    public var id: DiagnosticID
    /// What is wrong and how to fix it, in plain words.
    public var message: String
    /// Where the problem is.
    public var location: SourceLocation
    /// Related places, printed after the diagnostic.
    public var notes: [Note]

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How serious the problem is.
    ///   - id: The stable identifier of the kind of problem.
    ///   - message: What is wrong and how to fix it.
    ///   - location: Where the problem is.
    ///   - notes: Related places.
    public init(
        _ severity: Severity,
        id: DiagnosticID,
        message: String,
        at location: SourceLocation,
        notes: [Note] = []
    ) {
        self.severity = severity
        self.id = id
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// Creates an error diagnostic.
    /// - Parameters:
    ///   - id: The stable identifier of the kind of problem.
    ///   - message: What is wrong and how to fix it.
    ///   - location: Where the problem is.
    ///   - notes: Related places.
    public static func error(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.error, id: id, message: message, at: location, notes: notes)
    }

    /// Creates a warning diagnostic.
    /// - Parameters:
    ///   - id: The stable identifier of the kind of problem.
    ///   - message: What is probably wrong and how to fix it.
    ///   - location: Where the problem is.
    ///   - notes: Related places.
    public static func warning(
        _ id: DiagnosticID, _ message: String, at location: SourceLocation, notes: [Note] = []
    ) -> Diagnostic {
        Diagnostic(.warning, id: id, message: message, at: location, notes: notes)
    }
}

extension Diagnostic: CustomStringConvertible {
    /// A one-line rendering without source snippet:
    /// `file:line:column: error: message [id]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message) [\(id.rawValue)]"
    }
}
