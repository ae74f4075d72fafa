import LoopSimScenario
import SwiftSyntax

/// The types a dictionary may hold (docs/swift-scenarios.md, "Dictionaries"), moved out of
/// SwiftLowering+Dictionaries.swift: the language's spelling of one, and the located refusals of the others, each
/// naming the written type and what to write instead.
extension SwiftLowering {
    /// The language's spelling of a dictionary's type for a declaration (`[string: NSTimer]`); nil, after reporting
    /// why, for one the model does not hold.
    mutating func dictionaryTypeName(_ type: LoweredType, at node: some SyntaxProtocol) -> String? {
        guard case .dictionary(let key, let value) = type else { return type.fieldTypeName }
        guard [.int, .string, .bool].contains(key) || isEnumeration(key) else {
            unsupported(
                "a dictionary keyed by `\(key)`", "key it by Int, String, Bool or an enum of the file", at: node)
            return nil
        }
        switch value {
        case .array(let element):
            var handler = "values"
            if case .closure = element { handler = "handlers" }
            unsupported(
                "a dictionary of arrays (`\(written(valueOf: node) ?? "[\(element)]")` values)",
                "keep each key's \(handler) in an object of a class of the file (`final class Waiters { var "
                    + "\(handler): [T] = [] }`, then `var waiting: [Key: Waiters] = [:]` and `if let w = waiting[key] "
                    + "{ w.\(handler).append(x) }`)", at: node)
            return nil
        case .dictionary:
            unsupported(
                "a dictionary of dictionaries",
                "keep each key's dictionary in an object of a class of the file, or one dictionary keyed by both keys",
                at: node)
            return nil
        case .value(let s) where payloadEnums[s] != nil:
            unsupported(
                "a dictionary of the enum `\(s)`, whose cases carry values",
                "keep one dictionary per case's values (`var ready: [Key: Value] = [:]`), or hold each `\(s)` in a "
                    + "property of an object of a class of the file (`[Key: Holder]`)", at: node)
            return nil
        case .value(let s):
            unsupported(
                "a dictionary of the struct `\(s)` here (a local, a parameter, a returned value or a closure's type)",
                "keep it in a property of a class (`var cache: [Key: \(s)] = [:]`), which holds one dictionary per "
                    + "stored property (section \"Dictionaries of structs\")", at: node)
            return nil
        default: break
        }
        guard let name = type.fieldTypeName else {
            if value == .unknown, let written = written(valueOf: node) {
                let nested = nestedTypeOwner(named: written, in: Syntax(node))
                unsupported(
                    "a dictionary of `\(written)`"
                        + (nested.map { ", \($0.kind) declared inside `\($0.owner)`," } ?? ""),
                    (nested == nil
                        ? ""
                        : "declare `\(written)` at the top level of the file (an enum whose cases carry "
                            + "values is then held as one dictionary per case's values, or kept in an object); ")
                        + "a dictionary holds scenario classes, Timer, Int, Bool, String, closures, observer tokens, "
                        + "the file's structs or the other types a property may have", at: node)
                return nil
            }
            unsupported(
                "a dictionary of `\(value)`",
                "a dictionary holds scenario classes, Timer, Int, Bool, String, closures, observer tokens or the other "
                    + "types a property may have", at: node)
            return nil
        }
        return name
    }

    /// The value type written in the dictionary type of a property or local's annotation at `node`.
    private func written(valueOf node: some SyntaxProtocol) -> String? {
        var annotation = node.as(PatternBindingSyntax.self)?.typeAnnotation?.type
        if annotation == nil, let v = node.as(VariableDeclSyntax.self) {
            annotation = v.bindings.first?.typeAnnotation?.type
        }
        if let optional = annotation?.as(OptionalTypeSyntax.self) { annotation = optional.wrappedType }
        return annotation?.as(DictionaryTypeSyntax.self)?.value.trimmedDescription
    }

    /// The type (`enum`, `struct`, `class`) named `name` declared inside another type of the file, and that type.
    private func nestedTypeOwner(named name: String, in node: Syntax) -> (kind: String, owner: String)? {
        var stack = [node.root]
        while let next = stack.popLast() {
            let declared: (String, String)? =
                next.as(EnumDeclSyntax.self).map { ("an enum", $0.name.text) }
                ?? next.as(StructDeclSyntax.self).map { ("a struct", $0.name.text) }
            if let (kind, found) = declared, found == name {
                var parent = next.parent
                while let p = parent {
                    if p.isProtocol(DeclGroupSyntax.self), let owner = p.asProtocol(NamedDeclSyntax.self) {
                        return (kind, owner.name.text)
                    }
                    parent = p.parent
                }
                return nil
            }
            stack += next.children(viewMode: .sourceAccurate)
        }
        return nil
    }

    private func isEnumeration(_ type: LoweredType) -> Bool {
        if case .enumeration = type { return true }
        return false
    }
}
