import LoopSimScenario
import SwiftSyntax

/// `completion(failed ? .failure(.timeout) : .success("ada"))`: the conditional operator choosing a `Result` case
/// as an argument (The Swift Programming Language, "Basic Operators" › "Ternary Conditional Operator": shorthand
/// for an `if` that evaluates only the branch it chose). A `Result` argument is two values, its success and failure
/// parts (SwiftLowering+Result.swift), so the choice is an `if:` before the statement storing both parts into
/// temporaries `resultLINExCOL_success`/`_failure`, which the call passes (``Hoisting``).
extension SwiftLowering {
    /// The two parts of `c ? a : b` of `Result` type `type`, each branch a `Result` argument
    /// (``resultArgument(_:_:in:)``). Nil when `e` is no conditional; `.some(nil)` after refusing it.
    mutating func resultChoice(_ e: ExprSyntax, _ type: LoweredType, in scope: Scope) -> [String]?? {
        guard case .result(let success, _) = type, let sequence = e.as(SequenceExprSyntax.self) else {
            return nil
        }
        let elements = Array(sequence.elements)
        guard let split = ternarySplit(elements) else { return nil }
        let mark = elements[split.condition.count]
        if let done = hoisting.temporaries[mark.id] { return .some(resultChoiceParts(done.0, type).map(\.name)) }
        guard split.yes.count == 1, split.no.count == 1, hoisting.isOpen else {
            unsupported(
                "the conditional operator `?:` choosing a `Result` here",
                "write an `if` with a call in each branch", at: mark)
            return .some(nil)
        }
        if let why = notEvaluatedEachTime(sequence) {
            unsupported(
                "the conditional operator `?:` choosing a `Result` \(why)",
                "Swift may not evaluate it each time the statement runs: write an `if` with a call in each branch",
                at: mark)
            return .some(nil)
        }
        guard let condition = infix(split.condition, in: scope) else { return .some(nil) }
        let before = HoistMark(hoisting)
        guard let yes = resultArgument(split.yes[0], type, in: scope),
            let no = resultArgument(split.no[0], type, in: scope)
        else { return .some(nil) }
        guard hoisting.steps.count == before.steps, hoisting.releases.count == before.releases else {
            // A branch's own call would be hoisted before the choice and run whichever branch Swift takes.
            unsupported(
                "a call inside a branch of `?:` choosing a `Result`",
                "write an `if` with a call in each branch", at: mark)
            return .some(nil)
        }
        let at = location(mark)
        let temporary = Self.temporaryName("result", at: at)
        let places = resultChoiceParts(temporary, type)
        guard places.count == yes.count, places.count == no.count else { return .some(nil) }
        func parts(_ values: [String]) -> LocatedNode {
            .list(zip(places, values).map { LocatedNode.step("set", "\($0.name) = \($1)", at: at) }, at: at)
        }
        hoisting.steps += places.map { LocatedNode.step("let", "\($0.name): \($0.type) = nil", at: at) }
        hoisting.steps.append(
            .step("if", condition.text, at: location(split.condition[0]), [("then", parts(yes)), ("else", parts(no))]))
        if success.isObject { hoisting.releases.append(.step("release", "\(temporary)_success", at: at)) }
        hoisting.temporaries[mark.id] = (temporary, type)
        return .some(places.map(\.name))
    }

    /// The temporaries a chosen `Result` of `type` is held in, with their types: `T_success` and `T_failure`, or for
    /// a struct success one per stored property, `T_success_name`, … (SwiftLowering+StructResults.swift).
    private func resultChoiceParts(_ temporary: String, _ type: LoweredType) -> [(name: String, type: String)] {
        guard case .result(let success, let failure) = type else { return [] }
        let failurePart = ("\(temporary)_failure", failure.fieldTypeName ?? "string")
        if case .value(let s) = success {
            return flatFields(of: s, prefix: "\(temporary)_success").map {
                ($0.place, $0.field.type.fieldTypeName ?? "id")
            } + [failurePart]
        }
        return [("\(temporary)_success", success == .timer ? "NSTimer" : (success.fieldTypeName ?? "id")), failurePart]
    }
}
