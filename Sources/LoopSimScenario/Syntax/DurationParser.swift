/// Reads durations written with units, such as `"250ms"` or `"1.5 s"`, into
/// an exact number of nanoseconds.
///
/// Grammar: an optional sign (`+` or `-`), decimal digits, optionally `.` and
/// more digits, optionally one space, then a unit: `ns`, `us` (also `µs` or
/// `μs`), `ms`, `s`, `min` or `h`. Arithmetic is exact integer arithmetic on
/// the decimal digits (never floating point), so `"0.1ms"` is exactly
/// 100000ns. A value that is not a whole number of nanoseconds is rejected.
public enum DurationParser {
    /// Parses a duration that must not be negative.
    ///
    /// A leading `-` gives ``DurationError/negative(_:)`` (even for `"-0s"`).
    /// - Parameter text: The duration as written, e.g. `"250ms"`.
    /// - Returns: The number of nanoseconds, or why the text is not a valid duration.
    public static func nanoseconds(_ text: String) -> Result<Int64, DurationError> {
        parse(text, allowNegative: false)
    }

    /// Parses a duration that may be negative, e.g. `"-5ms"` for an offset.
    /// - Parameter text: The duration as written, e.g. `"-250ms"`.
    /// - Returns: The number of nanoseconds, or why the text is not a valid duration.
    public static func signedNanoseconds(_ text: String) -> Result<Int64, DurationError> {
        parse(text, allowNegative: true)
    }

    /// Nanoseconds per unit, by unit spelling.
    static let units: [String: UInt64] = [
        "ns": 1,
        "us": 1_000, "\u{00B5}s": 1_000, "\u{03BC}s": 1_000,
        "ms": 1_000_000,
        "s": 1_000_000_000,
        "min": 60_000_000_000,
        "h": 3_600_000_000_000,
    ]

    private static func parse(_ text: String, allowNegative: Bool) -> Result<Int64, DurationError> {
        if let nanoseconds = wholeASCII(text, allowNegative: allowNegative) { return .success(nanoseconds) }
        return parseScalars(text, allowNegative: allowNegative)
    }

