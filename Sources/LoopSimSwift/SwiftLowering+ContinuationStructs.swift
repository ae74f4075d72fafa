import LoopSimScenario
import SwiftSyntax

/// A struct through a continuation (SE-0300): `func currentLocation() async -> Coordinate { await
/// withCheckedContinuation { c in … c.resume(returning: coordinate) } }`. The continuation carries one value, so
/// a struct of plain values (Int, Bool, String, TimeInterval, an enum of the file) travels as its stored properties
/// flattened into one value, as an async method returns it (SwiftLowering+AsyncStructReturns.swift): `type: (duration,
/// duration)` on `withContinuation:`, `resume:` with `returning: [c_latitude, c_longitude]`, the result unpacked
/// into one `let` per property (or returned as it is by a method that returns the struct's parts). Resuming twice
/// is the kernel's checked-continuation misuse, whatever the value.
extension SwiftLowering {
    /// The `type:` of a continuation's value: the language's type, or `(duration, duration)` for a plain struct.
    func continuationTypeName(_ type: LoweredType?) -> String? {
        if case .value(let s)? = type, isPlainStruct(s) { return structPartsType(s) }
        if case .value? = type { return nil }
        return type?.fieldTypeName
    }

    /// `await withCheckedContinuation { … }` as the value a method returning struct `s`'s parts returns (`return
    /// await …`, or the body's one expression): the resumed value into a temporary, returned as it is. Nil when
    /// `value` is no continuation call.
    mutating func continuationStructReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, struct s: String, in scope: Scope
    ) -> [LocatedNode]? {
        guard continuationCall(value) != nil else { return nil }
        let at = location(ret)
        let temporary = Self.temporaryName("resumed\(s)_", at: at)
        guard let made = continuationSteps(value, place: temporary, type: .value(s), in: scope), !made.isEmpty else {
            return []
        }
        return made + [.step("return", temporary, at: at)]
    }

    /// `let fix: Coordinate = await withCheckedContinuation { … }` (or the closure's parameter typed
    /// `CheckedContinuation<Coordinate, Never>`): the resumed value into a temporary, unpacked into the local's
    /// properties. Nil when `value` is no continuation call of a struct.
    mutating func continuationStructLocal(
        _ binding: PatternBindingSyntax, name: String, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let value = binding.initializer?.value, let (call, _, _) = continuationCall(value) else { return nil }
        var type: LoweredType? = binding.typeAnnotation.map { typeNamed($0.type) }
        if type == nil { type = continuationValueType(call) }
        guard case .value(let s)? = type, structs[s] != nil else { return nil }
        let at = location(binding)
        let temporary = Self.temporaryName("resumed\(s)_", at: at)
        guard let made = continuationSteps(value, place: temporary, type: .value(s), in: scope), !made.isEmpty else {
            return []
        }
        scope.locals[name] = Local(type: .value(s), isVar: isVar)
        for (place, field) in flatFields(of: s, prefix: name) {
            scope.locals[place] = Local(type: field.type, isVar: isVar)
        }
        return made + structPartsUnpacked(temporary, into: name, struct: s, at: at)
    }

    /// `c.resume(returning: coordinate)`, `c.resume(returning: Coordinate(…))`: the `resume:` step with the struct's
    /// properties as one value. Nil when the argument is no struct.
    mutating func structResume(
        _ receiver: String, _ argument: ExprSyntax, at call: FunctionCallExprSyntax, in scope: Scope
    )
        -> [LocatedNode]?
    {
        var s: String?
        if let (made, _) = structConstruction(argument) { s = made }
        if s == nil, case .value(let named) = staticType(argument, in: scope, report: false) { s = named }
        guard let s, structs[s] != nil else { return nil }
        guard isPlainStruct(s) else {
            unsupported(
                "resuming a continuation with a `\(s)`, which holds an object, a closure, an array or an optional",
                "resume with a struct of Int, Bool, String, TimeInterval and enum properties, or store the value in a "
                    + "property and resume with `resume()`", at: argument)
            return []
        }
        guard let made = structArguments(argument, struct: s, in: scope) else { return [] }
        let parts = made.arguments.compactMap { $0.scalar?.text }
        let at = location(call)
        return made.before
            + [.step("resume", receiver, at: at, [("returning", .plain("[\(parts.joined(separator: ", "))]", at: at))])]
            + made.after
    }
}
