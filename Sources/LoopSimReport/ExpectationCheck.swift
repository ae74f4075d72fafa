import LoopSimScenario

/// Evaluates `expect:` entries against a run's JSON report.
public enum ExpectationCheck {
    /// One evaluated expectation.
    public struct Result: Sendable, Hashable {
        public var expectation: Expectation
        public var actual: JSONValue?
        public var passed: Bool
        /// `figure op value (actual: x)` for failures.
        public var explanation: String {
            passed ? expectation.text : "\(expectation.text) (actual: \(actual?.compact ?? "absent"))"
        }
    }

    /// The expectations that apply to `variant`, evaluated against `report`.
    public static func evaluate(_ expectations: [Expectation], variant: String, report: JSONValue) -> [Result] {
        expectations.filter { $0.variant == nil || $0.variant == variant }.map { e in
            let actual = report.value(at: e.figure)
            return Result(expectation: e, actual: actual, passed: matches(actual, e))
        }
    }

    static func matches(_ actual: JSONValue?, _ e: Expectation) -> Bool {
        guard let actual else { return e.expected == .null && e.op == .equal }
        switch (actual, e.expected) {
        case (.null, .null): return e.op == .equal
        case (.bool(let a), .bool(let b)): return e.op == .equal ? a == b : (e.op == .notEqual ? a != b : false)
        case (.string(let a), .string(let b)): return e.op == .equal ? a == b : (e.op == .notEqual ? a != b : false)
        case (.array(let items), .number(let n)): return compare(Double(items.count), e.op, n)
        case (.int(let a), .number(let n)): return compare(Double(a), e.op, n)
        case (.double(let a), .number(let n)): return compare(a, e.op, n)
        default: return e.op == .notEqual
        }
    }

    static func compare(_ a: Double, _ op: Expectation.Operator, _ b: Double) -> Bool {
        let tolerance = 1e-9 * max(1, abs(b))
        switch op {
        case .equal: return abs(a - b) <= tolerance
        case .notEqual: return abs(a - b) > tolerance
        case .less: return a < b
        case .lessOrEqual: return a <= b + tolerance
        case .greater: return a > b
        case .greaterOrEqual: return a >= b - tolerance
        }
    }
}
