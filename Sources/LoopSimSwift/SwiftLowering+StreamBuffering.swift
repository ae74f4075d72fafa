import LoopSimScenario
import SwiftSyntax

/// An `AsyncStream`'s buffering policy (SE-0314; swift stdlib/public/Concurrency/AsyncStreamBuffer.swift,
/// `_Storage.yield(_:)`): `AsyncStream(Int.self, bufferingPolicy: .bufferingNewest(1)) { … }` or
/// `AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(3))` is lowered to the `asyncStream:`
/// step's `bufferingNewest:` or `bufferingOldest:` (docs/swift-scenarios.md, "AsyncStream and for await").
extension SwiftLowering {
    /// A buffering policy as written: its limit (nil for `.unbounded`) and whether it keeps the newest values.
    struct StreamBuffering {
        let limit: ExprSyntax?
        let keepsNewest: Bool
    }

    /// `.unbounded`, `.bufferingNewest(n)` or `.bufferingOldest(n)` (also spelled with its type,
    /// `AsyncStream<Int>.Continuation.BufferingPolicy.bufferingNewest(1)`); nil after refusing any other value (a
    /// policy held in a variable).
    mutating func streamBufferingPolicy(_ e: ExprSyntax) -> StreamBuffering? {
        let isPolicyType = { (base: ExprSyntax?) in
            base.map { $0.trimmedDescription.hasSuffix("BufferingPolicy") } ?? true
        }
        let value = unparenthesized(e)
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "unbounded",
            isPolicyType(member.base)
        {
            return StreamBuffering(limit: nil, keepsNewest: false)
        }
        guard let call = value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), isPolicyType(member.base),
            ["bufferingNewest", "bufferingOldest"].contains(member.declName.baseName.text),
            call.arguments.count == 1, let limit = call.arguments.first, limit.label == nil,
            call.trailingClosure == nil
        else {
            unsupported(
                "this buffering policy",
                "write the policy in the call: `bufferingPolicy: .bufferingNewest(1)`, `.bufferingOldest(5)` or "
                    + "`.unbounded`", at: e)
            return nil
        }
        return StreamBuffering(limit: limit.expression, keepsNewest: member.declName.baseName.text == "bufferingNewest")
    }
}

extension SwiftLowering {
    /// `let r = continuation.yield(v)`, `if case .terminated = continuation.yield(v)`, `print(continuation.yield(v))`:
    /// reading `yield`'s `YieldResult` (`.enqueued(remaining:)`, `.dropped(v)`, `.terminated`) is refused, located;
    /// the call as a statement (or `_ = …`) is modelled. True after refusing.
    mutating func refuseYieldResult(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "yield", var base = member.base
        else { return false }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        let snapshot = self
        let type = expression(base, in: scope)?.type
        self = snapshot
        guard let type, case .api(let name) = type.unwrapped, Self.streamElement(of: type) != nil,
            name.hasSuffix(".Continuation")
        else { return false }
        unsupported(
            "reading the result of `yield` (its `YieldResult`)",
            "LoopSim buffers and drops the values as the stream's buffering policy says, but does not give the result "
                + "back: call `continuation.yield(value)` as a statement (or `_ = continuation.yield(value)`)",
            at: call)
        return true
    }

    /// Whether `e` holds a call of `yield` on a stream's continuation (refused, located: its result is read).
    mutating func refuseYieldResults(in e: ExprSyntax, scope: Scope) -> Bool {
        let calls = YieldCallFinder(viewMode: .sourceAccurate)
        calls.walk(e)
        var refused = false
        for call in calls.found where refuseYieldResult(call, in: scope) { refused = true }
        return refused
    }
}

/// The calls of a method named `yield` in an expression (not in its closures).
private final class YieldCallFinder: SyntaxVisitor {
    var found: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "yield" {
            found.append(node)
        }
        return .visitChildren
    }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
