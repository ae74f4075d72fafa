import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// `static let NAME = C()` (a scenario class, no arguments): NAME and C; nil for any other static property.
    func singleton(_ decl: VariableDeclSyntax) -> (name: String, className: String)? {
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let cls = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            classes[cls] != nil, isConstruction(ExprSyntax(call), of: cls)
        else { return nil }
        return (name, cls)
    }

    /// Records every class's `static let shared = C()` before any class's shape (``singletonClasses``), so that a
    /// property of a class declared earlier can take its type from it (`private let service = AvatarService.shared`).
    mutating func collectSingletons(_ tree: SourceFileSyntax) {
        for item in tree.statements {
            guard let decl = item.item.as(ClassDeclSyntax.self) else { continue }
            for member in decl.memberBlock.members {
                guard let v = member.decl.as(VariableDeclSyntax.self), isStatic(v.modifiers),
                    let (name, cls) = singleton(v)
                else { continue }
                singletonClasses["\(decl.name.text).\(name)"] = cls
            }
        }
    }

    /// The class of `C.shared`, a singleton of the file (`static let shared = C()`).
    func singletonType(_ value: ExprSyntax) -> LoweredType? {
        guard let member = value.as(MemberAccessExprSyntax.self),
            let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let made = singletonClasses["\(owner).\(member.declName.baseName.text)"]
        else { return nil }
        return .object(made)
    }
}
