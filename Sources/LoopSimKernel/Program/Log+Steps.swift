/// The log verb's step with interpolations (docs/scenario-format.md §7.1): `log: "tick \(self.count)"`.

/// One piece of an interpolated log's text: text as written, or an expression whose value is written there.
public enum LogPart: Sendable {
    /// Text logged as it is.
    case text(String)
    /// An integer, Boolean or string expression (the compiler checks the type), written as Swift's string
    /// interpolation writes the value (``InterpolatedLogStep/describe(_:)``).
    case value(Expr)
}

/// `log: "tick \(self.count)"`: evaluates each interpolation when the step runs and logs the text they make, as
/// `print("tick \(count)")` prints it. A log without interpolations stays ``Step/log(_:)``, whose text is fixed.
public struct InterpolatedLogStep: ExecutableStep {
    public var verb: String { "log" }
    /// The text's pieces, in order.
    public var parts: [LogPart]

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .value(let expr): text += Self.describe(try c.value(expr))
            }
        }
        let k = c.kernel
        k.records.logs.append(LogEntry(at: k.now, thread: c.thread.name, text: text))
        k.record(c.thread, .log(text: k.name(text)))
        return .next
    }

    /// A value as Swift's default string interpolation writes it (`DefaultStringInterpolation.appendInterpolation`,
    /// which uses `String(describing:)`): an integer in decimal, `true`/`false`, a string's own characters, and
    /// `nil` for an absent value. The compiler lets only integer, Boolean and string expressions through, so the
    /// last case names a kernel handle only if that check is bypassed; it never prints an address.
    static func describe(_ value: Value) -> String {
        /// An element as a collection's description writes it: its `debugDescription`, which quotes a string.
        func debug(_ v: Value) -> String { if case .string(let s) = v { "\"\(s)\"" } else { describe(v) } }
        return switch value {
        case .int(let n): String(n)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): s
        case .null: "nil"
        case .duration(let d): DurationArithmetic.describe(d)  // a `Double`'s description: `0.5`, `2.0`
        case .object, .runLoop, .thread, .queue: "<object>"
        // `print(["a", "b"])`: an array's description writes each element's `debugDescription`, quoting strings.
        case .array(let elements): "[" + elements.map(debug).joined(separator: ", ") + "]"
        // `print(["a": 1])`: the compilers refuse it (Swift's order is unspecified); the model's order if reached.
        case .dictionary(let entries):
            entries.keys.isEmpty
                ? "[:]"
                : "["
                    + zip(entries.keys, entries.values).map { debug($0) + ": " + debug($1) }.joined(separator: ", ")
                    + "]"
        }
    }
}
