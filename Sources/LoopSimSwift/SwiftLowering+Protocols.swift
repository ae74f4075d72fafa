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

    /// The type a property or local of the file's protocol `name` has: its one conforming class.
    func protocolType(_ name: String) -> LoweredType? {
        guard let conformers = protocols[name], conformers.count == 1, let only = conformers.first,
            classes[only] != nil
        else { return nil }
        return .object(only)
    }

    /// A top-level `protocol`: accepted when LoopSim can resolve it — requirements that are methods returning
    /// nothing, inheriting at most `AnyObject` or `NSObjectProtocol`, exactly one class of the file conforming —
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
            guard let f = member.decl.as(FunctionDeclSyntax.self) else {
                unsupported(
                    "\(describe(member.decl)) in a protocol",
                    "a protocol LoopSim resolves requires methods that return nothing", at: member.decl)
                continue
            }
            if let returns = f.signature.returnClause {
                unsupported(
                    "a protocol method that returns a value", "methods return nothing in LoopSim", at: returns)
            }
            if let modifier = f.modifiers.first(where: { ["optional", "static", "class"].contains($0.name.text) }) {
                unsupported(
                    "an `\(modifier.name.text)` protocol requirement",
                    "require a method every conforming class implements", at: modifier)
            }
        }
        let conformers = protocols[name] ?? []
        if conformers.count != 1 {
            unsupported(
                conformers.isEmpty
                    ? "a protocol no class of the file conforms to"
                    : "a protocol that \(conformers.count) classes conform to (\(conformers.joined(separator: ", ")))",
                "LoopSim resolves a protocol's calls to its one conforming class: keep one, or type the property "
                    + "with the class", at: p.name)
        }
        return true
    }

    /// Whether `name` is a protocol of the file that LoopSim resolves (a class may conform to it).
    func isResolvedProtocol(_ name: String) -> Bool { protocols[name]?.count == 1 }
}
