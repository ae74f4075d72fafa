import LoopSimScenario
import SwiftSyntax

/// `enum Section: CaseIterable { case recent, starred }` and `Section.allCases`: the compiler-made collection of
/// every case, in the order the declaration lists them (SE-0194, "Derived Collection of Enum Cases": "the
/// synthesized `allCases` collection will provide the cases in declaration order"; the standard library's
/// `CaseIterable` documents the same). The lowering writes it as the array literal of the cases' values: `for s in
/// Section.allCases` loops over that literal (made once before the loop, as any literal sequence) and
/// `Section.allCases.count` is the number of cases.
extension SwiftLowering {
    /// The array literal of `e`'s cases, in declaration order.
    func allCases(of e: SwiftEnum) -> (String, LoweredType) {
        ("[" + e.cases.map(\.value).joined(separator: ", ") + "]", .array(e.type))
    }

    /// The enum of the file whose `allCases` `e` reads (`Section.allCases`, `Self.allCases` is refused as any
    /// `Self` of an enum), nil when `e` is none.
    func caseIterableEnum(_ e: ExprSyntax, in scope: Scope) -> SwiftEnum? {
        guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "allCases",
            let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[type] == nil,
            let found = enums[type], found.isCaseIterable
        else { return nil }
        return found
    }

    /// `Section.allCases.count` (the number of cases) and `Section.allCases.isEmpty` (false: a `CaseIterable` enum of
    /// the subset has cases). Nil when `member` reads no such member.
    func allCasesMember(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard let base = member.base, let e = caseIterableEnum(base, in: scope) else { return nil }
        switch member.declName.baseName.text {
        case "count": return (String(e.cases.count), .int)
        case "isEmpty": return (e.cases.isEmpty ? "true" : "false", .bool)
        default: return nil
        }
    }

    /// `extension UploadResult { var summary: String { switch self { … } } }`, `extension Badge:
    /// CustomStringConvertible { … }` of an enum or a struct of the file: its values are places of the scenario
    /// language, which have no methods, so each member is refused at its place with the form that is modelled — a
    /// method of the class that holds the value, switching on it. An empty conformance adds nothing and passes.
    mutating func refuseValueTypeExtension(_ e: ExtensionDeclSyntax, _ name: String) {
        let kind = structs[name] != nil && payloadEnums[name] == nil ? "struct" : "enum"
        if let clause = e.inheritanceClause,
            clause.inheritedTypes.contains(where: { $0.type.trimmedDescription == "CustomStringConvertible" })
        {
            refuseCustomDescription(kind, name, at: clause)
        }
        for member in e.memberBlock.members {
            let what: String
            if let f = member.decl.as(FunctionDeclSyntax.self) {
                what = "the method `\(f.name.text)`"
            } else if let v = member.decl.as(VariableDeclSyntax.self), let b = v.bindings.first {
                what = "the property `\(b.pattern.trimmedDescription)`"
            } else {
                what = describe(member.decl)
            }
            unsupported(
                "\(what) in an extension of the \(kind) `\(name)`",
                "the \(kind)'s values have no methods here: write it as a method of the class that holds the value, "
                    + "taking it as a parameter (`func summary(of value: \(name)) -> String { switch value { … } }`)",
                at: member.decl)
        }
    }

    /// `enum Badge: CustomStringConvertible`, `struct Item: CustomStringConvertible`: Swift's `print` and
    /// interpolation would write the value's `description` (the standard library's `String(describing:)` prefers
    /// it), which the model has no method for; refused at the conformance rather than printing the case's name.
    mutating func refuseCustomDescription(_ kind: String, _ name: String, at node: some SyntaxProtocol) {
        unsupported(
            "a `CustomStringConvertible` conformance of the \(kind) `\(name)`",
            "LoopSim prints the \(kind)'s value as Swift does without `description`: write the text in a method "
                + "of the class that prints it (`func text(of value: \(name)) -> String`) and print that",
            at: node)
    }
}
