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

    /// The name `main:` gives the object of `static let NAME` of class `owner`: `Owner_NAME`.
    func singletonName(_ owner: String, _ name: String) -> String { "\(owner)_\(name)" }

    /// The `let:` steps that create every `static let shared = C()` singleton, first in `main:`, in the order the
    /// classes are declared: the app holds each for the whole run, as a static's storage does. Swift creates a
    /// static lazily, on its first access (The Swift Programming Language, "Properties" › "Type Properties");
    /// the lowering creates it at launch (docs/fidelity.md, "Swift scenarios").
    /// A class whose inits are methods (SwiftLowering+Initializers.swift: it declares one with parameters) runs
    /// `init()`'s body as Swift does, right after `new`.
    mutating func singletonSteps(in tree: SourceFileSyntax) -> [LocatedNode] {
        var steps: [LocatedNode] = []
        for item in tree.statements {
            guard let decl = item.item.as(ClassDeclSyntax.self), let shape = classes[decl.name.text] else { continue }
            for member in decl.memberBlock.members {
                guard let v = member.decl.as(VariableDeclSyntax.self), isStatic(v.modifiers),
                    let (name, _) = singleton(v), let made = shape.statics[name]
                else { continue }
                let place = singletonName(shape.name, name)
                if let call = v.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
                    let initialized = initializedLocal(call, name: place, declared: place, in: Scope(kind: .main))
                {
                    steps += initialized.steps
                    continue
                }
                steps.append(
                    .step("let", "\(singletonName(shape.name, name)) = new \(made.className)", at: made.location))
            }
        }
        return steps
    }

    /// `C.shared` where `main:`'s names are visible (top-level code and user actions): the name of the singleton;
    /// elsewhere refused, since a method sees only `self` and its locals and a block only its captures. Nil when
    /// `C` has no such static property.
    mutating func singletonReference(_ owner: String, _ name: String, at node: some SyntaxProtocol, in scope: Scope)
        -> (String, LoweredType)??
    {
        guard let made = classes[owner]?.statics[name] else { return .none }
        guard scope.kind == .main || scope.kind == .action else {
            unsupported(
                "`\(owner).\(name)` inside a method or closure",
                "the scenario language's methods see only self and their locals: read `\(owner).\(name)` in the "
                    + "top-level code and pass it in (a field, or a method's parameter)", at: node)
            return .some(nil)
        }
        return .some((singletonName(owner, name), .object(made.className)))
    }
}
