/// An interval on the virtual clock, in integer nanoseconds.
///
/// Scenario files write durations as unit strings (`"250ms"`, `"1.5s"`), parsed exactly into nanoseconds.
public struct SimDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in nanoseconds (may be negative as an intermediate value; the kernel never sleeps backwards).
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = SimDuration(nanoseconds: 0)
    @inlinable public static func nanoseconds(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n) }
    @inlinable public static func microseconds(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n * 1_000) }
    @inlinable public static func milliseconds(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n * 1_000_000) }
    @inlinable public static func seconds(_ n: Int64) -> SimDuration { SimDuration(nanoseconds: n * 1_000_000_000) }

    @inlinable public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    @inlinable public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    @inlinable public static func * (lhs: SimDuration, rhs: Int64) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds * rhs)
    }

    /// Milliseconds as a decimal number (for reports).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }

    /// The interval with the largest unit that prints it exactly: `1.5s`, `250ms`, `3us`, `7ns`.
    public var description: String {
        let n = nanoseconds
        if n == 0 { return "0s" }
        let sign = n < 0 ? "-" : ""
        let m = n.magnitude
        for (unit, scale) in [("s", UInt64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] where m >= scale {
            return sign + Self.decimal(m, scale: scale) + unit
        }
        return sign + String(m) + "ns"
    }

    /// `m / scale` printed exactly, without trailing zeros.
    static func decimal(_ m: UInt64, scale: UInt64) -> String {
        let whole = m / scale
        var frac = m % scale
        if frac == 0 { return String(whole) }
        var digits = String(frac)
        let width = String(scale).count - 1
        digits = String(repeating: "0", count: width - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast(); frac /= 10 }
        return "\(whole).\(digits)"
    }
}
