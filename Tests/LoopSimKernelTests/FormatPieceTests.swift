import Testing

@testable import LoopSimKernel

/// `String(format:)`'s integer and string conversions (``FormatPiece``), against what Foundation wrote on this
/// machine for the same format and values (`swiftc` of `print(String(format: …))`).
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

    @Test func whatIsNotModelledIsAnErrorAtItsConversion() {
        for (format, offset, fragment) in [
            ("t %.1f", 2, "Int(x)"), ("%s", 0, "not modelled"), ("ab%", 2, "write `%%`"), ("%*d", 0, "positional"),
            ("%.2@", 0, "width only"), ("%Ld", 0, "not modelled"), ("%lhd", 0, "not C's"),
        ] {
            guard case .failure(let error) = FormatPiece.parse(format) else {
                Issue.record("\(format) parsed")
                continue
            }
            #expect(error.offset == offset, "\(format)")
            #expect(error.message.contains(fragment), "\(format): \(error.message)")
        }
        #expect(FormatPiece.arguments(of: (try? FormatPiece.parse("%d %@ %%").get()) ?? []) == [true, false])
    }
}
