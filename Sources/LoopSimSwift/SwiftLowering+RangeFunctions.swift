import LoopSimScenario
import SwiftSyntax

/// `(0..<5).map { … }`, `(1...3).filter { … }`, `(0..<n).reduce(0, +)`: an array's functions that take a closure
/// (SwiftLowering+ArrayFunctions.swift) on a range of `Int`s written in place. `Range` and `ClosedRange` of `Int` are
/// `Sequence`s whose elements are their integers in increasing order (the standard library's Range.swift and
/// ClosedRange.swift), and `map`/`filter`/`reduce` are `Sequence`'s, running the closure once per element before
/// they return, so each is the language's `for: i in A..<B` (docs/scenario-format.md §7.1) with the same body as
/// over an array. The bounds are evaluated once, when the loop is reached, as Swift builds the range before the
/// call; an upper bound below the lower one crashes the run as Swift's `Range` does.
extension SwiftLowering {
    /// The lower bound, the operator (`..<` or `...`) and the upper bound of `(A..<B)` or `(A...B)`; nil for anything
    /// else.
    static func rangeOperands(_ e: ExprSyntax) -> (lower: ExprSyntax, op: String, upper: ExprSyntax)? {
        guard let tuple = e.as(TupleExprSyntax.self), tuple.elements.count == 1,
            tuple.elements.first?.label == nil,
            let sequence = tuple.elements.first?.expression.as(SequenceExprSyntax.self),
            sequence.elements.count == 3,
            let op = sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..." || op == "..<", let lower = sequence.elements.first, let upper = sequence.elements.last
        else { return nil }
        return (lower, op, upper)
    }

    /// The loop source `A..<B` of a range written in place, typed as an array of `Int`s (its elements); nil when `e`
    /// is no range. A range of other values than `Int`s is refused (`.some` of nil after reporting).
    mutating func rangeSource(_ e: ExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)? {
        guard let (lower, op, upper) = Self.rangeOperands(e) else { return nil }
        guard let low = expression(lower, in: scope), let high = expression(upper, in: scope) else {
            return ("", .unknown)
        }
        guard low.type == .int, high.type == .int else {
            unsupported(
                "a function of a range of other values than `Int`s",
                "loop over a range of integers: `(0..<n).map { … }`",
                at: e)
            return ("", .unknown)
        }
        return ("\(low.text)\(op)\(high.text)", .array(.int))
    }
}
