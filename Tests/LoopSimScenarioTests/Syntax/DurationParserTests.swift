import Testing

@testable import LoopSimScenario

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("7ns", Int64(7)),
        ("3us", 3_000),
        ("3µs", 3_000),  // U+00B5 MICRO SIGN
        ("3μs", 3_000),  // U+03BC GREEK SMALL LETTER MU
        ("250ms", 250_000_000),
        ("2s", 2_000_000_000),
        ("2min", 120_000_000_000),
        ("1h", 3_600_000_000_000),
        ("0s", 0),
        ("0ns", 0),
    ])
    func everyUnit(text: String, expected: Int64) {
        #expect(DurationParser.nanoseconds(text) == .success(expected))
    }

    @Test(arguments: [
        ("1.5s", Int64(1_500_000_000)),
        ("0.1ms", 100_000),
        ("0.000000001s", 1),
        ("1.000000000000s", 1_000_000_000),  // trailing zeros beyond ns are still exact
        ("0.5us", 500),
        ("0.001us", 1),
        ("0.25min", 15_000_000_000),
        ("0.1min", 6_000_000_000),
        ("0.0000000001min", 6),  // 60e9 * 1e-10 = 6ns, exact
        ("1.5h", 5_400_000_000_000),
        ("0.00000000001h", 36),  // 3.6e12 * 1e-11 = 36ns, exact
        ("123456.789012345s", 123_456_789_012_345),
    ])
    func decimalsAreExact(text: String, expected: Int64) {
        #expect(DurationParser.nanoseconds(text) == .success(expected))
    }

    @Test func spaceAndPlusSign() {
        #expect(DurationParser.nanoseconds("250 ms") == .success(250_000_000))
        #expect(DurationParser.nanoseconds("+250ms") == .success(250_000_000))
        #expect(DurationParser.nanoseconds("+1.5 s") == .success(1_500_000_000))
        #expect(DurationParser.nanoseconds("250  ms") == .failure(.malformed("250  ms")))
        #expect(DurationParser.nanoseconds(" 250ms") == .failure(.malformed(" 250ms")))
    }

    @Test func tooMuchPrecision() {
        let result = DurationParser.nanoseconds("0.0000000001s")
        #expect(result == .failure(.tooPrecise("0.0000000001s")))
        #expect(DurationParser.nanoseconds("1.5ns") == .failure(.tooPrecise("1.5ns")))
        #expect(DurationParser.nanoseconds("0.0001us") == .failure(.tooPrecise("0.0001us")))
        #expect(DurationParser.nanoseconds("0.00000000001min") == .failure(.tooPrecise("0.00000000001min")))
        // 3.6e12 * 1e-12 = 3.6ns: rejected, never rounded.
        #expect(DurationParser.nanoseconds("0.000000000001h") == .failure(.tooPrecise("0.000000000001h")))
        #expect(DurationParser.nanoseconds("0.1234567891s") == .failure(.tooPrecise("0.1234567891s")))
        let long = "1." + String(repeating: "1", count: 40) + "s"
        #expect(DurationParser.nanoseconds(long) == .failure(.tooPrecise(long)))
        #expect(DurationError.tooPrecise("0.0000000001s").message.contains("more precision than a nanosecond"))
        #expect(DurationError.tooPrecise("x").diagnosticID == .durationInvalid)
    }

    @Test func overflow() {
        #expect(DurationParser.nanoseconds("9223372037s") == .failure(.overflow("9223372037s")))
        #expect(DurationParser.nanoseconds("9223372036.854775807s") == .success(Int64.max))
        #expect(DurationParser.nanoseconds("9223372036854775807ns") == .success(Int64.max))
        #expect(DurationParser.nanoseconds("9223372036854775808ns") == .failure(.overflow("9223372036854775808ns")))
        #expect(DurationParser.nanoseconds("9223372036.854775808s") == .failure(.overflow("9223372036.854775808s")))
        let huge = String(repeating: "9", count: 40) + "h"
        #expect(DurationParser.nanoseconds(huge) == .failure(.overflow(huge)))
        #expect(DurationParser.nanoseconds("2562048h") == .failure(.overflow("2562048h")))
        #expect(DurationParser.nanoseconds("2562047h") == .success(2_562_047 * 3_600_000_000_000))
        #expect(DurationError.overflow("x").diagnosticID == .durationOverflow)
    }

    @Test func bareNumber() {
        #expect(DurationParser.nanoseconds("250") == .failure(.bareNumber("250")))
        #expect(DurationParser.nanoseconds("1.5") == .failure(.bareNumber("1.5")))
        #expect(DurationParser.nanoseconds("250 ") == .failure(.bareNumber("250 ")))
        let error = DurationError.bareNumber("250")
        #expect(
            error.message
                == "duration \"250\" has no unit; write a unit, e.g. \"250ms\" (units: ns, us (or µs), ms, s, min, h)")
        #expect(error.diagnosticID == .durationBareNumber)
    }

    @Test func negative() {
        #expect(DurationParser.nanoseconds("-5ms") == .failure(.negative("-5ms")))
        #expect(DurationParser.nanoseconds("-0s") == .failure(.negative("-0s")))
        #expect(DurationParser.signedNanoseconds("-5ms") == .success(-5_000_000))
        #expect(DurationParser.signedNanoseconds("-1.5 s") == .success(-1_500_000_000))
        #expect(DurationParser.signedNanoseconds("+5ms") == .success(5_000_000))
        #expect(DurationParser.signedNanoseconds("-9223372036854775808ns") == .success(Int64.min))
        #expect(
            DurationParser.signedNanoseconds("-9223372036854775809ns") == .failure(.overflow("-9223372036854775809ns")))
        // Syntax problems win over the sign.
        #expect(DurationParser.nanoseconds("-5") == .failure(.bareNumber("-5")))
        #expect(DurationError.negative("-5ms").diagnosticID == .durationNegative)
        #expect(
            DurationError.negative("-5ms").message
                == "duration \"-5ms\" is negative; a duration here must be zero or more")
    }

    @Test(arguments: [
        "abc", "ms", ".5s", "5.s", "1e3ms", "1,5s", "--5ms", "+-5ms", "5ms5", "0x10ms", "5 ms ", "½s", "٣s",
    ])
    func garbageIsMalformed(text: String) {
        #expect(DurationParser.nanoseconds(text) == .failure(.malformed(text)))
        #expect(DurationError.malformed(text).diagnosticID == .durationInvalid)
    }

    @Test func unknownUnitsAndEmpty() {
        #expect(DurationParser.nanoseconds("5sec") == .failure(.unknownUnit("5sec", unit: "sec")))
        #expect(DurationParser.nanoseconds("5 S") == .failure(.unknownUnit("5 S", unit: "S")))
        #expect(DurationParser.nanoseconds("5m") == .failure(.unknownUnit("5m", unit: "m")))
        #expect(DurationParser.nanoseconds("") == .failure(.empty))
        #expect(
            DurationError.unknownUnit("5sec", unit: "sec").message
                == "duration \"5sec\" has unknown unit \"sec\"; use one of ns, us (or µs), ms, s, min, h, e.g. \"250ms\""
        )
    }

    @Test func errorBecomesDiagnostic() {
        let at = LoopSimScenario.SourceLocation(file: "s.yaml", line: 3, column: 9)
        let diagnostic = DurationError.overflow("9223372037s").diagnostic(at: at)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.id.rawValue == "duration.overflow")
        #expect(diagnostic.location == at)
        #expect(diagnostic.message.hasPrefix("duration \"9223372037s\" is too large"))
    }

    /// Texts the byte reader reads (and texts near them that it leaves to the general reader): both readers give
    /// the same result for each, signed and unsigned.
    @Test func theByteReaderAgreesWithTheGeneralReader() {
        var texts = ["16666667ns", "100000000ns", "250ms", "5 s", "+3us", "-5ms", "-0s", "2min", "1h"]
        texts += ["9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "18446744073709551616ns"]
        texts += ["9223372037s", "1 ", "ms", "", "-", "5", "5  s", "5sec", "5m", "5mi", "5mins", "1.5s", "3µs"]
        texts += ["0x10s"]
        texts += ["00010ms", "5S", "5 ms ", " 5ms", "+-5ms"]
        for text in texts {
            #expect(
                DurationParser.nanoseconds(text) == DurationParser.parseScalars(text, allowNegative: false), "\(text)")
            #expect(
                DurationParser.signedNanoseconds(text) == DurationParser.parseScalars(text, allowNegative: true),
                "\(text)")
        }
        #expect(DurationParser.signedNanoseconds("-9223372036854775808ns") == .success(Int64.min))
    }
}
