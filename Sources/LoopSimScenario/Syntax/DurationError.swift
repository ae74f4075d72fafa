/// Why a duration string could not be turned into nanoseconds.
///
/// Each case carries the offending text as written. ``message`` explains the
/// problem and the fix; ``diagnosticID`` is the identifier to report it under.
public enum DurationError: Error, Hashable, Sendable {
    /// The text is empty.
    case empty
    /// A number without a unit, e.g. `"250"`.
    case bareNumber(String)
    /// A number followed by a word that is not a known unit, e.g. `"5sec"`.
    case unknownUnit(String, unit: String)
    /// The text is not a number followed by a unit at all, e.g. `"1e3ms"`.
    case malformed(String)
    /// The duration is negative where negatives are not allowed, e.g. `"-5ms"`.
    case negative(String)
    /// The duration is not a whole number of nanoseconds, e.g. `"0.5ns"`.
    case tooPrecise(String)
    /// The duration does not fit in a signed 64-bit count of nanoseconds.
    case overflow(String)

    /// The units a duration may use, for messages.
    static let unitList = "ns, us (or µs), ms, s, min, h"

    /// What is wrong and how to fix it, in plain words.
    public var message: String {
        switch self {
        case .empty:
            return "the duration is empty; write a number with a unit, e.g. \"250ms\" (units: \(Self.unitList))"
        case .bareNumber(let text):
            return "duration \"\(text)\" has no unit; write a unit, e.g. \"250ms\" (units: \(Self.unitList))"
        case .unknownUnit(let text, let unit):
            return "duration \"\(text)\" has unknown unit \"\(unit)\"; use one of \(Self.unitList), e.g. \"250ms\""
        case .malformed(let text):
            return "\"\(text)\" is not a duration; write a decimal number followed by a unit, "
                + "e.g. \"250ms\", \"1.5s\" or \"250 ms\" (units: \(Self.unitList))"
        case .negative(let text):
            return "duration \"\(text)\" is negative; a duration here must be zero or more"
        case .tooPrecise(let text):
            return "duration \"\(text)\" has more precision than a nanosecond; "
                + "round it to a whole number of nanoseconds (e.g. at most 9 decimals with \"s\")"
        case .overflow(let text):
            return "duration \"\(text)\" is too large; durations must be at most "
                + "9223372036854775807ns (about 292 years)"
        }
    }

    /// The diagnostic identifier to report this error under: bare numbers are
    /// `duration.bare-number`, negatives `duration.negative`, overflows
    /// `duration.overflow`, and everything else `duration.invalid`.
    public var diagnosticID: DiagnosticID {
        switch self {
        case .bareNumber: return .durationBareNumber
        case .negative: return .durationNegative
        case .overflow: return .durationOverflow
        case .empty, .unknownUnit, .malformed, .tooPrecise: return .durationInvalid
        }
    }

    /// Builds an error diagnostic for this problem at `location`.
    /// - Parameter location: Where the duration was written.
    public func diagnostic(at location: SourceLocation) -> Diagnostic {
        .error(diagnosticID, message, at: location)
    }
}
