import LoopSimScenario
import SwiftSyntax

/// `extension Timer { static func scheduledWeakTimer(…) -> Timer { … } }`, called as `Timer.scheduledWeakTimer(…)`:
/// a static method an app adds to a framework class (docs/swift-scenarios.md, "Top-level names in class code").
///
/// A static method has no instance: `self` in it is the type, and the app's code reaches it through the type's name
/// only (the Swift book, "Methods" › "Type Methods"; "Extensions": "Extensions can add new … type methods"). A
/// static method of an extension that reads nothing of the type but its name is therefore a free function under a
/// qualified name, so it is lowered as a top-level function is (SwiftLowering+Globals.swift): a method of the
/// globals' object, named `Type_method`, which `Type.method(…)` calls. An instance method, an initializer or a
/// property the extension adds to a framework class would be called on the framework's own objects, whose methods
/// the model does not dispatch to the app's code: each is refused at its declaration.
extension SwiftLowering {
    /// The name of the globals' method that `Type.method` (a static method of an extension of a framework type)
    /// lowers to, unique among the top-level functions.
    func frameworkStaticName(_ type: String, _ method: String) -> String {
        var name = "\(type)_\(method)"
        while globalFunctions.contains(name) && frameworkStatics["\(type).\(method)"] != name { name += "_" }
        return name
    }

    /// Whether `e` extends a type the file does not declare (a framework class such as `Timer`), named by a plain
    /// identifier, outside the forms other files lower (`Notification.Name`'s names, a resolved protocol's).
    func isFrameworkExtension(_ e: ExtensionDeclSyntax, fileTypes: Set<String>) -> Bool {
        guard let type = e.extendedType.as(IdentifierTypeSyntax.self), type.genericArgumentClause == nil else {
            return false
        }
        let name = type.name.text
        return !fileTypes.contains(name) && !isResolvedProtocol(name) && !isNotificationNameExtension(e)
    }

    /// The static methods of the file's extensions of framework types (``isFrameworkExtension(_:fileTypes:)``), with
    /// their signatures in the globals' `shape`, before any body is lowered.
    mutating func collectFrameworkStatics(_ tree: SourceFileSyntax, into shape: inout ClassShape) {
        var fileTypes = declaredTypeNames
        for item in tree.statements {
            if let s = item.item.as(StructDeclSyntax.self) { fileTypes.insert(s.name.text) }
            if let e = item.item.as(EnumDeclSyntax.self) { fileTypes.insert(e.name.text) }
            if let p = item.item.as(ProtocolDeclSyntax.self) { fileTypes.insert(p.name.text) }
        }
        for item in tree.statements {
            guard let e = item.item.as(ExtensionDeclSyntax.self), isFrameworkExtension(e, fileTypes: fileTypes)
            else { continue }
            frameworkExtensionTypes.insert(e.extendedType.trimmedDescription)
            for member in e.memberBlock.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self), isStatic(f.modifiers) else { continue }
                let type = e.extendedType.trimmedDescription
                let name = frameworkStaticName(type, f.name.text)
                frameworkStatics["\(type).\(f.name.text)"] = name
                globalFunctions.insert(name)
                recordSignature(f, into: &shape, as: name)  // SwiftLowering+TypeMembers.swift
            }
        }
    }

    /// A top-level extension of a framework type: its static methods lowered as the globals' methods (nil when `e`
    /// is no such extension); every other member is refused, located.
    mutating func lowerFrameworkExtension(_ e: ExtensionDeclSyntax) -> [(String, LocatedNode)]? {
        let type = e.extendedType.trimmedDescription
        guard frameworkExtensionTypes.contains(type), e.extendedType.is(IdentifierTypeSyntax.self) else { return nil }
        if let clause = e.genericWhereClause {
            unsupported("a constrained extension of `\(type)`", "write a plain `extension \(type) { … }`", at: clause)
            return []
        }
        if let clause = e.inheritanceClause {
            unsupported(
                "a conformance added to `\(type)`", "LoopSim calls no protocol witness of a framework type", at: clause)
            return []
        }
        var methods: [(String, LocatedNode)] = []
        for member in e.memberBlock.members {
            let d = member.decl
            guard let f = d.as(FunctionDeclSyntax.self), isStatic(f.modifiers),
                let name = frameworkStatics["\(type).\(f.name.text)"]
            else {
                let what =
                    d.is(FunctionDeclSyntax.self)
                    ? "an instance method"
                    : d.is(VariableDeclSyntax.self)
                        ? "a property" : d.is(InitializerDeclSyntax.self) ? "an initializer" : describe(d)
                unsupported(
                    "\(what) in an extension of `\(type)`, a framework type",
                    "the model runs the framework's own methods on its objects: write a `static func` called as "
                        + "`\(type).name(…)`, or a method of one of the file's classes that takes the `\(type)`",
                    at: d)
                continue
            }
            // `self` in a type method is the type (`Timer`), which the globals' object is not: refused, located.
            if let token = f.body?.tokens(viewMode: .sourceAccurate).first(where: {
                $0.tokenKind == .keyword(.self) || $0.tokenKind == .keyword(.Self)
            }) {
                unsupported(
                    "`\(token.text)` in a static method of an extension of `\(type)` (the type itself)",
                    "name the type: `\(type).…`", at: token)
                continue
            }
            if let method = lowerMethod(f, className: globalsClass, asTypeMember: true) {
                methods.append((name, method.1))
            }
        }
        return methods
    }

    /// The globals' method that `Type.method(…)` calls when `base` names a framework type whose extension declares
    /// that static method, and no local shadows the name; nil otherwise.
    func frameworkStaticCallee(_ base: ExprSyntax, _ method: String, in scope: Scope) -> String? {
        guard let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[type] == nil else {
            return nil
        }
        return frameworkStatics["\(type).\(method)"]
    }
}
