import LoopSimScenario
import SwiftSyntax

/// A struct returned by an `async` method or an actor's method (`func fetchProfile() async -> Profile`), awaited
/// (`let p = await api.fetchProfile()`). The synchronous form's hidden fields (SwiftLowering+StructReturns.swift)
/// would be wrong here: the caller resumes after a suspension, where another task may call the same method of the
/// same object and overwrite them. So the method returns the struct's stored properties, flattened, as one value —
/// `returns: (string, int)`, `return: [symbol, cents]`, an array at run time — and the `await:`'s `result:` takes it
/// into a temporary of the caller's frame, whose parts `r[0]`, `r[1]` are copied into the temporaries the statement
/// reads as the struct. The value travels with the call, from the callee's `return:` to the caller's frame, as an
/// `Int` result does: no place is shared between two calls (docs/fidelity.md, "Structs returned by async methods").
/// Only a struct of plain values (Int, Bool, String, TimeInterval, an enum of the file, optional or not) is
/// returned so, as in the synchronous form.
extension SwiftLowering {
    /// Whether `decl` returns its struct as one value of its parts: an `async` method or an actor's method whose
    /// declared result is a plain struct of the file (instance methods only).
    func returnsStructParts(_ decl: FunctionDeclSyntax) -> Bool {
        guard let s = declaredStruct(decl), isPlainStruct(s), !isStatic(decl.modifiers) else { return false }
        return decl.signature.effectSpecifiers?.asyncSpecifier != nil
            || decl.ancestorOrSelf(mapping: { $0.as(ActorDeclSyntax.self) }) != nil
    }

    /// The struct of the file `decl` declares it returns, if any.
    func declaredStruct(_ decl: FunctionDeclSyntax) -> String? {
        guard let returns = declaredReturnType(decl), case .value(let s) = typeNamed(returns), structs[s] != nil,
            payloadEnums[s] == nil, !Self.isTupleShape(s)
        else { return nil }
        return s
    }

    /// Records the methods of `decl` that return a struct as one value of its parts.
    func collectStructPartReturns(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        for member in classMembers(decl) where !isTypeMember(member.decl) {
            guard let f = member.decl.as(FunctionDeclSyntax.self), returnsStructParts(f) || returnsStructArrayParts(f)
            else { continue }
            shape.structPartReturns.insert(f.name.text)
        }
    }

    /// The method's `returns: (string, int)` entry: the types of struct `s`'s flattened stored properties.
    func structPartsEntry(_ s: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        [("returns", .plain(structPartsType(s), at: at))]
    }

    /// `(string, int)`: the type of struct `s`'s parts as one value.
    func structPartsType(_ s: String) -> String {
        "(" + flatFields(of: s, prefix: s).map { $0.field.type.fieldTypeName ?? "id" }.joined(separator: ", ") + ")"
    }

