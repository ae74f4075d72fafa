import LoopSimScenario
import SwiftSyntax

/// A function nested in a method or closure (`func append(_ n: Int) { … }` inside a completion handler): Swift's
/// nested function captures what it uses from the body around it (the Swift book, "Closures" › "Capturing Values":
/// "nested functions … can capture … values from their enclosing function"). One that returns nothing and is called
/// as a statement is inlined where it is called: its parameters are `let` locals bound to the call's arguments
/// (`NAME_PARAM_LINExCOL`), then its statements run with the caller's names — what it would capture. Refused at the
/// declaration: a value returned, `async`, `throws`, generics, a `return` (it would leave the body around the call),
/// and a call of itself; at the call, a use as a value.
extension SwiftLowering {
    /// Records `f` as a nested function of the body being lowered, or refuses it.
    mutating func declareLocalFunction(_ f: FunctionDeclSyntax, in scope: inout Scope) {
        scope.refusedLocalFunctions.insert(f.name.text)  // until it is accepted, below
        let signature = f.signature
        if signature.returnClause != nil || signature.effectSpecifiers != nil || f.genericParameterClause != nil
            || f.body == nil
        {
            unsupported(
                "a nested function that returns a value, is `async` or `throws`, or is generic",
                "make it a method of the class (or a nested function that returns nothing)", at: f)
            return
        }
        let finder = NestedFunctionChecker(name: f.name.text)
        finder.walk(f.body!)
        if let node = finder.returnStatement {
            unsupported(
                "`return` in a nested function",
                "a nested function is lowered where it is called: put the code after the `return` in an `else`",
                at: node)
            return
        }
        if let node = finder.recursiveCall {
            unsupported("a nested function that calls itself", "make it a method of the class", at: node)
            return
        }
        scope.refusedLocalFunctions.remove(f.name.text)
        scope.localFunctions[f.name.text] = f
    }

    /// `name(args)` of a nested function, as a statement: its body inlined with its parameters bound; nil when
    /// `call` calls no nested function.
    mutating func localFunctionCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            scope.locals[name] == nil
        else { return nil }
        if scope.refusedLocalFunctions.contains(name) { return [] }  // refused where declared
        guard let f = scope.localFunctions[name], let body = f.body else { return nil }
        let parameters = Array(f.signature.parameterClause.parameters)
        let arguments = Array(call.arguments)
        guard parameters.count == arguments.count, call.trailingClosure == nil,
            parameters.allSatisfy({ $0.defaultValue == nil && $0.ellipsis == nil })
        else {
            unsupported(
                "this call of the nested function `\(name)`",
                "pass one argument per parameter, without a trailing "
                    + "closure or defaults", at: call)
            return []
        }
        let at = location(call)
        var inner = scope
        guard
            var steps = inlinedParameterSteps(
                name, Array(zip(parameters, arguments)), objects: true, owner: "a nested function", at: at, in: scope,
                into: &inner)
        else { return [] }
        inner.capturedVars = scope.capturedVars.union(capturedNames(in: body.statements.map(Syntax.init)))
        steps += lowerStatements(body.statements[...], in: &inner, tail: false)
        return steps
    }
}

extension SwiftLowering {
    /// The `let` steps binding the parameters of a body inlined at a call (a nested function's, a struct method's)
    /// to the call's arguments, each a `let` local `NAME_PARAM_LINExCOL` of `inner`: an `Int`, `Bool`, `String`,
    /// `TimeInterval` (a literal `Int` argument converted, as Swift types the literal) or, with `objects`, an object
    /// of a class of the file. Nil after a refusal, which names `owner`'s parameter.
    mutating func inlinedParameterSteps(
        _ name: String, _ pairs: [(FunctionParameterSyntax, LabeledExprSyntax)], objects: Bool, owner: String,
        at: ScenarioLocation, in scope: Scope, into inner: inout Scope
    ) -> [LocatedNode]? {
        var steps: [LocatedNode] = []
        for (parameter, argument) in pairs {
            let pname = (parameter.secondName ?? parameter.firstName).text
            let type = typeNamed(parameter.type)
            let isObject: Bool = if case .object = type { objects } else { false }
            guard [.int, .bool, .string, .duration].contains(type) || isObject else {
                unsupported(
                    "\(owner) parameter of type `\(parameter.type.trimmedDescription)`",
                    "give it a type Int, Bool, String"
                        + (objects ? ", TimeInterval or a class of the file" : " or TimeInterval"),
                    at: parameter.type)
                return nil
            }
            guard var value = expression(argument.expression, in: scope) else { return nil }
            if type == .duration && value.type == .int && Self.isLiteralArithmetic(value.text) {
                value = ("(\(value.text)) * 1s", .duration)
            }
            let lowered = "\(name)_\(pname)_\(at.line)x\(at.column)"
            steps.append(.step("let", "\(lowered) = \(value.text)", at: location(argument)))
            inner.locals[pname] = Local(type: type, isVar: false, lowered: lowered)
        }
        return steps
    }
}

/// Finds a `return` of a nested function's own body (not of a closure inside it) and a call of itself.
private final class NestedFunctionChecker: SyntaxVisitor {
    let name: String
    var returnStatement: ReturnStmtSyntax?
    var recursiveCall: FunctionCallExprSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if returnStatement == nil { returnStatement = node }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if recursiveCall == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
            recursiveCall = node
        }
        return .visitChildren
    }
}
