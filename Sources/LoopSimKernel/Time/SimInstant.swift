/// A point on the virtual clock: integer nanoseconds since the start of the scenario (instant 0).
///
/// Instants are distinct from ``SimDuration`` (an interval) so that the type checker keeps points and
/// intervals apart, as `NIODeadline` and `TimeAmount` do in SwiftNIO. "No deadline" is the explicit
/// ``never`` value, never a saturated sum. Arithmetic traps on overflow: scenario validation rejects
/// durations that could overflow before a run starts.
public struct SimInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the start of the scenario.
    public var nanoseconds: Int64

    /// Creates an instant `nanoseconds` after the start of the scenario.
    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of every run.
    public static let zero = SimInstant(nanoseconds: 0)
    /// An instant later than every reachable one: "no deadline" (`distantFuture`, an infinite timeout).
    public static let never = SimInstant(nanoseconds: .max)

    /// Whether this is ``never``.
    @inlinable public var isNever: Bool { nanoseconds == .max }

    @inlinable public static func < (lhs: SimInstant, rhs: SimInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The instant `rhs` after `lhs`; ``never`` stays ``never``.
    @inlinable public static func + (lhs: SimInstant, rhs: SimDuration) -> SimInstant {
        lhs.isNever ? .never : SimInstant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    /// The interval from `rhs` to `lhs`.
    @inlinable public static func - (lhs: SimInstant, rhs: SimInstant) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    /// Milliseconds since the start, as a decimal number (for reports).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }

    /// The instant printed with units, e.g. `3.5s`, `250ms`, `never`.
    public var description: String { isNever ? "never" : SimDuration(nanoseconds: nanoseconds).description }
}
