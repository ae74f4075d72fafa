import LoopSimScenario
import SwiftSyntax

/// `Result` as a method's returned value (`func load() -> Result<Int, LoadError>`): the method returns its success
/// part (`returns:` of the success's type, nil on failure) and leaves its failure part in the object's hidden field
/// ``SwiftLowering/returnedFailureField``, which each `return` sets (nil on success) and the caller reads right after
/// the call, before anything else runs on its thread (the field is the object's, as ``thrownField`` is).
extension SwiftLowering {
    /// The hidden field of an object whose class has a method that returns a `Result`: its last return's failure.
    static let returnedFailureField = "returnedFailure"

    /// The hidden field `returnedFailure: string` of a class with a method that returns a `Result`.
    func returnedFailureFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard
            classes[className]?.returns.values.contains(where: {
                if case .result = $0 { return true }
                return false
            }) == true
        else { return [] }
        return [(Self.returnedFailureField, .plain("string", at: at))]
    }

    /// The `returns:` entry of a method declared to return `Result<S, F>`: the success's type. Nil when `returns`
    /// is no `Result`; an empty entry after refusing (a `static func`).
    mutating func resultReturnsEntry(_ returns: TypeSyntax, of decl: FunctionDeclSyntax, asTypeMember: Bool)
        -> [(String, LocatedNode)]?
    {
        guard case .result(let s, _) = typeNamed(returns) else { return nil }
        if refusesStructResult(typeNamed(returns), at: returns) { return [] }  // SwiftLowering+StructResults.swift
        if isStatic(decl.modifiers) && !asTypeMember {
            return []  // lowered with the type object's methods (SwiftLowering+TypeMembers.swift)
        }
        let typeName = s == .timer ? "NSTimer" : (s.fieldTypeName ?? "id")
        return [("returns", .plain(typeName, at: location(returns)))]
    }

    /// `return .failure(.timeout)`, `return .success(n)`, `return r` in a method that returns a `Result`: the
    /// failure part into the object's ``returnedFailureField``, the success part returned.
    mutating func resultReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, type: LoweredType, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(ret)
        let me = scope.locals["self"]?.text("self") ?? "self"
        if let sequence = value.as(SequenceExprSyntax.self), let split = ternarySplit(Array(sequence.elements)),
            split.yes.count == 1, split.no.count == 1
        {
            // `return n < 0 ? .failure(.negative) : .success(n)`: an `if:` with a return in each branch (only the
            // branch Swift takes is evaluated).
            guard let condition = infix(split.condition, in: scope),
                let yes = resultArgument(split.yes[0], type, in: scope),
                let no = resultArgument(split.no[0], type, in: scope)
            else { return [] }
            let done = hoisting
            hoisting.steps = []
            hoisting.releases = []
            func branch(_ parts: [String]) -> LocatedNode {
                .list(
                    [
                        .step("set", "\(me).\(Self.returnedFailureField) = \(parts[1])", at: at),
                        .step("return", parts[0], at: at),
                    ], at: at)
            }
            return done.steps + done.releases + [
                .step(
                    "if", condition.text, at: location(split.condition[0]),
                    [("then", branch(yes)), ("else", branch(no))])
            ]
        }
        guard let parts = resultArgument(value, type, in: scope) else { return [] }
        let done = hoisting
        hoisting.steps = []
        hoisting.releases = []
        return done.steps + done.releases.filter { $0.scalarArgument != parts[0] } + [
            .step("set", "\(me).\(Self.returnedFailureField) = \(parts[1])", at: at),
            .step("return", parts[0], at: at),
        ]
    }

    /// Whether `call` calls a method of the file's classes that returns a `Result` (by name).
    func isResultReturningCall(_ call: FunctionCallExprSyntax) -> Bool {
        let name: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.declName.baseName.text
        } else {
            return false
        }
        return classes.values.contains { shape in
            if case .result = shape.returns[name] { return true }
            return false
        }
    }

    /// `load()`, `loader.load()` of a method that returns a `Result`, as a place: the call hoisted before the
    /// statement into a temporary (its success part), the failure read from the receiver's
    /// ``returnedFailureField`` into a second one. Nil when `call` is no such call (or after refusing).
    mutating func returnedResultPlace(_ call: FunctionCallExprSyntax, in scope: Scope) -> ResultPlace? {
        guard let found = returningCallee(call, in: scope), let (receiver, _, _, type) = found,
            case .result(let s, let f) = type
        else { return nil }
        guard let hoisted = hoistedCall(call, in: scope), let (temporary, _) = hoisted else { return nil }
        let failure = "\(temporary)_failure"
        if !hoisting.steps.contains(where: { $0.scalarArgument?.hasPrefix("\(failure):") == true }) {
            let at = location(call)
            hoisting.steps.append(
                .step("let", "\(failure): string = \(receiver).\(Self.returnedFailureField)", at: at))
            // an object the success holds is released when the statement ends, as a returned object is
            if s.isObject { hoisting.releases.append(.step("release", temporary, at: at)) }
        }
        return ResultPlace(success: temporary, failure: failure, successType: s, failureType: f, isOptional: false)
    }
}
