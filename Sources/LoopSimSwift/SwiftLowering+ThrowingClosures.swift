import LoopSimScenario
import SwiftSyntax

/// Throwing closures (`_ body: () throws -> Void`, `var step: (() throws -> Void)?`) and `rethrows` methods. A
/// closure is a block of the language, which returns nothing to its caller, so a throwing one takes a hidden last
/// parameter `thrownInto`: the object that calls it, which passes itself. A `throw` (or a `try` that throws) in the
/// closure's body sends the error to that object's hidden method `closureThrew`, which stores it in its
/// `thrownError`, and returns; the caller's `try body()` then reads its own `thrownError` as after a call of a
/// throwing method (SwiftLowering+Throws.swift), so the error goes on to its `do`'s `catch`es or out of its
/// `throws`/`rethrows` method. A `rethrows` method is a throwing method: it throws only what its closure throws,
/// which is what the model passes on (the Swift book, "Declarations" › "Rethrowing Functions and Methods").
extension SwiftLowering {
    /// The hidden last parameter type of a throwing closure's block.
    static let closureBoxType: LoweredType = .conformer("ThrowsInto")
    /// The hidden last parameter's name.
    static let closureBoxName = "thrownInto"
    /// The hidden method of a class that calls throwing closures: stores the error a closure threw.
    static let closureThrewMethod = "closureThrew"

    /// Whether `decl` spells a throwing closure type (a parameter, a property or a local's annotation).
    func mentionsThrowingClosureType(_ decl: some SyntaxProtocol) -> Bool {
        let finder = ThrowingFunctionTypeFinder(viewMode: .sourceAccurate)
        finder.walk(decl)
        return !finder.found.isEmpty
    }

    /// Records `closureThrew` as a throwing member of each class of a file that spells a throwing closure type,
    /// so that any of them may call one (`try worker.onStep?()` from another class): each has the hidden field
    /// `thrownError` its closures' throws go to.
    func collectThrowingClosures(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        guard mentionsThrowingClosureType(decl.root) else { return }
        shape.throwing.insert(Self.closureThrewMethod)
    }

    /// The hidden method `closureThrew: {params: [error: string], do: [set: self.thrownError = error]}`.
    func closureThrewMethodNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard classes[className]?.throwing.contains(Self.closureThrewMethod) == true else { return [] }
        return [
            (
                Self.closureThrewMethod,
                .map(
                    [
                        ("params", .list([.map([("error", .plain("string", at: at))], at: at)], at: at)),
                        ("do", .list([.step("set", "self.\(Self.thrownField) = error", at: at)], at: at)),
                    ], at: at)
            )
        ]
    }

    /// The object a throwing closure's call passes as where its throws go: `self` of the calling method, whose class
    /// has `closureThrew`. Nil after refusing a call elsewhere.
    mutating func throwingClosureCaller(_ call: FunctionCallExprSyntax, in scope: Scope) -> String? {
        guard let cls = scope.className, classes[cls]?.throwing.contains(Self.closureThrewMethod) == true,
            let me = scope.locals["self"]
        else {
            unsupported(
                "calling a throwing closure here",
                "call it with `try` in a method, a closure that uses `self` or an init of one of the file's classes",
                at: call)
            return nil
        }
        return me.text("self")
    }

    /// The steps that send `error` out of a throwing closure's body to the object that called it, then return.
    func closureThrow(_ error: String, at: ScenarioLocation) -> [LocatedNode] {
        [
            .step(
                "call", "\(Self.closureBoxName).\(Self.closureThrewMethod)", at: at,
                [("with", .list([.plain(error, at: at)], at: at))]),
            .plain("return", at: at),
        ]
    }

    /// `try body()`, `try step?()`, `try? body()`, `try! body()` of a throwing closure value: the call (passing the
    /// caller), then the check of the caller's `thrownError`. Nil when `call` calls no throwing closure.
    mutating func throwingClosureCallStatement(
        _ call: FunctionCallExprSyntax, tryKind: TryKind, in scope: Scope
    ) -> [LocatedNode]? {
        var callee = call.calledExpression
        if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression }
        guard tryKind != .none, case .closure(let types) = staticType(callee, in: scope, report: false),
            types.last == Self.closureBoxType
        else { return nil }
        guard let steps = closureValueCall(call, in: scope), !steps.isEmpty,
            let me = scope.locals["self"]?.text("self"),
            let check = thrownCheck(receiver: me, kind: tryKind, at: call, in: scope)
        else { return [] }
        return steps + check
    }
}

extension SwiftLowering {
    /// Whether a statement `try! e` is one the lowering traps for: a call of a throwing method of the file or of a
    /// throwing closure (``thrownCheck(receiver:kind:at:in:nilling:)``'s `try!` branch, Swift's "'try!' expression
    /// unexpectedly raised an error").
    mutating func isModelledForcedTry(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self) else { return false }
        var callee = call.calledExpression
        if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression }
        if case .closure(let types) = staticType(callee, in: scope, report: false), types.last == Self.closureBoxType {
            return true
        }
        return throwingCallee(call, in: scope) != nil
    }
}

/// The function types with a `throws` clause in a subtree.
final class ThrowingFunctionTypeFinder: SyntaxVisitor {
    var found: [FunctionTypeSyntax] = []
    override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
        if node.effectSpecifiers?.throwsClause != nil { found.append(node) }
        return .visitChildren
    }
}
