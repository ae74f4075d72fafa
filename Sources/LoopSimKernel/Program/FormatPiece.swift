/// One piece of a `String(format:)` format (the scenario language's `format("%02d:%02d", m, s)`): text, or a
/// conversion of one argument. The subset is the integers' and the strings': `%d %i %u %x %X %o` with the flags
/// `- 0 + space #`, a width, a precision and a length (`h hh l ll q z t j`), `%@` (a width is ignored, as CF
/// ignores it), and `%%`. Its
/// output is C's `printf` (ISO C §7.21.6.1), as Foundation's `-[NSString initWithFormat:]` writes integers: a
/// conversion without `l`/`ll`/`q` reads 32 bits of the argument (`%d` of `Int(1) << 32 + 5` writes `5`).
public enum FormatPiece: Sendable, Equatable {
    case text(String)
    case integer(FormatSpec)
    case string(FormatSpec)

    /// A conversion's flags, width, precision, length and letter.
    public struct FormatSpec: Sendable, Equatable {
        public var leftAlign = false
        public var zeroPad = false
        public var plus = false
        public var space = false
        public var alternate = false
        public var width = 0
        public var precision: Int?
        /// The bits the argument is read as: 8, 16, 32 or 64.
        public var bits = 32
        /// `d i u x X o @`.
        public var conversion: Character = "d"
    }

