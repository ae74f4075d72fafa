import LoopSimScenario
import SwiftSyntax

/// Errors as values (docs/swift-scenarios.md, "Completion handlers: optionals, errors and Result"): an enum of the
/// file that conforms to `Error` (`enum LoadError: Error { case timeout, offline }`) is an enum of cases like any
/// other, each case the string of its name; a value of type `Error` (`Error?`, `any Error`) holds one of those
/// cases, so it is that string too, and Swift prints it by the case's name (`print("\(error)")` of
/// `LoadError.timeout` prints `timeout`: `String(describing:)` of an enum case without associated values is its name,
/// the Swift book, "Enumerations"). The file's error enums therefore give distinct case names (a value held as an
/// `Error` must say which case it is), and none has an `Int` raw type (an `Error` holds strings).
extension SwiftLowering {
    /// The lowered name of the `Error` existential's values (an `.enumeration` of no enum of the file).
    static let errorTypeName = "Error"

    /// `Error`, `any Error`, `(any Error)` and `Swift.Error`: the error existential, held as the case name of one of
    /// the file's error enums. Nil for any other type.
    func errorExistentialType(_ type: TypeSyntax) -> LoweredType? {
        if let any = type.as(SomeOrAnyTypeSyntax.self), any.someOrAnySpecifier.text == "any" {
            return errorExistentialType(any.constraint)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return errorExistentialType(only.type)
        }
        if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift",
            member.name.text == Self.errorTypeName
        {
            return .enumeration(Self.errorTypeName, isInt: false)
        }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
            identifier.name.text == Self.errorTypeName
        else { return nil }
        return .enumeration(Self.errorTypeName, isInt: false)
    }

    /// Checks an error enum (`enum LoadError: Error`): an `Int` raw type is refused (an `Error` holds its case as a
    /// string), and so is a case name another error enum of the file already has (an `Error` holding `.timeout`
    /// would not say whose).
    mutating func checkErrorEnum(_ e: EnumDeclSyntax, rawType: String?) {
        let name = e.name.text
        if rawType == "Int", let inherited = e.inheritanceClause?.inheritedTypes.first {
            unsupported(
                "an error enum with `Int` raw values",
                "declare it without a raw type (`enum \(name): Error { … }`): an `Error` holds its case by name",
                at: inherited)
        }
        guard let mine = enums[name] else { return }
        for element in e.memberBlock.members.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self) }).flatMap(\.elements) {
            let caseName = element.name.text
            let others = enums.values.filter { $0.isError && $0.name != name && $0.value(of: caseName) != nil }
            guard let other = others.min(by: { $0.name < $1.name }), mine.value(of: caseName) != nil else { continue }
            unsupported(
                "the case `.\(caseName)` in two error enums (`\(other.name)` and `\(name)`)",
                "give each error enum of the file its own case names: a value held as an `Error` is its case's name",
                at: element)
        }
    }
}
