/// Instants and durations printed for people, with integer arithmetic only, so the text never depends on
/// floating-point formatting.
///
/// ```swift
/// TimeText.seconds(4_000_000_000)  // "4.000 s"
/// TimeText.seconds(1_500_000)      // "0.0015 s"
/// TimeText.ms(2_500_000)           // "2.5 ms"
/// ```
public enum TimeText {
    /// Seconds with at least three decimals (milliseconds); more when the value is finer.
    public static func seconds(_ ns: Int64) -> String {
        let sign = ns < 0 ? "-" : ""
        let a = ns.magnitude
        var fraction = String(a % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.count > 3 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(a / 1_000_000_000).\(fraction) s"
    }

    /// Milliseconds, without trailing zeros (`"4000 ms"`, `"0.25 ms"`).
    public static func ms(_ ns: Int64) -> String { decimal(ns, scale: 1_000_000) + " ms" }

    /// `ns / scale` as exact decimal text without trailing zeros.
    static func decimal(_ ns: Int64, scale: UInt64) -> String {
        let sign = ns < 0 ? "-" : ""
        let a = ns.magnitude
        let whole = a / scale
        let rest = a % scale
        guard rest != 0 else { return "\(sign)\(whole)" }
        let digits = String(scale).count - 1
        var fraction = String(rest)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(sign)\(whole).\(fraction)"
    }

    /// A short axis label: `0`, `500ms`, `1.5s`, `250us`.
    static func axis(_ ns: Int64) -> String {
        if ns == 0 { return "0" }
        if ns % 1_000_000_000 == 0 || ns >= 10_000_000_000 { return decimal(ns, scale: 1_000_000_000) + "s" }
        if ns >= 1_000_000_000 { return decimal(ns, scale: 1_000_000_000) + "s" }
        if ns >= 1_000_000 { return decimal(ns, scale: 1_000_000) + "ms" }
        if ns >= 1_000 { return decimal(ns, scale: 1_000) + "us" }
        return "\(ns)ns"
    }

    /// A "nice" tick step (1, 2 or 5 × 10^k ns) of at least `minimum`.
    static func niceStep(atLeast minimum: Int64) -> Int64 {
        var base: Int64 = 1
        while true {
            for m: Int64 in [1, 2, 5] where base * m >= minimum { return base * m }
            if base > Int64.max / 100 { return base }
            base *= 10
        }
    }
}
