import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Records a protocol the file declares and the classes of the file that conform to it (in their declaration
    /// or an extension), before any body is lowered. A delegate protocol (`protocol PollerDelegate: AnyObject {
    /// func pollerDidTick() }`) with one conforming class is resolved statically: every object a property of the
    /// protocol's type can hold is of that class, since only conforming types can be stored there (the Swift book,
    /// "Protocols" › "Protocols as Types") and the scenario has no types but the file's.
    mutating func collectProtocol(_ item: CodeBlockItemSyntax) {
        guard let p = item.item.as(ProtocolDeclSyntax.self), let file = item.root.as(SourceFileSyntax.self) else {
            return
        }
        let name = p.name.text
        var conformers: [String] = []
        for statement in file.statements {
            if let c = statement.item.as(ClassDeclSyntax.self),
                c.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == name }) == true
            {
                conformers.append(c.name.text)
            }
            if let e = statement.item.as(ExtensionDeclSyntax.self),
                e.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == name }) == true
            {
                conformers.append(e.extendedType.trimmedDescription)
            }
        }
        protocols[name] = conformers
    }

    /// The type a property or local of the file's protocol `name` has: its one conforming class, or, when several
    /// classes of the file conform, a ``LoweredType/conformer(_:)`` whose calls the kernel dispatches by the class
    /// of the object held (a Swift protocol call goes through the conformance's witness table).
    func protocolType(_ name: String) -> LoweredType? {
        guard let conformers = protocols[name], !conformers.isEmpty, conformers.allSatisfy({ classes[$0] != nil })
        else { return nil }
        return conformers.count == 1 ? .object(conformers[0]) : .conformer(name)
    }

    /// Whether every class conforming to `protocolName` declares `method`, so that a call on a value of the
    /// protocol finds it whichever class the value is.
    func everyConformer(of protocolName: String, declares method: String) -> Bool {
        let conformers = protocols[protocolName] ?? []
        return !conformers.isEmpty && conformers.allSatisfy { classes[$0]?.methods[method] != nil }
    }

    /// A top-level `protocol`: accepted when LoopSim can resolve it — requirements that are methods returning
    /// nothing or properties of a protocol one class conforms to, inheriting at most `AnyObject` or `NSObjectProtocol`, exactly one class of the file conforming —
    /// and refused at what it cannot resolve otherwise. True: the declaration is handled (it lowers to nothing).
    mutating func checkProtocol(_ p: ProtocolDeclSyntax) -> Bool {
        let name = p.name.text
        for inherited in p.inheritanceClause?.inheritedTypes ?? [] {
            let parent = inherited.type.trimmedDescription
            if !["AnyObject", "class", "NSObjectProtocol"].contains(parent) {
                unsupported(
                    "a protocol inheriting `\(parent)`", "declare the methods in the protocol itself", at: inherited)
            }
        }
        if let clause = p.primaryAssociatedTypeClause {
            unsupported("a protocol with associated types", "write the protocol with concrete types", at: clause)
        }
        for member in p.memberBlock.members {
            if let v = member.decl.as(VariableDeclSyntax.self) {
                checkPropertyRequirement(v, of: name)  // SwiftLowering+ProtocolProperties.swift
                continue
            }
            guard let f = member.decl.as(FunctionDeclSyntax.self) else {
                unsupported(
                    "\(describe(member.decl)) in a protocol",
                    "a protocol LoopSim resolves requires methods that return nothing", at: member.decl)
                continue
            }
            if let returns = f.signature.returnClause { checkReturningRequirement(f, returns, of: name) }
            if let modifier = f.modifiers.first(where: { ["optional", "static", "class"].contains($0.name.text) }) {
                unsupported(
                    "an `\(modifier.name.text)` protocol requirement",
                    "require a method every conforming class implements", at: modifier)
            }
        }
        let conformers = protocols[name] ?? []
        if conformers.isEmpty {
            unsupported(
                "a protocol no class of the file conforms to",
                "LoopSim resolves a protocol's calls to the classes of the file that conform to it", at: p.name)
        }
        return true
    }

    /// A protocol method that returns a value (`func now() -> Int`): accepted when exactly one class of the file
    /// conforms, whose method is then the witness every call through a value of the protocol's type reaches (the
    /// Swift book, "Protocols" › "Protocols as Types": only conforming types can be stored there), lowered and
    /// checked as that class's own returning method. With several conforming classes the value's class would choose
    /// the witness at run time, and the language's `call:` with `result:` on an `id` is not followed here: refused.
    private mutating func checkReturningRequirement(
        _ f: FunctionDeclSyntax, _ returns: ReturnClauseSyntax, of protocolName: String
    ) {
        let conformers = (protocols[protocolName] ?? []).filter { classes[$0] != nil }
        if conformers.count > 1 {
            unsupported(
                "a protocol method that returns a value, of a protocol \(conformers.count) classes conform to",
                "LoopSim resolves a returning requirement when one class of the file conforms: with several, hold "
                    + "the concrete class where the method is called, or return the value through a property",
                at: returns)
        }
    }

    /// Whether `name` is a protocol of the file that LoopSim resolves (a class may conform to it).
    func isResolvedProtocol(_ name: String) -> Bool { protocols[name]?.isEmpty == false }

    /// `Sendable` and `@unchecked Sendable` in a class's inheritance clause: a marker protocol, which has no
    /// requirements and no runtime representation (SE-0302, "Marker protocols"; `@unchecked` only silences the
    /// compiler's check of the class's stored properties), so the class runs as it would without it.
    static func isMarkerConformance(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let attributes = attributed.attributes.compactMap {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
            }
            return attributes == ["unchecked"] && attributed.specifiers.isEmpty
                && attributed.baseType.trimmedDescription == "Sendable"
        }
        return type.trimmedDescription == "Sendable"
    }
}
