import LoopSimScenario
import SwiftSyntax

/// Notification names kept as constants of the type that posts them, or at the top level — `static let didTimeout =
/// Notification.Name("IdleTimeoutManagerDidTimeout")` in a class, an enum or a struct, `let kCartChanged =
/// Notification.Name("CartChanged")` — read as `IdleTimeoutManager.didTimeout`, `Self.didTimeout`, or a bare name
/// where Swift resolves it (inside the type's static methods, or a top-level constant anywhere). Each is its raw
/// value wherever it is used, as a constant of `extension Notification.Name` is (SwiftLowering+Notifications.swift);
/// the constant itself is folded away, as a literal constant is (SwiftLowering+Constants.swift).
extension SwiftLowering {
    /// Whether `decl` is `let NAME = Notification.Name("X")` (static in a type, or at the top level).
    func isNotificationNameConstant(_ decl: VariableDeclSyntax) -> Bool {
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1, let binding = decl.bindings.first,
            binding.pattern.is(IdentifierPatternSyntax.self), let value = binding.initializer?.value,
            nameLiteral(value) != nil
        else { return false }
        let inType = decl.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true
        return inType ? isStatic(decl.modifiers) : true
    }

    /// Records `decl`'s name under `prefix` (`IdleTimeoutManager.`, or "" at the top level) when it is such a
    /// constant.
    mutating func recordNotificationName(_ decl: VariableDeclSyntax, prefix: String) {
        guard isNotificationNameConstant(decl), let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value, let raw = nameLiteral(value)
        else { return }
        typeNotificationNames[prefix + name] = raw
    }

    /// The raw value of `e` when it reads such a constant: `Owner.name`, `Self.name` inside Owner, a bare `name` of
    /// the enclosing type or of the top level.
    func typeNotificationName(_ e: ExprSyntax) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            var owner = base.trimmedDescription
            if owner == "Self", let enclosing = enclosingTypeName(of: Syntax(e)) { owner = enclosing }
            return typeNotificationNames[owner + "." + member.declName.baseName.text]
        }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let enclosing = enclosingTypeName(of: Syntax(e)), let raw = typeNotificationNames[enclosing + "." + name]
            {
                return raw
            }
            return typeNotificationNames[name]
        }
        return nil
    }
}
