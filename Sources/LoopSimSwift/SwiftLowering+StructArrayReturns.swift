import LoopSimScenario
import SwiftSyntax

/// An array of the file's structs as a method's returned value (docs/swift-scenarios.md, "Arrays of structs"):
/// `func parse() -> [FeedItem]`, `func fetchFeed() async throws -> [FeedItem]`. An array of structs is held as one
/// array per stored property (SwiftLowering+StructArrays.swift), and a lowered method returns one value, so the
/// method returns its parallel arrays as one value of parts, as an `async` method returns a struct's properties
/// (SwiftLowering+AsyncStructReturns.swift): `returns: ([int], [string])`, `return: [items_id, items_title]`. The
/// caller takes it into a temporary of its own frame (`call:`'s or `await:`'s `result:`) and copies its parts into
/// the parallel arrays `r_id = r[0]`, `r_title = r[1]`, which the statement reads as the array. The value travels
/// with the call, synchronous or awaited: no place is shared between two calls, so a second call during the first's
/// suspension cannot change what the first caller receives (an array is a value: the Swift book, "Structures and
/// Classes" › "Structures and Enumerations Are Value Types"). Only a struct of plain values (Int, Bool, String,
/// TimeInterval, an enum of the file) is returned so: the parts hold no object, so no reference is left to outlive
/// Swift's release.
extension SwiftLowering {
    /// The struct `decl` declares it returns an array of, if it is one of the file's structs.
    func declaredStructArray(_ decl: FunctionDeclSyntax) -> String? {
        guard let returns = declaredReturnType(decl) else { return nil }
        return structArrayElement(typeNamed(returns))
    }

    /// Whether `decl` returns its array of structs as one value of parallel arrays: an instance method whose
    /// declared result is an array of a plain struct of the file.
    func returnsStructArrayParts(_ decl: FunctionDeclSyntax) -> Bool {
        guard let s = declaredStructArray(decl), isPlainStruct(s), !isStatic(decl.modifiers) else { return false }
        return flatFields(of: s, prefix: s).allSatisfy { !$0.field.isOptional }
    }

    /// The `returns:` entry of a method declared `-> [S]`, or nil after refusing it, located at the return type.
    mutating func structArrayReturnsEntry(_ decl: FunctionDeclSyntax, struct s: String, returns: TypeSyntax)
        -> [(String, LocatedNode)]?
    {
        if isStatic(decl.modifiers) {
            unsupported(
                "a `static` method that returns an array of the struct `\(s)`",
                "make it an instance method of a class or an actor of the file (`func \(decl.name.text)() -> [\(s)]`)",
                at: returns)
            return nil
        }
        guard checkArrayableStruct(s, at: returns) else { return nil }
        guard returnsStructArrayParts(decl) else {
            unsupported(
                "a method that returns an array of the struct `\(s)`, which holds an object or a closure",
                "return an array of a struct of Int, Bool, String, TimeInterval or enum properties, or keep the "
                    + "`[\(s)]` in a property of the class and read it there", at: returns)
            return nil
        }
        return [("returns", .plain(structArrayPartsType(s), at: location(returns)))]
    }

    /// `([int], [string])`: the type of the parallel arrays of an array of `s` as one value.
    func structArrayPartsType(_ s: String) -> String {
        "("
            + flatFields(of: s, prefix: s).map { "[" + ($0.field.type.fieldTypeName ?? "id") + "]" }.joined(
                separator: ", ") + ")"
    }

    /// The value a throwing method that returns an array of `s` returns when it throws: each part empty.
    func structArrayPartsPlaceholder(_ s: String) -> String {
        "[" + flatFields(of: s, prefix: s).map { _ in "[]" }.joined(separator: ", ") + "]"
    }

    /// `return items`, `return [FeedItem(…)]`, `return []`, `return items.filter { … }` in a method that returns an
    /// array of `s`: the value stored into parallel arrays of the method's own frame, then `return: [r_id, r_title]`.
    mutating func structArrayReturn(
        _ ret: some SyntaxProtocol, value: ExprSyntax, struct s: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(ret)
        if let sequence = value.as(SequenceExprSyntax.self), ternarySplit(Array(sequence.elements)) != nil {
            unsupported(
                "`return c ? a : b` of arrays of structs",
                "write `if c { return a }` then `return b`", at: value)
            return []
        }
        let local = Self.temporaryName("returned\(s)s_", at: at)
        let stores = structArrayStore(value, struct: s, into: local, verb: "let", in: &scope)
        guard !stores.isEmpty else { return [] }
        let done = hoisting
        hoisting.steps = []
        hoisting.releases = []
        let parts = "[" + parallelArrays(of: s, at: local).map(\.place).joined(separator: ", ") + "]"
        return done.steps + stores + done.releases + [.step("return", parts, at: at)]
    }

    /// Why `x?.m()` of a method that returns an array of `s` is refused (its value would be an optional array),
    /// or nil for any other call. The synchronous call itself is hoisted with its `result:` in a temporary whose parts
    /// are copied into the temporary's parallel arrays (SwiftLowering+Returns.swift, `hoistedCall`).
    func optionalChainedStructArrayCall(_ call: FunctionCallExprSyntax, method: String, struct s: String)
        -> (what: String, instead: String)?
    {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.is(OptionalChainingExprSyntax.self) == true
        else { return nil }
        return (
            "`?.` on a method that returns an array of the struct `\(s)`",
            "unwrap the receiver first (`guard let x = x else { return }`), then call `x.\(method)(…)`"
        )
    }
}