    /// The common case read from the UTF-8 bytes without allocating: an optional sign, ASCII digits, an optional
    /// space and an ASCII unit (`"16666667ns"`, `"250ms"`, `"-5ms"`), that is in range. Nil for anything else (a
    /// fraction, `µs`, an error), which ``parseScalars(_:allowNegative:)`` reads; where both read a text they give
    /// the same value. The general reader copied the text into arrays and looked its unit up in a dictionary:
    /// 6,600 instructions a duration, 7 % of reading the 10k-timer storm file (BENCHMARKS.md "Start-up").
    private static func wholeASCII(_ text: String, allowNegative: Bool) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            var index = 0
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard !negative || allowNegative else { return nil }
            let digitsStart = index
            var integer: UInt64 = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let (times10, o1) = integer.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                guard !o1, !o2 else { return nil }
                integer = sum
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard let unit = asciiUnit(UnsafeBufferPointer(rebasing: bytes[index...])) else { return nil }
            let (value, overflow) = integer.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            if negative && value == UInt64(Int64.max) + 1 { return Int64.min }
            guard value <= UInt64(Int64.max) else { return nil }
            return negative ? -Int64(value) : Int64(value)
        }
    }

    /// Nanoseconds per unit for the ASCII spellings in ``units``, or nil.
    private static func asciiUnit(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        switch (bytes.count, bytes.first, bytes.last) {
        case (1, UInt8(ascii: "s"), _): return 1_000_000_000
        case (1, UInt8(ascii: "h"), _): return 3_600_000_000_000
        case (2, UInt8(ascii: "n"), UInt8(ascii: "s")): return 1
        case (2, UInt8(ascii: "u"), UInt8(ascii: "s")): return 1_000
        case (2, UInt8(ascii: "m"), UInt8(ascii: "s")): return 1_000_000
        case (3, UInt8(ascii: "m"), UInt8(ascii: "n")) where bytes[1] == UInt8(ascii: "i"): return 60_000_000_000
        default: return nil
        }
    }

    /// Reads any text: the grammar above, and every error (internal for the test that compares the two readers).
    static func parseScalars(_ text: String, allowNegative: Bool) -> Result<Int64, DurationError> {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return .failure(.empty) }
        var index = 0
        var negative = false
        if scalars[0] == "+" || scalars[0] == "-" {
            negative = scalars[0] == "-"
            index = 1
        }
        let integerDigits = digits(scalars, from: &index)
        guard !integerDigits.isEmpty else { return .failure(.malformed(text)) }
        var fractionDigits: [UInt8] = []
        if index < scalars.count, scalars[index] == "." {
            index += 1
            fractionDigits = digits(scalars, from: &index)
            guard !fractionDigits.isEmpty else { return .failure(.malformed(text)) }
        }
        if index < scalars.count, scalars[index] == " " { index += 1 }
        let unitText = String(String.UnicodeScalarView(scalars[index...]))
        guard !unitText.isEmpty else { return .failure(.bareNumber(text)) }
        guard let unit = units[unitText] else {
            let isWord = unitText.unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
            return .failure(isWord ? .unknownUnit(text, unit: unitText) : .malformed(text))
        }
        if negative && !allowNegative { return .failure(.negative(text)) }
        return magnitude(integerDigits, fractionDigits, unit: unit, text: text).flatMap { value in
            if negative {
                if value == UInt64(Int64.max) + 1 { return .success(Int64.min) }
                guard value <= UInt64(Int64.max) else { return .failure(.overflow(text)) }
                return .success(-Int64(value))
            }
            guard value <= UInt64(Int64.max) else { return .failure(.overflow(text)) }
            return .success(Int64(value))
        }
    }

    /// Reads ASCII digits starting at `index`, advancing it past them.
    private static func digits(_ scalars: [Unicode.Scalar], from index: inout Int) -> [UInt8] {
        var result: [UInt8] = []
        while index < scalars.count, scalars[index].isASCII, ("0"..."9").contains(scalars[index]) {
            result.append(UInt8(scalars[index].value - 48))
            index += 1
        }
        return result
    }

    /// Computes `integer.fraction × unit` exactly, as an unsigned magnitude.
    private static func magnitude(
        _ integerDigits: [UInt8], _ fractionDigits: [UInt8], unit: UInt64, text: String
    ) -> Result<UInt64, DurationError> {
        var integer: UInt64 = 0
        for digit in integerDigits {
            let (times10, o1) = integer.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            if o1 || o2 { return .failure(.overflow(text)) }
            integer = sum
        }
        let (wholeNanos, o3) = integer.multipliedReportingOverflow(by: unit)
        if o3 { return .failure(.overflow(text)) }

        var fraction = fractionDigits[...]
        while fraction.last == 0 { fraction.removeLast() }
        // Every unit is at most 2^13 · 3^2 · 5^11 ns, so no fraction with more
        // than 18 significant decimals can come to whole nanoseconds; this also
        // keeps 10^k within UInt64.
        guard fraction.count <= 18 else { return .failure(.tooPrecise(text)) }
        var numerator: UInt64 = 0
        var denominator: UInt64 = 1
        for digit in fraction {
            numerator = numerator * 10 + UInt64(digit)
            denominator *= 10
        }
        // numerator < denominator, so numerator × unit < denominator × unit and
        // the high word of the product is below the denominator: no trap.
        let product = numerator.multipliedFullWidth(by: unit)
        let (fractionNanos, remainder) = denominator.dividingFullWidth(product)
        guard remainder == 0 else { return .failure(.tooPrecise(text)) }
        let (total, o4) = wholeNanos.addingReportingOverflow(fractionNanos)
        if o4 { return .failure(.overflow(text)) }
        return .success(total)
    }
}
