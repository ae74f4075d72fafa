import LoopSimScenario
import SwiftSyntax

/// `RunLoop.current.run(mode:before:)` as a value, and the loop that keeps a thread alive on it
/// (docs/swift-scenarios.md, "Running a run loop until a flag"):
///
///     while !done && RunLoop.current.run(mode: .default, before: .distantFuture) {}
///
/// The call is `runMode:` with `result:` (NO when the mode is empty and the loop did not run, YES after an
/// activation), hoisted before the statement as a returning method's call is (SwiftLowering+Returns.swift). A
/// `while` whose condition is an `&&` chain with such calls after its first operand tests each operand in turn at
/// the top of every turn, leaving at the first that is false — Swift's short-circuit, so a call runs only when the
/// operands before it held.
extension SwiftLowering {
    /// `RunLoop.current.run(mode: M, before: D)` used as a value: its `Bool`, from a hoisted `runMode:`. Nil when
    /// `call` is not one; `.some(nil)` after refusing it.
    mutating func runModeValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "run", let base = member.base,
            let loop = namedRunLoop(base) ?? currentRunLoopLocal(base, in: scope),
            call.arguments.first?.label?.text == "mode"
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        guard loop == "current runloop" else {
            unsupported(
                "`\(base.trimmedDescription).run(mode:before:)` as a value",
                "a thread runs its own loop: `RunLoop.current.run(…)`", at: call)
            return .some(nil)
        }
        guard hoisting.isOpen else {
            unsupported(
                "`run(mode:before:)`'s value here", "use it in a statement: `while !done && RunLoop.current.run(…) {}`",
                at: call)
            return .some(nil)
        }
        if let why = notEvaluatedEachTime(call) {
            unsupported(
                "`run(mode:before:)` used as a value \(why)",
                "write the loop's condition as an `&&` chain (`while !done && RunLoop.current.run(…) {}`) or run it "
                    + "into a local first", at: call)
            return .some(nil)
        }
        let l = location(call)
        let temporary = Self.temporaryName("ran", at: l)
        let steps = runStep(call, in: scope, result: temporary)
        guard !steps.isEmpty else { return .some(nil) }
        hoisting.steps += steps
        hoisting.temporaries[call.id] = (temporary, .bool)
        return .some((temporary, .bool))
    }

    /// The operands of `while a && b && c` when an operand after the first calls something a condition hoists (a
    /// `run(mode:before:)`, a method that returns a value); nil otherwise.
    func shortCircuitOperands(_ conditions: ConditionElementListSyntax) -> [ExprSyntax]? {
        guard conditions.count == 1, case .expression(let e) = conditions.first!.condition,
            let sequence = e.as(SequenceExprSyntax.self)
        else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        for i in stride(from: 1, to: elements.count, by: 2) {
            guard elements[i].as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" else { return nil }
        }
        let operands = stride(from: 0, to: elements.count, by: 2).map { elements[$0] }
        guard operands.dropFirst().contains(where: { callsSomething(Syntax($0)) }) else { return nil }
        return operands
    }

    /// `while a && b {}` of ``shortCircuitOperands(_:)``: `while: true` whose turn starts by testing each operand,
    /// its hoisted calls first, and breaking at the first that is false.
    mutating func shortCircuitWhile(
        _ w: WhileStmtSyntax, _ operands: [ExprSyntax], in scope: inout Scope
    ) -> [LocatedNode] {
        var tests: [LocatedNode] = []
        let saved = hoisting
        defer { hoisting = saved }
        for operand in operands {
            hoisting = Hoisting(isOpen: true, root: Syntax(operand))
            guard let lowered = expression(operand, in: scope) else { return [] }
            if !hoisting.releases.isEmpty {
                unsupported(
                    "an object returned by a call in a loop's condition", "bind it first: `let x = f()`", at: operand)
                return []
            }
            let at = location(operand)
            tests += hoisting.steps
            tests.append(
                .step("if", "!(\(lowered.text))", at: at, [("then", .list([.plain("break", at: at)], at: at))]))
        }
        hoisting = saved
        var body = scope
        body.returnBreaksLoop = w.id == scope.tailLoopID
        let steps = tests + lowerStatements(w.body.statements, in: &body, tail: false)
        return [.step("while", "true", at: location(w.conditions), [("do", .list(steps, at: location(w)))])]
    }

    /// Whether `node` holds a call (not inside a closure).
    private func callsSomething(_ node: Syntax) -> Bool {
        if node.is(ClosureExprSyntax.self) { return false }
        if node.is(FunctionCallExprSyntax.self) { return true }
        return node.children(viewMode: .sourceAccurate).contains { callsSomething($0) }
    }
}