    /// The pieces of `format`, or a message and the offset (in characters) of the conversion it is about.
    public static func parse(_ format: String) -> Result<[FormatPiece], FormatError> {
        var pieces: [FormatPiece] = []
        var text = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else {
                text.append(chars[i])
                i += 1
                continue
            }
            let start = i
            i += 1
            guard i < chars.count else { return .failure(FormatError("a `%` ends the format: write `%%`", start)) }
            if chars[i] == "%" {
                text.append("%")
                i += 1
                continue
            }
            var spec = FormatSpec()
            while i < chars.count, let flag = "-0+ #".firstIndex(of: chars[i]) {
                switch "-0+ #".distance(from: "-0+ #".startIndex, to: flag) {
                case 0: spec.leftAlign = true
                case 1: spec.zeroPad = true
                case 2: spec.plus = true
                case 3: spec.space = true
                default: spec.alternate = true
                }
                i += 1
            }
            var width = ""
            while i < chars.count, chars[i].isASCII, chars[i].isNumber {
                width.append(chars[i])
                i += 1
            }
            if i < chars.count, chars[i] == "." {
                i += 1
                var digits = ""
                while i < chars.count, chars[i].isASCII, chars[i].isNumber {
                    digits.append(chars[i])
                    i += 1
                }
                spec.precision = Int(digits) ?? 0
            }
            guard width.count <= 4, (spec.precision ?? 0) <= 1000, let w = Int(width.isEmpty ? "0" : width) else {
                return .failure(FormatError("a width or precision this large is not modelled", start))
            }
            spec.width = w
            if i < chars.count, chars[i] == "*" || chars[i] == "$" {
                return .failure(FormatError("`*` and positional (`n$`) arguments are not modelled", start))
            }
            var length = ""
            while i < chars.count, "hlqztj".contains(chars[i]) {
                length.append(chars[i])
                i += 1
            }
            switch length {
            case "": spec.bits = 32
            case "h": spec.bits = 16
            case "hh": spec.bits = 8
            case "l", "ll", "q", "z", "t", "j": spec.bits = 64
            default: return .failure(FormatError("the length `\(length)` is not C's", start))
            }
            guard i < chars.count else {
                return .failure(FormatError("the conversion is not finished: write its letter, e.g. `%d`", start))
            }
            spec.conversion = chars[i]
            i += 1
            if !text.isEmpty {
                pieces.append(.text(text))
                text = ""
            }
            switch spec.conversion {
            case "d", "i", "u", "x", "X", "o":
                pieces.append(.integer(spec))
            case "@":
                guard length.isEmpty, spec.precision == nil else {
                    return .failure(FormatError("`%@` takes a width only", start))
                }
                pieces.append(.string(spec))
            case "f", "F", "e", "E", "g", "G", "a", "A":
                return .failure(
                    FormatError(
                        "`%\(spec.conversion)` of a floating-point value is not modelled: LoopSim's times are exact "
                            + "nanoseconds, which a `Double`'s digits are not; format `Int(x)` or `Int(x * 10)` "
                            + "with `%d`", start))
            default:
                return .failure(
                    FormatError(
                        "`%\(spec.conversion)` is not modelled: the formats are `%d`, `%i`, `%u`, `%x`, `%X`, `%o` "
                            + "of integers, `%@` of strings and `%%`", start))
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return .success(pieces)
    }

    /// What the format's conversions take, in order: true for an integer, false for a string.
    public static func arguments(of pieces: [FormatPiece]) -> [Bool] {
        pieces.compactMap {
            switch $0 {
            case .text: nil
            case .integer: true
            case .string: false
            }
        }
    }

    /// `n` written by an integer conversion, as `printf` writes it.
    public static func write(_ n: Int, _ spec: FormatSpec) -> String {
        let signed = spec.conversion == "d" || spec.conversion == "i"
        // The bits the conversion reads, then its value as C sees it.
        var negative = false
        var magnitude: UInt64
        switch (signed, spec.bits) {
        case (true, 8): (negative, magnitude) = split(Int64(Int8(truncatingIfNeeded: n)))
        case (true, 16): (negative, magnitude) = split(Int64(Int16(truncatingIfNeeded: n)))
        case (true, 32): (negative, magnitude) = split(Int64(Int32(truncatingIfNeeded: n)))
        case (true, _): (negative, magnitude) = split(Int64(n))
        case (false, 8): magnitude = UInt64(UInt8(truncatingIfNeeded: n))
        case (false, 16): magnitude = UInt64(UInt16(truncatingIfNeeded: n))
        case (false, 32): magnitude = UInt64(UInt32(truncatingIfNeeded: n))
        default: magnitude = UInt64(bitPattern: Int64(n))
        }
        let radix = spec.conversion == "x" || spec.conversion == "X" ? 16 : spec.conversion == "o" ? 8 : 10
        var digits = String(magnitude, radix: radix, uppercase: spec.conversion == "X")
        if let precision = spec.precision {
            if precision == 0 && magnitude == 0 { digits = "" }
            if digits.count < precision { digits = String(repeating: "0", count: precision - digits.count) + digits }
        }
        if spec.alternate && spec.conversion == "o" && !digits.hasPrefix("0") { digits = "0" + digits }
        var prefix = ""
        if signed {
            prefix = negative ? "-" : spec.plus ? "+" : spec.space ? " " : ""
        } else if spec.alternate && magnitude != 0 && radix == 16 {
            prefix = spec.conversion == "X" ? "0X" : "0x"
        }
        let length = prefix.count + digits.count
        guard length < spec.width else { return prefix + digits }
        let pad = spec.width - length
        if spec.leftAlign { return prefix + digits + String(repeating: " ", count: pad) }
        if spec.zeroPad && spec.precision == nil { return prefix + String(repeating: "0", count: pad) + digits }
        return String(repeating: " ", count: pad) + prefix + digits
    }

    /// `s` written by `%@`: as it is. CF's formatter (`__CFStringAppendFormatCore`, which Foundation's
    /// `String(format:)` calls on Darwin and in swift-corelibs-foundation) writes an object's description without
    /// the width: measured on this machine, `String(format: "%6@|%-3@", "cd", "e")` is `cd|e`.
    public static func write(_ s: String, _ spec: FormatSpec) -> String { s }

    private static func split(_ v: Int64) -> (Bool, UInt64) { (v < 0, v.magnitude) }
}

/// Why a format is not modelled, and where in it.
public struct FormatError: Error, Sendable, Equatable {
    public var message: String
    /// The offset, in characters, of the `%` of the conversion.
    public var offset: Int
    public init(_ message: String, _ offset: Int) {
        self.message = message
        self.offset = offset
    }
}
