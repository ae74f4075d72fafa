/// One piece of a `String(format:)` format (the scenario language's `format("%02d:%02d", m, s)`): text, or a
/// conversion of one argument. The subset is the integers', the doubles' and the strings': `%d %i %u %x %X %o` with
/// the flags `- 0 + space #`, a width, a precision and a length (`h hh l ll q z t j`), `%f %F %e %E %g %G` (with
/// `l` or no length), `%@` (a width is ignored, as CF ignores it), and `%%`. Its output is C's `printf` (ISO C
/// §7.21.6.1), as Foundation's `-[NSString initWithFormat:]` writes numbers: a conversion without `l`/`ll`/`q` reads
/// 32 bits of the argument (`%d` of `Int(1) << 32 + 5` writes `5`); a floating conversion writes the exact binary
/// value of the `Double` rounded half to even (glibc's and Darwin's libc's `printf` in the default rounding mode).
public enum FormatPiece: Sendable, Equatable {
    case text(String)
    case integer(FormatSpec)
    case floating(FormatSpec)
    case string(FormatSpec)

    /// What a conversion takes.
    public enum Argument: Sendable, Equatable {
        case integer, floating, string
    }

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
        /// `d i u x X o f F e E g G @`.
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
            case "f", "F", "e", "E", "g", "G":
                // C's `l` does nothing to a floating conversion (§7.21.6.1 ¶7); the others are undefined there.
                guard length.isEmpty || length == "l" else {
                    return .failure(
                        FormatError("the length `\(length)` does not apply to `%\(spec.conversion)`", start))
                }
                guard (spec.precision ?? 0) <= 40 else {
                    return .failure(FormatError("a precision above 40 digits is not modelled", start))
                }
                pieces.append(.floating(spec))
            default:
                return .failure(
                    FormatError(
                        "`%\(spec.conversion)` is not modelled: the formats are `%d`, `%i`, `%u`, `%x`, `%X`, `%o` "
                            + "of integers, `%f`, `%e`, `%g` of doubles, `%@` of strings and `%%`", start))
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return .success(pieces)
    }

    /// What the format's conversions take, in order.
    public static func arguments(of pieces: [FormatPiece]) -> [Argument] {
        pieces.compactMap {
            switch $0 {
            case .text: nil
            case .integer: .integer
            case .floating: .floating
            case .string: .string
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

    /// `x` written by a floating conversion (`f F e E g G`), as `printf` writes a finite `Double`: its exact binary
    /// value in decimal, rounded half to even at the precision (6 when none is written; `%g`'s is significant
    /// digits).
    public static func write(_ x: Double, _ spec: FormatSpec) -> String {
        let exact = ExactDecimal(x.magnitude)
        let upper = spec.conversion.isUppercase
        var body: String
        switch spec.conversion {
        case "e", "E":
            body = exact.scientific(spec.precision ?? 6, alternate: spec.alternate, upper: upper)
        case "g", "G":
            let p = max(spec.precision ?? 6, 1)
            // The exponent `%e` would write with p - 1 decimals chooses the style (§7.21.6.1 ¶8).
            let exponent = exact.rounded(significant: p).exponent
            if exponent < p && exponent >= -4 {
                body = exact.fixed(p - 1 - exponent, alternate: spec.alternate)
            } else {
                body = exact.scientific(p - 1, alternate: spec.alternate, upper: upper)
            }
            if !spec.alternate { body = trimmingZeros(body) }
        default:
            body = exact.fixed(spec.precision ?? 6, alternate: spec.alternate)
        }
        // C writes the sign of a negative value that rounds to zero too (`-0.0`).
        let prefix = x.sign == .minus ? "-" : spec.plus ? "+" : spec.space ? " " : ""
        let length = prefix.count + body.count
        guard length < spec.width else { return prefix + body }
        let pad = spec.width - length
        if spec.leftAlign { return prefix + body + String(repeating: " ", count: pad) }
        if spec.zeroPad { return prefix + String(repeating: "0", count: pad) + body }
        return String(repeating: " ", count: pad) + prefix + body
    }

    /// `%g`'s output without the fraction's trailing zeros, nor a point left alone (§7.21.6.1 ¶8).
    private static func trimmingZeros(_ body: String) -> String {
        var mantissa = Substring(body)
        var exponent: Substring = ""
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = body[..<e]
            exponent = body[e...]
        }
        guard mantissa.contains(".") else { return body }
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        if mantissa.hasSuffix(".") { mantissa.removeLast() }
        return String(mantissa + exponent)
    }
}

/// A non-negative finite `Double`'s exact value in decimal: `digits` × 10^-`scale` (a binary fraction's expansion
/// ends: 2^-k = 5^k × 10^-k), and its roundings, half to even, as `printf` writes them.
struct ExactDecimal {
    /// The decimal digits, most significant first, without leading zeros ("0" for zero).
    var digits: [UInt8]
    /// How many of `digits` (from the right) are after the point; may exceed the count (leading zeros).
    var scale: Int

    var isZero: Bool { digits.allSatisfy { $0 == 0 } }

    init(digits: [UInt8], scale: Int) {
        self.digits = digits
        self.scale = scale
    }

    init(_ x: Double) {
        guard x != 0, x.isFinite else {
            self.init(digits: [0], scale: 0)
            return
        }
        // x = m × 2^e, m an integer below 2^53.
        let m = x.significandBitPattern | (x.exponentBitPattern == 0 ? 0 : 1 << 52)
        let e = (x.exponentBitPattern == 0 ? 1 : Int(x.exponentBitPattern)) - 1075
        var limbs = Self.limbs(m)
        if e >= 0 {
            var left = e
            while left > 0 {
                let step = min(left, 29)
                Self.multiply(&limbs, by: 1 << UInt32(step))
                left -= step
            }
            self.init(digits: Self.decimal(limbs), scale: 0)
        } else {
            var left = -e
            while left > 0 {
                let step = min(left, 12)
                var factor: UInt64 = 1
                for _ in 0..<step { factor *= 5 }
                Self.multiply(&limbs, by: factor)
                left -= step
            }
            self.init(digits: Self.decimal(limbs), scale: -e)
        }
    }

    /// The power of ten of the first digit (x = d.ddd × 10^exponent); 0 for zero.
    var exponent: Int {
        guard let first = digits.firstIndex(where: { $0 != 0 }) else { return 0 }
        return digits.count - first - 1 - scale
    }

    /// Rounded, half to even, to `places` digits after the point (`places` ≥ 0).
    func rounded(places: Int) -> ExactDecimal {
        rounded(dropping: scale - places)
    }

    /// Rounded, half to even, to `count` significant digits (count ≥ 1).
    func rounded(significant count: Int) -> ExactDecimal {
        guard !isZero else { return ExactDecimal(digits: [0], scale: 0) }
        let first = digits.firstIndex(where: { $0 != 0 })!
        return rounded(dropping: digits.count - first - count)
    }

    /// Without its last `n` digits, rounded half to even; n ≤ 0 appends zeros.
    private func rounded(dropping n: Int) -> ExactDecimal {
        if n <= 0 { return ExactDecimal(digits: digits + Array(repeating: 0, count: -n), scale: scale - n) }
        guard n <= digits.count else {
            // Every digit is dropped and the first dropped one is a leading zero: below half.
            return ExactDecimal(digits: [0], scale: scale - n)
        }
        var kept = Array(digits[..<(digits.count - n)])
        let dropped = digits[(digits.count - n)...]
        let first = dropped.first!
        let rest = dropped.dropFirst().contains { $0 != 0 }
        let up = first > 5 || (first == 5 && (rest || (kept.last ?? 0) % 2 == 1))
        if up {
            var i = kept.count - 1
            while i >= 0 && kept[i] == 9 {
                kept[i] = 0
                i -= 1
            }
            if i >= 0 { kept[i] += 1 } else { kept.insert(1, at: 0) }
        }
        if kept.isEmpty { kept = [0] }
        while kept.count > 1 && kept[0] == 0 { kept.removeFirst() }
        return ExactDecimal(digits: kept, scale: scale - n)
    }

    /// `%.{places}f`: the integer part, then a point and `places` digits (a point alone with `#` and 0 places).
    func fixed(_ places: Int, alternate: Bool) -> String {
        let r = rounded(places: places)
        var all = r.digits
        if all.count <= places { all = Array(repeating: 0, count: places + 1 - all.count) + all }
        let whole = all[..<(all.count - places)].map { Character(String($0)) }
        let fraction = all[(all.count - places)...].map { Character(String($0)) }
        return String(whole) + (places > 0 || alternate ? "." : "") + String(fraction)
    }

    /// `%.{places}e`: one digit, a point and `places` digits, `e`, the exponent's sign and at least two digits.
    func scientific(_ places: Int, alternate: Bool, upper: Bool) -> String {
        var r = rounded(significant: places + 1)
        var exponent = 0
        if r.isZero {
            r = ExactDecimal(digits: Array(repeating: 0, count: places + 1), scale: places)
        } else {
            exponent = r.exponent
            // A carry (9.99 -> 10.0) adds a digit: the rounding to places + 1 significant digits drops it again.
            if r.digits.count > places + 1 { r = r.rounded(significant: places + 1) }
        }
        let chars = r.digits.prefix(places + 1).map { Character(String($0)) }
        let mantissa = String(chars.first!) + (places > 0 || alternate ? "." : "") + String(chars.dropFirst())
        let e = exponent.magnitude < 10 ? "0\(exponent.magnitude)" : "\(exponent.magnitude)"
        return mantissa + (upper ? "E" : "e") + (exponent < 0 ? "-" : "+") + e
    }

    private static func limbs(_ m: UInt64) -> [UInt64] {
        var limbs: [UInt64] = []
        var m = m
        repeat {
            limbs.append(m % 1_000_000_000)
            m /= 1_000_000_000
        } while m > 0
        return limbs
    }

    /// limbs (base 10^9, least significant first) × factor (below 2^32 × 10^9 / 10^9 headroom: ≤ 5^12 or 2^29).
    private static func multiply(_ limbs: inout [UInt64], by factor: UInt64) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let v = limbs[i] * factor + carry
            limbs[i] = v % 1_000_000_000
            carry = v / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }

    private static func decimal(_ limbs: [UInt64]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, limb) in limbs.reversed().enumerated() {
            var chunk = Array(String(limb).utf8.map { $0 - 48 })
            if i > 0 { chunk = Array(repeating: 0, count: 9 - chunk.count) + chunk }
            out += chunk
        }
        return out
    }
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
