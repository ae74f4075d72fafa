/// Arithmetic on the language's duration values (``Value/duration(_:)``): Swift's `TimeInterval` (a `Double` of
/// seconds) held as integer nanoseconds, the kernel's clock unit.
///
/// A `Double` has no fixed unit; a duration value is a fixed-point number of seconds with nine decimals, so
/// `interval * 0.1`, `delay * 2`, `base + jitter` and `interval / 3` are computed on nanoseconds:
/// - `+` and `-` of two durations, and `*` by an integer, are exact;
/// - `*` of two durations (`interval * 1.5`) is `a × b / 10⁹` and `/` of two durations `a × 10⁹ / b`, computed on
///   128 bits, and `/` by an integer: exact when the result is a whole number of nanoseconds, else truncated toward
///   zero, as Dispatch converts a `Double` of seconds to nanoseconds (swift-corelibs-libdispatch
///   src/swift/Time.swift, `toInt64Clamped(seconds * Double(NSEC_PER_SEC))`, which truncates).
///
/// Where a `Double` would become infinite or exceed the 64-bit nanoseconds (±292 years), the run stops with a fault
/// naming the operation (Swift's `Double` would go on as `inf`; no API LoopSim models takes an infinite interval
/// the same way twice, so the scenario must say what it means).
public enum DurationArithmetic {
    /// Nanoseconds per second: the scale of the fixed point.
    public static let scale: Int64 = 1_000_000_000

    /// `a + b` or `a - b`.
    public static func add(_ a: SimDuration, _ isAddition: Bool, _ b: SimDuration) throws(RuntimeFault) -> SimDuration {
        let (r, overflow) =
            isAddition
            ? a.nanoseconds.addingReportingOverflow(b.nanoseconds)
            : a.nanoseconds.subtractingReportingOverflow(b.nanoseconds)
        guard !overflow else { throw overflowFault("\(describe(a)) \(isAddition ? "+" : "-") \(describe(b))") }
        return SimDuration(nanoseconds: r)
    }

    /// `a op n`, a duration by an integer (`delay * 2`, `interval / 2`); `%` is not defined on a `Double`.
    public static func apply(_ a: SimDuration, _ op: ProductOperator, _ n: Int) throws(RuntimeFault) -> SimDuration {
        let text = "\(describe(a)) \(op.rawValue) \(n)"
        switch op {
        case .multiply:
            let (r, overflow) = a.nanoseconds.multipliedReportingOverflow(by: Int64(n))
            guard !overflow else { throw overflowFault(text) }
            return SimDuration(nanoseconds: r)
        case .divide:
            guard n != 0 else { throw infiniteFault(text) }
            let (r, overflow) = a.nanoseconds.dividedReportingOverflow(by: Int64(n))
            guard !overflow else { throw overflowFault(text) }
            return SimDuration(nanoseconds: r)
        case .remainder:
            throw RuntimeFault("\(text): `%` takes integers; a TimeInterval's remainder is `truncatingRemainder`")
        case .shiftLeft, .shiftRight:
            throw RuntimeFault("\(text): `<<` and `>>` take integers; a TimeInterval has no shifts")
        }
    }

    /// `a op b` of two durations: the fixed-point product or quotient (`interval * 0.1`, `total / step`).
    public static func apply(_ a: SimDuration, _ op: ProductOperator, _ b: SimDuration) throws(RuntimeFault)
        -> SimDuration
    {
        let text = "\(describe(a)) \(op.rawValue) \(describe(b))"
        let negative = (a.nanoseconds < 0) != (b.nanoseconds < 0)
        let x = a.nanoseconds.magnitude
        let y = b.nanoseconds.magnitude
        let (numerator, divisor): ((high: UInt64, low: UInt64), UInt64)
        switch op {
        case .multiply:
            numerator = x.multipliedFullWidth(by: y)
            divisor = UInt64(scale)
        case .divide:
            guard y != 0 else { throw infiniteFault(text) }
            numerator = x.multipliedFullWidth(by: UInt64(scale))
            divisor = y
        case .remainder:
            throw RuntimeFault("\(text): `%` takes integers; a TimeInterval's remainder is `truncatingRemainder`")
        case .shiftLeft, .shiftRight:
            throw RuntimeFault("\(text): `<<` and `>>` take integers; a TimeInterval has no shifts")
        }
        // The quotient fits in 64 bits only when the high half is below the divisor (else dividingFullWidth traps).
        guard numerator.high < divisor else { throw overflowFault(text) }
        let (q, _) = divisor.dividingFullWidth(numerator)
        guard q <= UInt64(Int64.max) else { throw overflowFault(text) }
        return SimDuration(nanoseconds: negative ? -Int64(q) : Int64(q))
    }

    /// `pow(b, n)` for an integer `n`: `|n|` fixed-point products of `b` starting from one second, and for a
    /// negative `n` one second divided by that product. Foundation's `pow` (glibc's on Linux, the libm's on Darwin)
    /// is exact where the power is a `Double` exactly (`pow(2.0, 3.0)` is 8.0); this agrees with it to the
    /// nanosecond wherever every partial product is a whole number of nanoseconds (a power of `2.0`, `1.5`, `10.0`),
    /// and otherwise truncates each product toward zero, as the fixed point's `*` does (docs/fidelity.md,
    /// "Durations computed from values"). An exponent beyond ±1000 stops the run with a fault.
    public static func power(_ b: SimDuration, _ n: Int) throws(RuntimeFault) -> SimDuration {
        let one = SimDuration(nanoseconds: scale)
        // A back-off's exponent is a retry count; past 1,000 the loop would be the run's cost for nothing.
        guard n.magnitude <= 1_000 else {
            throw RuntimeFault("pow(\(describe(b)), \(n)): LoopSim computes powers up to an exponent of ±1000")
        }
        var result = one
        for _ in 0..<n.magnitude {
            do {
                result = try apply(result, .multiply, b)
            } catch {
                throw overflowFault("pow(\(describe(b)), \(n))")
            }
        }
        return n < 0 ? try apply(one, .divide, result) : result
    }

    /// The value as Swift's `description` of the `Double` writes it: `0.5`, `2.0`, `-1.25`, and exponent notation
    /// below 10⁻⁴ (`1e-05`, `1.5e-07`), as `print(0.00001)` does. Exact for the values a `Double` holds exactly in
    /// its shortest form (up to 15 significant digits).
    public static func describe(_ d: SimDuration) -> String {
        let n = d.nanoseconds
        if n == 0 { return "0.0" }
        let sign = n < 0 ? "-" : ""
        let m = n.magnitude
        if m < 100_000 {
            var digits = String(m)
            let exponent = digits.count - 1 - 9
            while digits.hasSuffix("0") { digits.removeLast() }
            let mantissa = digits.count == 1 ? digits : "\(digits.first!).\(digits.dropFirst())"
            let e = -exponent
            return "\(sign)\(mantissa)e-\(e < 10 ? "0" : "")\(e)"
        }
        let whole = m / UInt64(scale)
        var fraction = String(m % UInt64(scale))
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }

    static func overflowFault(_ text: String) -> RuntimeFault {
        RuntimeFault(
            "duration overflow: \(text) is outside the nanoseconds LoopSim's clock holds (about ±292 years)")
    }

    static func infiniteFault(_ text: String) -> RuntimeFault {
        RuntimeFault("division by zero: \(text) is an infinite TimeInterval in Swift; LoopSim's durations are finite")
    }
}
