import CGSL

/// An error reported by GSL (or by LoopSimStats' own argument validation,
/// which reuses GSL's status codes so callers see one error vocabulary).
///
/// `code` is a GSL status code such as `GSL_EDOM` (1, input domain error) or
/// `GSL_EINVAL` (4, invalid argument); `message` is human-readable text,
/// by default the string GSL's `gsl_strerror` returns for `code`.
public struct GSLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The GSL status code (never `GSL_SUCCESS`, i.e. never 0, when thrown by this library).
    public var code: Int32
    /// Human-readable description of the failure.
    public var message: String

    /// Creates an error with an explicit code and message.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Creates an error whose message is GSL's own text for `code` (`gsl_strerror`).
    public init(code: Int32) {
        self.init(code: code, message: String(cString: gsl_strerror(code)))
    }

    /// The GSL status code for an input domain error (`GSL_EDOM`).
    public static let domainCode: Int32 = Int32(GSL_EDOM)

    /// The GSL status code for an invalid argument (`GSL_EINVAL`).
    public static let invalidArgumentCode: Int32 = Int32(GSL_EINVAL)

    /// A domain error (`GSL_EDOM`) with a specific explanation.
    public static func domain(_ message: String) -> GSLError {
        GSLError(code: domainCode, message: message)
    }

    /// `"GSL error <code>: <message>"`.
    public var description: String { "GSL error \(code): \(message)" }
}
