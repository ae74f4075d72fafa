import LoopSimScenario

/// Evaluates `expect:` entries against a run's JSON report.
public enum ExpectationCheck {
    /// One evaluated expectation.
    public struct Result: Sendable, Hashable {
        public var expectation: Expectation
        public var actual: JSONValue?
        public var passed: Bool
        /// For a failed range, the bound that failed (`above max: 5`).
        public var failedBound: String?
        /// `figure op value (actual: x)` for failures, naming the failed bound of a range.
        public var explanation: String {
            guard !passed else { return expectation.text }
            // An absent figure says so once: its failed bound is "absent" too.
            let bound = actual == nil ? nil : failedBound
            return "\(expectation.text) (actual: \(actual?.compact ?? "absent")" + (bound.map { ", \($0)" } ?? "") + ")"
        }

        public init(expectation: Expectation, actual: JSONValue?, passed: Bool, failedBound: String? = nil) {
            self.expectation = expectation
            self.actual = actual
            self.passed = passed
            self.failedBound = failedBound
        }
    }

    /// The expectations that apply to `variant`, evaluated against `report`.
    public static func evaluate(_ expectations: [Expectation], variant: String, report: JSONValue) -> [Result] {
        expectations.filter { $0.variant == nil || $0.variant == variant }.map { e in
            let actual = e.logQuery.map { logFigure($0, in: report) } ?? report.value(at: e.figure)
            if case .range(let min, let max) = e.expected {
                let failed = failedBound(actual, min: min, max: max)
                return Result(expectation: e, actual: actual, passed: failed == nil, failedBound: failed)
            }
            return Result(expectation: e, actual: actual, passed: matches(actual, e))
        }
    }

    /// What a log check reads from the report's `logs`: the number of lines with the text, the `at_ms` of the
    /// first of them (nil when none), or the listed texts that were logged, in the order of their lines (the k-th
    /// mention of a text being its k-th line).
    static func logFigure(_ query: Expectation.LogQuery, in report: JSONValue) -> JSONValue? {
        var lines: [(text: String, at: JSONValue)] = []
        if case .array(let logs)? = report.value(at: "logs") {
            for case .object(let line) in logs {
                if case .string(let text)? = line["text"] { lines.append((text, line["at_ms"] ?? .null)) }
            }
        }
        switch query {
        case .count(let text):
            return .int(Int64(lines.filter { $0.text == text }.count))
        case .firstAt(let text):
            return lines.first { $0.text == text }?.at
        case .order(let texts):
            // The k-th mention of a text in the list stands for the k-th line with that text (for a list without
            // repeats, each text's first line): `[loading, failed, loading, loaded]` checks the second `loading`
            // came after `failed`. A mention with no such line is left out, so the list cannot match.
            var mentions: [String: Int] = [:]
            var placed: [(text: String, index: Int)] = []
            for t in texts {
                let k = mentions[t, default: 0]
                mentions[t] = k + 1
                let indices = lines.indices.lazy.filter { lines[$0].text == t }
                if let index = indices.dropFirst(k).first { placed.append((t, index)) }
            }
            return .array(placed.sorted { $0.index < $1.index }.map { .string($0.text) })
        }
    }

    /// Why a figure is outside `{min, max}` (`below min: 1`, `above max: 5`, `not a number`), or nil when inside.
    /// An array is its count, as for a number; the bounds are inclusive, with the tolerance of `<=` and `>=`.
    static func failedBound(_ actual: JSONValue?, min: Double?, max: Double?) -> String? {
        let value: Double
        switch actual {
        case .int(let i)?: value = Double(i)
        case .double(let d)?: value = d
        case .array(let items)?: value = Double(items.count)
        case nil: return "absent"
        default: return "not a number"
        }
        if let min, !compare(value, .greaterOrEqual, min) { return "below min: \(Expectation.number(min))" }
        if let max, !compare(value, .lessOrEqual, max) { return "above max: \(Expectation.number(max))" }
        return nil
    }

    static func matches(_ actual: JSONValue?, _ e: Expectation) -> Bool {
        guard let actual else { return e.expected == .null && e.op == .equal }
        switch (actual, e.expected) {
        case (.null, .null): return e.op == .equal
        case (.bool(let a), .bool(let b)): return e.op == .equal ? a == b : (e.op == .notEqual ? a != b : false)
        case (.string(let a), .string(let b)): return e.op == .equal ? a == b : (e.op == .notEqual ? a != b : false)
        // A text figure compares with the expected value as written: `"0"`, `0` and `'0'` match the text 0.
        case (.string(let a), _) where e.written != nil && (e.op == .equal || e.op == .notEqual):
            return (a == e.written) == (e.op == .equal)
        case (.array(let items), .number(let n)): return compare(Double(items.count), e.op, n)
        case (.array(let items), .texts(let texts)):
            let same = items == texts.map { .string($0) }
            return e.op == .equal ? same : (e.op == .notEqual ? !same : false)
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
