/// A step whose run-loop mode is a string variable (`runMode: mode` with `let: mode = "custom"`), resolved when
/// the step runs: the inner step is made with the mode's name then, as a call with an `NSString *` argument.
///
/// The short names `default`, `common` and `tracking` stand for CF's names there too. A nil mode crashes the run
/// (CF hashes the name to find the mode: `__CFRunLoopFindMode` on NULL), a value that is not a string is a fault,
/// and a near-miss of a well-known mode (`defualt`) is a fault naming it, as the compiler's `mode.unknown` does for
/// a literal: any other text is a custom mode.
public struct ModeExpressionStep: ExecutableStep {
    public var mode: Expr
    public var make: @Sendable (String) -> any ExecutableStep
    public var verb: String { make(RunLoopModeName.default).verb }

    public init(mode: Expr, make: @escaping @Sendable (String) -> any ExecutableStep) {
        self.mode = mode
        self.make = make
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        try make(try Self.modeName(try c.value(mode), verb: verb)).execute(in: c)
    }

    /// CF's name for the mode a value names.
    public static func modeName(_ value: Value, verb: String) throws(RuntimeFault) -> String {
        switch value {
        case .string(let text):
            let name = RunLoopModeName.canonical(text)
            if name == text, let known = nearMiss(text) {
                throw RuntimeFault(
                    "\(verb): unknown mode '\(text)'; did you mean `\(known)`? (any other name is a "
                        + "custom mode)")
            }
            return name
        case .null:
            throw RuntimeFault("\(verb): the mode is nil (CFRunLoop looks a mode up by its name: a nil name crashes)")
        default:
            throw RuntimeFault("\(verb): the mode must be a string")
        }
    }

    /// The modes a near-miss is checked against: what a scenario is likely to have meant.
    static let wellKnownModes = [
        "default", "common", "tracking", "NSDefaultRunLoopMode", "kCFRunLoopDefaultMode",
        "NSRunLoopCommonModes", "kCFRunLoopCommonModes", "UITrackingRunLoopMode",
    ]

    /// The well-known mode `text` misspells (an edit distance of at most 2, and less than half its length).
    static func nearMiss(_ text: String) -> String? {
        guard !wellKnownModes.contains(text) else { return nil }
        let a = Array(text.lowercased().unicodeScalars)
        for known in wellKnownModes {
            let b = Array(known.lowercased().unicodeScalars)
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    let current = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = current
                }
            }
            let distance = row[b.count]
            if distance <= 2 && distance * 2 < known.count { return known }
        }
        return nil
    }
}
