import Foundation
import Testing

@testable import LoopSimKernel

/// `String(format:)`'s integer, floating and string conversions (``FormatPiece``), against what Foundation wrote on
/// this machine for the same format and values (`swiftc` of `print(String(format: …))`).
@Suite struct FormatPieceTests {
    static func format(_ format: String, _ values: [Any]) throws -> String {
        let pieces = try FormatPiece.parse(format).get()
        var next = 0
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let t): text += t
            case .integer(let spec):
                text += FormatPiece.write(try #require(values[next] as? Int), spec)
                next += 1
            case .floating(let spec):
                text += FormatPiece.write(try #require(values[next] as? Double), spec)
                next += 1
            case .string(let spec):
                text += FormatPiece.write(try #require(values[next] as? String), spec)
                next += 1
            }
        }
        return text
    }

    /// Measured: `String(format: "%02d:%02d|%5d|%-4d|%+d|%x|%#X|%o|%.3d|%@|%6@|%-3@|%%|% d|%05d", 1, 5, 42, 7, 3,
    /// 255, 255, 8, 7, "ab", "cd", "e", 4, -42)` and `String(format: "%d %ld", 4294967301, 4294967301)`.
    @Test func integersAndStringsAsFoundationWritesThem() throws {
        #expect(
            try Self.format(
                "%02d:%02d|%5d|%-4d|%+d|%x|%#X|%o|%.3d|%@|%6@|%-3@|%%|% d|%05d",
                [1, 5, 42, 7, 3, 255, 255, 8, 7, "ab", "cd", "e", 4, -42])
                == "01:05|   42|7   |+3|ff|0XFF|10|007|ab|cd|e|%| 4|-0042")
        #expect(
            try Self.format("%d %ld %lld %hhd %u", [4_294_967_301, 4_294_967_301, -1, 300, -1])
                == "5 4294967301 -1 44 4294967295")
        #expect(try Self.format("%.0d|%#o|%#x|%-05d|", [0, 8, 0, 3]) == "|010|0|3    |")
    }

    /// Measured with swiftc 6.3.1 on this machine: `String(format: f, x)` of each pair (ties of exact binary values
    /// go to even: `%.0f` of 2.5 is `2`; 1.005 is below its decimal, `%.2f` writes `1.00`).
    static let measuredDoubles: [(String, Double, String)] = [
        ("%.1f", 0.25, "0.2"), ("%.1f", 0.35, "0.3"), ("%.1f", 0.15, "0.1"), ("%.0f", 0.5, "0"), ("%.0f", 1.5, "2"),
        ("%.0f", 2.5, "2"), ("%f", 1.0 / 3.0, "0.333333"), ("%.2f", 1.005, "1.00"), ("%5.1f", 3.14159, "  3.1"),
        ("%-7.2f|", 2.5, "2.50   |"), ("%07.2f", -2.5, "-002.50"), ("%+.3f", 0.0005, "+0.001"),
        ("% .1f", 12.0, " 12.0"), ("%#.0f", 3.0, "3."), ("%.3f", 1e-9, "0.000"), ("%.9f", 0.1, "0.100000000"),
        ("%.20f", 0.1, "0.10000000000000000555"), ("%e", 1234.5678, "1.234568e+03"),
        ("%.2e", 0.000123456, "1.23e-04"), ("%E", 0.0, "0.000000E+00"), ("%.0e", 9.5, "1e+01"),
        ("%.1e", 9.96, "1.0e+01"), ("%g", 0.0001, "0.0001"), ("%g", 1e-05, "1e-05"), ("%g", 123456.0, "123456"),
        ("%g", 1234567.0, "1.23457e+06"), ("%.3g", 2.5, "2.5"), ("%#g", 1.5, "1.50000"), ("%G", 1e-07, "1E-07"),
        ("%.10g", 0.3, "0.3"), ("%lf", 2.75, "2.750000"), ("%F", 1e10, "10000000000.000000"),
        ("%.1f", -0.04, "-0.0"), ("%10.3e|", 1.0, " 1.000e+00|"), ("%g", 0.0, "0"), ("%.0g", 0.5, "0.5"),
        ("%.2f", 9.995, "9.99"), ("%.1f", 0.45, "0.5"), ("%f", 86400.123456789, "86400.123457"),
        ("%.3f", 1.0005, "1.000"), ("%.1f", 0.05, "0.1"), ("%08.3f", 3.14159, "0003.142"),
        ("%-+8.1f|", 2.25, "+2.2    |"),
    ]

    @Test(arguments: measuredDoubles)
    func doublesAsFoundationWritesThem(_ format: String, _ x: Double, _ written: String) throws {
        #expect(try Self.format(format, [x]) == written)
    }

    /// Durations of every magnitude LoopSim holds (1 ns to days, a fixed sequence of them: no randomness) written by
    /// each conversion, against Foundation's `String(format:)` in this process.
    @Test func durationsAsFoundationWritesThem() throws {
        var ns: Int64 = 1
        var values: [Double] = []
        for i in 0..<600 {
            ns = (ns &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407) & 0x7FFF_FFFF_FFFF
            let scaled = ns >> Int64(i % 40)
            values.append(Double(scaled) / 1e9)
            values.append(Double(-scaled / 7) / 1e9)
        }
        let formats = ["%f", "%.1f", "%.2f", "%.0f", "%.3f", "%8.2f", "%e", "%.3e", "%g", "%.2g", "%#.4g", "%-10.1f"]
        for x in values {
            for f in formats {
                let ours = try Self.format(f, [x])
                let foundations = String(format: f, x)
                if ours != foundations { Issue.record("\(f) of \(x): \(ours), Foundation \(foundations)") }
            }
        }
    }

    /// A duration reaches a floating conversion as `Double(nanoseconds) / 1e9`, the double nearest its seconds: the
    /// double the app's literal is (`0.15` seconds is 150 000 000 ns, and `%.1f` writes `0.1` for both).
    @Test func aDurationsDoubleIsTheLiteralsDouble() {
        for (ns, literal) in [(150_000_000, 0.15), (100_000_000, 0.1), (1_005_000_000, 1.005), (1, 1e-9)] {
            #expect(Double(ns) / 1e9 == literal)
        }
    }

    @Test func whatIsNotModelledIsAnErrorAtItsConversion() {
        for (format, offset, fragment) in [
            ("t %hf", 2, "does not apply"), ("%a", 0, "not modelled"), ("%.41f", 0, "above 40"),
            ("%s", 0, "not modelled"), ("ab%", 2, "write `%%`"), ("%*d", 0, "positional"),
            ("%.2@", 0, "width only"), ("%Ld", 0, "not modelled"), ("%lhd", 0, "not C's"),
        ] {
            guard case .failure(let error) = FormatPiece.parse(format) else {
                Issue.record("\(format) parsed")
                continue
            }
            #expect(error.offset == offset, "\(format)")
            #expect(error.message.contains(fragment), "\(format): \(error.message)")
        }
        #expect(FormatPiece.arguments(of: (try? FormatPiece.parse("%d %@ %%").get()) ?? []) == [.integer, .string])
        #expect(FormatPiece.arguments(of: (try? FormatPiece.parse("%.1f%%").get()) ?? []) == [.floating])
    }
}
