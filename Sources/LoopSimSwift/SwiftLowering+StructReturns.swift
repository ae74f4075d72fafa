import LoopSimScenario
import SwiftSyntax

/// A struct as a class method's returned value (`func makeQuote() -> Quote { … return Quote(…) }`). A struct is
/// several values and a lowered method returns one, so the method returns nothing: each `return e` stores `e`, one
/// store per stored property, into the object's hidden fields `returnedQuote_symbol`, `returnedQuote_cents`, … and
/// returns; the caller's `call:` is followed at once by one `let` per property copying those fields into temporaries
/// `makeQuote_LINExCOL_symbol`, … that the statement reads as the struct value (a copy, as Swift's returned value
/// is). A thread runs its steps until it yields (sleeps, works, idles, waits), and neither a `return:` nor the pop of
/// a synchronous call's frame yields, so no other thread's call of the method can run between the return and the
/// copy (docs/fidelity.md, "Structs returned by methods"). An `async` method or an actor's method hops executors
/// after the return — a suspension, at which another task may call the same object's method —, so it returns the
/// struct's parts as one value instead (SwiftLowering+AsyncStructReturns.swift). Only a struct of plain values
/// (Int, Bool, String, TimeInterval, an enum of the file) is returned so: a reference left in a hidden field would
/// keep its object alive past Swift's release.
extension SwiftLowering {
    /// The prefix of the hidden fields a method returning struct `s` leaves its value in: `returnedQuote`.
    static func returnedStructPrefix(_ s: String) -> String { "returned\(s)" }

    /// Whether `s` is a struct of the file whose stored properties, flattened, are all plain values.
    func isPlainStruct(_ s: String) -> Bool {
        guard structs[s] != nil, payloadEnums[s] == nil, !Self.isTupleShape(s) else { return false }
        return flatFields(of: s, prefix: s).allSatisfy { _, field in
            switch field.type {
            case .int, .bool, .string, .duration, .enumeration: true
            default: false
            }
        }
    }

    /// Why a method declared `-> S` (`s` a struct of the file) cannot return it, or nil when it can.
    func whyNotStructReturn(_ decl: FunctionDeclSyntax, struct s: String) -> (String, String)? {
        if !isPlainStruct(s) {
            return (
                "a method that returns the struct `\(s)`, which holds an object, a closure, an array or an optional",
                "return a struct of Int, Bool, String, TimeInterval or enum properties, or return the object itself"
            )
        }
        if decl.signature.effectSpecifiers?.asyncSpecifier != nil
            || decl.ancestorOrSelf(mapping: { $0.as(ActorDeclSyntax.self) }) != nil
        {
            // An instance method returns the struct's parts (SwiftLowering+AsyncStructReturns.swift).
            return (
                "a `static` `async` or actor method that returns the struct `\(s)`",
                "make it an instance method of a class or an actor of the file, or return its properties one by one"
            )
        }
        if decl.signature.effectSpecifiers?.throwsClause != nil {
            return (
                "a `throws` method that returns the struct `\(s)`",
                "split it: a throwing method that returns nothing, then one that returns the struct"
            )
        }
        return nil
    }

    /// The hidden fields of a class whose methods return structs: one per stored property of each such struct.
    func returnedStructFieldNodes(className: String, at: ScenarioLocation) -> [(String, LocatedNode)] {
        guard let shape = classes[className] else { return [] }
        var names: Set<String> = []
        for (method, type) in shape.returns where !shape.structPartReturns.contains(method) {
            if case .value(let s) = type, isPlainStruct(s) { names.insert(s) }
        }
        var out: [(String, LocatedNode)] = []
        for s in names.sorted() {
            for (place, field) in flatFields(of: s, prefix: Self.returnedStructPrefix(s)) {
                guard let typeName = field.type.fieldTypeName else { continue }
                let optional = field.isOptional && (field.type == .int || field.type == .bool)
                out.append((place, .plain(optional ? "\(typeName) = nil" : typeName, at: at)))
            }
        }
        return out
    }

