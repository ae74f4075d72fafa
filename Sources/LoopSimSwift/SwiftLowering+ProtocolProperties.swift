import LoopSimScenario
import SwiftSyntax

/// A protocol's property requirement (`var interval: TimeInterval { get }`, `var observers: [Observer] { get set }`;
/// the Swift book, "Protocols" › "Property Requirements"): accepted when exactly one class of the file conforms. A
/// value of the protocol's type is then always an instance of that class (only conforming types can be stored
/// there; the Swift book, "Protocols" › "Protocols as Types"), so `p.interval` and `p.observers.append(x)` through
/// `let p: Poller = FastPoller()` are that class's property, read and stored as the class's own — the static
/// resolution SwiftLowering+Protocols.swift applies to a delegate's methods. With several conforming classes the
/// lowering would have to choose the property by the held object's class, which the scenario language reads from an
/// `id` only through a message: refused at the requirement.
extension SwiftLowering {
    /// Checks one property requirement of protocol `protocolName` (its declaration's members are read later by
    /// ``checkProtocol(_:)``); refuses, located, what the lowering does not resolve.
    mutating func checkPropertyRequirement(_ v: VariableDeclSyntax, of protocolName: String) {
        guard v.bindings.count == 1, let binding = v.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.typeAnnotation != nil, binding.accessorBlock != nil
        else {
            unsupported(
                "this property requirement",
                "write one property with its type and accessors: "
                    + "`var interval: TimeInterval { get }`", at: v)
            return
        }
        if let modifier = v.modifiers.first(where: { ["static", "class", "optional"].contains($0.name.text) }) {
            unsupported(
                "a `\(modifier.name.text)` property requirement",
                "require an instance property every conforming class declares", at: modifier)
            return
        }
        let conformers = (protocols[protocolName] ?? []).filter { classes[$0] != nil }
        guard conformers.count <= 1 else {
            unsupported(
                "a property requirement of a protocol \(conformers.count) classes conform to",
                "LoopSim resolves a protocol's properties when one class of the file conforms: with several, hold "
                    + "the concrete class (`let p = FastPoller()`) where its property is read", at: binding.pattern)
            return
        }
        if let cls = conformers.first, let shape = classes[cls], !shape.hasMember(name) {
            unsupported(
                "the requirement `\(name)`, which `\(cls)` does not declare",
                "declare `var \(name)` in `\(cls)`, as Swift requires of a conforming class", at: binding.pattern)
        }
    }
}