    /// `return Profile(…)`, `return p` in a method that returns its struct's parts: the value stored into locals of
    /// the method's own frame, then `return: [p_name, p_age]`. A ternary stores and returns in each branch.
    mutating func structPartsReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, struct s: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(ret)
        let local = Self.temporaryName("returned\(s)_", at: at)
        let parts = "[" + flatFields(of: s, prefix: local).map(\.place).joined(separator: ", ") + "]"
        if let sequence = value.as(SequenceExprSyntax.self), let split = ternarySplit(Array(sequence.elements)),
            split.yes.count == 1, split.no.count == 1
        {
            guard let condition = infix(split.condition, in: scope),
                let yes = structStore(split.yes[0], struct: s, into: local, verb: "let", in: scope),
                let no = structStore(split.no[0], struct: s, into: local, verb: "let", in: scope)
            else { return [] }
            let done = hoisting
            hoisting.steps = []
            hoisting.releases = []
            let back: LocatedNode = .step("return", parts, at: at)
            return done.steps + done.releases + [
                .step(
                    "if", condition.text, at: location(split.condition[0]),
                    [("then", .list(yes + [back], at: at)), ("else", .list(no + [back], at: at))])
            ]
        }
        guard let stores = structStore(value, struct: s, into: local, verb: "let", in: scope) else { return [] }
        let done = hoisting
        hoisting.steps = []
        hoisting.releases = []
        return done.steps + stores + done.releases + [.step("return", parts, at: at)]
    }

    /// The value a throwing method that returns struct `s`'s parts returns when it throws: each part's zero.
    func structPartsPlaceholder(_ s: String) -> String? {
        var values: [String] = []
        for (_, field) in flatFields(of: s, prefix: s) {
            if field.isOptional {
                values.append("nil")
                continue
            }
            switch field.type {
            case .int: values.append("0")
            case .bool: values.append("false")
            case .string: values.append("\"\"")
            case .duration: values.append("0s")
            case .enumeration(let name, _):
                guard let first = enums[name]?.cases.first?.value else { return nil }
                values.append(first)
            default: return nil
            }
        }
        return "[" + values.joined(separator: ", ") + "]"
    }

    /// Whether `method` of class `cls` returns its struct's parts.
    func returnsStructParts(_ cls: String, _ method: String) -> Bool {
        classes[cls]?.structPartReturns.contains(method) == true
    }

    /// After an `await:` (or `awaitTask:`) whose `result:` is `record`, a value of struct `s`'s parts: one `let` per
    /// stored property, `record_name = record[0]`, … — the temporaries the statement reads as the struct.
    func structPartsUnpacked(
        _ record: String, into prefix: String? = nil, struct s: String, at: ScenarioLocation
    ) -> [LocatedNode] {
        flatFields(of: s, prefix: prefix ?? record).enumerated().map { index, part in
            .step("let", "\(part.place) = \(record)[\(index)]", at: at)
        }
    }

    /// `await x.m()` where `m` returns struct `s`: the `await:` into a temporary, its parts unpacked, read as the
    /// struct. Nil after refusing an awaited call of a synchronous method that returns a struct (its hidden fields
    /// are left before the hop back).
    mutating func awaitedStructCall(
        _ call: FunctionCallExprSyntax, className: String, method: String, struct s: String, temporary: String,
        in scope: Scope
    ) -> [LocatedNode]? {
        guard returnsStructParts(className, method) else {
            unsupported(
                "an awaited call of `\(method)(…)`, which returns the struct `\(s)`",
                "the caller hops back after the return, where another call may overwrite the value; make the method "
                    + "`async` (`func \(method)(…) async -> \(s)`), or call it where no `await` is needed", at: call)
            return nil
        }
        let steps = awaitMethod(call, in: scope, result: temporary)
        guard !steps.isEmpty else { return nil }
        return steps + structPartsUnpacked(temporary, struct: s, at: location(call))
    }
}

extension SwiftLowering {
    /// `async let p = api.profile()` of a method that returns a struct's parts: the child task's `returns:` type,
    /// `(string, bool)`; nil for any other type.
    func asyncLetStructType(_ type: LoweredType, _ className: String, _ method: String) -> String? {
        guard case .value(let s) = type, returnsStructParts(className, method) else { return nil }
        return structPartsType(s)
    }
}

extension SwiftLowering {
    /// `try await (orders, returns)` of `count` `async let` names (SE-0317): the tuple, nil for any other value.
    /// Swift evaluates a tuple's elements left to right, so the first child is awaited, and its error thrown, before
    /// the second is awaited (the Swift book, "Concurrency" › "Calling Asynchronous Functions in Parallel").
    func awaitedAsyncLets(_ t: TryExprSyntax, count: Int, in scope: Scope) -> TupleExprSyntax? {
        guard t.questionOrExclamationMark == nil, let a = t.expression.as(AwaitExprSyntax.self),
            let tuple = a.expression.as(TupleExprSyntax.self), tuple.elements.count == count, count >= 2,
            tuple.elements.allSatisfy({ $0.label == nil && asyncLetChild($0.expression, in: scope) != nil })
        else { return nil }
        return tuple
    }
}