    /// `return Quote(…)`, `return q`, `return self.config`, `return c ? a : b` in a method that returns struct `s`:
    /// the value stored into the object's hidden fields, then a bare `return`.
    mutating func structReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, struct s: String, in scope: inout Scope
    ) -> [LocatedNode] {
        if let f = ret.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }), returnsStructParts(f) {
            if let made = continuationStructReturn(ret, value: value, struct: s, in: scope) { return made }
            return structPartsReturn(ret, value: value, struct: s, in: &scope)  // SwiftLowering+AsyncStructReturns
        }
        let at = location(ret)
        let me = scope.locals["self"]?.text("self") ?? "self"
        let prefix = "\(me).\(Self.returnedStructPrefix(s))"
        if let sequence = value.as(SequenceExprSyntax.self), let split = ternarySplit(Array(sequence.elements)),
            split.yes.count == 1, split.no.count == 1
        {
            // `return fresh ? Quote(…) : cached`: an `if:` storing the branch Swift evaluates.
            guard let condition = infix(split.condition, in: scope),
                let yes = structStore(split.yes[0], struct: s, into: prefix, verb: "set", in: scope),
                let no = structStore(split.no[0], struct: s, into: prefix, verb: "set", in: scope)
            else { return [] }
            let done = hoisting
            hoisting.steps = []
            hoisting.releases = []
            return done.steps + done.releases + [
                .step(
                    "if", condition.text, at: location(split.condition[0]),
                    [("then", .list(yes, at: at)), ("else", .list(no, at: at))]),
                .step("return", nil, at: at),
            ]
        }
        guard let stores = structStore(value, struct: s, into: prefix, verb: "set", in: scope) else { return [] }
        let done = hoisting
        hoisting.steps = []
        hoisting.releases = []
        return done.steps + stores + done.releases + [.step("return", nil, at: at)]
    }

    /// A call of a method that returns struct `s`, hoisted: the `call:` (`step`, without `result:`), then the
    /// receiver's hidden fields copied into temporaries `METHOD_LINExCOL_property`, read as the struct value.
    mutating func hoistedStructCall(
        _ call: FunctionCallExprSyntax, step: LocatedNode, receiver: String, method: String, struct s: String
    ) -> (String, LoweredType)? {
        let at = location(call)
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.is(OptionalChainingExprSyntax.self) == true
        {
            unsupported(
                "`?.` on a method that returns the struct `\(s)`",
                "unwrap the receiver first (`guard let x = x else { return }`), then call `x.\(method)(…)`", at: call)
            return nil
        }
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) {
            if parent.is(AwaitExprSyntax.self) {
                unsupported(
                    "an awaited call of `\(method)(…)`, which returns the struct `\(s)`",
                    "the caller hops back after the return, where another call may overwrite the value; call it "
                        + "where no `await` is needed, or return its properties one by one", at: call)
                return nil
            }
            node = parent
        }
        let temporary = Self.temporaryName("\(method)_", at: at)
        let prefix = "\(receiver).\(Self.returnedStructPrefix(s))"
        var steps = [step]
        for (place, _) in flatFields(of: s, prefix: temporary) {
            let from = prefix + place.dropFirst(temporary.count)
            steps.append(.step("let", "\(place) = \(from)", at: at))
        }
        return hoisted(steps, into: temporary, type: .value(s), for: call.id, at: at)
    }

    /// Whether `call` calls, by name, a method of the file's classes that returns a struct (its value being the
    /// temporaries it is copied into, a property of it read after the call is no read of state).
    func returnsStruct(_ call: FunctionCallExprSyntax) -> Bool {
        let name =
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        guard let name else { return false }
        return classes.values.contains { shape in
            if case .value(let s) = shape.returns[name], structs[s] != nil { return true }
            return false
        }
    }
}
