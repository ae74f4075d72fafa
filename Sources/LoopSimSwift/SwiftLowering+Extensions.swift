import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// The members the class lowering takes: the class's own, less an `init?(coder:)` (`required init?(coder:
    /// NSCoder) { fatalError(…) }`, which only `NSKeyedUnarchiver` and storyboards call — never the model, which
    /// loads neither: Apple, `NSCoding.init(coder:)`), then its extensions' methods.
    func classMembers(_ decl: some ClassLikeDecl) -> [MemberBlockItemSyntax] {
        let own = Array(decl.memberBlock.members).filter { member in
            guard let i = member.decl.as(InitializerDeclSyntax.self) else { return true }
            let labels = i.signature.parameterClause.parameters.map(\.firstName.text)
            return labels != ["coder"]
        }
        let extended = own + extensionMembers(of: decl.name.text, in: decl)
        return extended + protocolDefaults(for: decl.name.text, besides: extended, in: decl)
    }

    /// The default implementations a protocol extension of the file gives `className` (`protocol Refreshable:
    /// AnyObject { func refresh() }` and `extension Refreshable { func scheduleRefresh() -> Timer { … } }`): the
    /// extension's methods and computed properties, for each protocol of the file the class conforms to, less
    /// those the class declares itself, whose implementation is the one a call reaches (the Swift book,
    /// "Protocols" › "Providing Default Implementations": "If a conforming type provides its own implementation
    /// of a required method or property, that implementation will be used instead of the one provided by the
    /// extension"). Each is lowered as a member of the class, `self` being the conforming instance.
    func protocolDefaults(
        for className: String, besides declared: [MemberBlockItemSyntax], in tree: some SyntaxProtocol
    ) -> [MemberBlockItemSyntax] {
        guard let file = tree.root.as(SourceFileSyntax.self) else { return [] }
        var names = Set(declared.compactMap { memberName($0.decl) })
        var defaults: [MemberBlockItemSyntax] = []
        for item in file.statements {
            guard let e = item.item.as(ExtensionDeclSyntax.self), e.genericWhereClause == nil,
                e.inheritanceClause == nil, protocols[e.extendedType.trimmedDescription]?.contains(className) == true
            else { continue }
            for member in e.memberBlock.members where isClassLowered(member.decl) {
                guard let name = memberName(member.decl), !names.contains(name) else { continue }
                names.insert(name)
                defaults.append(member)
            }
        }
        return defaults
    }

    /// A method's or a computed property's name (nil for an initializer).
    private func memberName(_ d: DeclSyntax) -> String? {
        if let f = d.as(FunctionDeclSyntax.self) { return f.name.text }
        return d.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The members an `extension C { … }` (or `private extension C`) adds to the scenario class C that the class
    /// lowering merges with its own: its methods, initializers and computed properties (``isClassLowered(_:)``).
    /// An extension's members are the type's members (the Swift book, "Extensions": "Extensions add new
    /// functionality to an existing class"), so its methods join C's `methods:`; its `static let` literal
    /// constants are folded (SwiftLowering+Constants.swift). A conformance's members (`extension C: P { … }`) and
    /// everything else an extension may hold are refused once, in ``checkExtension(_:)``.
    func extensionMembers(of className: String, in tree: some SyntaxProtocol) -> [MemberBlockItemSyntax] {
        guard let file = tree.root.as(SourceFileSyntax.self) else { return [] }
        var members: [MemberBlockItemSyntax] = []
        for item in file.statements {
            guard let e = item.item.as(ExtensionDeclSyntax.self), e.extendedType.trimmedDescription == className,
                !conformsToUnresolved(e)
            else { continue }
            members += Array(e.memberBlock.members).filter { isClassLowered($0.decl) }
        }
        return members
    }

    /// Whether `e` declares a conformance to a protocol LoopSim does not resolve (a framework's delegate): its
    /// members would be called by the framework. A conformance to a protocol of the file that LoopSim resolves
    /// (SwiftLowering+Protocols.swift) is a plain extension: the app's own code calls its methods.
    private func conformsToUnresolved(_ e: ExtensionDeclSyntax) -> Bool {
        (e.inheritanceClause?.inheritedTypes ?? []).contains {
            let name = $0.type.trimmedDescription
            return !isResolvedProtocol(name) && !Self.viewDelegateProtocols.contains(name)  // +ViewDelegates.swift
        }
    }

    /// Whether an extension's member is lowered by the class lowering, as if written in the class: a method, an
    /// initializer (a `convenience init` is usually written in one) and a computed property, each then lowered or
    /// refused as it would be in the class.
    private func isClassLowered(_ d: DeclSyntax) -> Bool {
        if d.is(FunctionDeclSyntax.self) || d.is(InitializerDeclSyntax.self) { return true }
        guard let v = d.as(VariableDeclSyntax.self), !isStatic(v.modifiers) else { return false }
        return v.bindings.allSatisfy { $0.accessorBlock != nil }
    }

    /// A top-level `extension`: accepted (true) when it extends a scenario class and holds methods and literal
    /// `static let`s; a conformance it declares (`extension C: UIScrollViewDelegate {}`) is accepted when it adds
    /// no members, as LoopSim calls no protocol witness. Refused at the member otherwise. False when it is not an
    /// extension of a scenario class (the caller reports it as before, or the notification names take it).
    mutating func checkExtension(_ e: ExtensionDeclSyntax) -> Bool {
        let name = e.extendedType.trimmedDescription
        if classes[name] == nil, isResolvedProtocol(name) { return checkProtocolExtension(e, name) }
        guard classes[name] != nil else {
            if enums[name] != nil || payloadEnums[name] != nil || structs[name] != nil {
                refuseValueTypeExtension(e, name)  // SwiftLowering+EnumCaseIterable.swift
                return true
            }
            if e.extendedType.is(IdentifierTypeSyntax.self) || e.extendedType.is(MemberTypeSyntax.self) {
                unsupported(
                    "an extension of `\(name)`, which is not a class of this file",
                    "extend the file's own classes only; LoopSim models the framework's types itself", at: e)
                return true
            }
            return false
        }
        if let clause = e.genericWhereClause {
            unsupported("a constrained extension", "write the methods in a plain `extension \(name) { … }`", at: clause)
        }
        for modifier in e.modifiers where !Self.accessModifiers.contains(modifier.name.text) {
            unsupported("the modifier `\(modifier.name.text)` on an extension", "leave it out", at: modifier)
        }
        let conforms = conformsToUnresolved(e)
        for member in e.memberBlock.members {
            let d = member.decl
            if conforms {
                let protocols = e.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
                unsupported(
                    "a member of an extension that conforms to `\(protocols.joined(separator: "`, `"))`",
                    "LoopSim calls no protocol's witnesses (the framework would call them): keep the conformance "
                        + "empty (`extension \(name): \(protocols.first ?? "P") {}`) and put the methods the app "
                        + "itself calls in a plain `extension \(name) { … }`", at: d)
                continue
            }
            if isClassLowered(d) { continue }
            if let v = d.as(VariableDeclSyntax.self), isStatic(v.modifiers), isFoldedConstant(v) { continue }
            if let v = d.as(VariableDeclSyntax.self), v.bindings.contains(where: { $0.accessorBlock == nil }),
                !isStatic(v.modifiers)
            {
                unsupported(
                    "a stored property in an extension", "Swift allows none: declare it in the class", at: d)
                continue
            }
            unsupported(
                "\(describe(d)) in an extension",
                "an extension of a scenario class adds methods and literal `static let` constants", at: d)
        }
        return true
    }

    /// `extension P { … }` of a protocol of the file: default implementations (``protocolDefaults(for:besides:in:)``)
    /// — methods and computed properties; a constrained one (`where Self: …`), a conformance it declares, or any
    /// other member is refused, located.
    private mutating func checkProtocolExtension(_ e: ExtensionDeclSyntax, _ name: String) -> Bool {
        if let clause = e.genericWhereClause {
            unsupported(
                "a constrained protocol extension", "write the defaults in a plain `extension \(name) { … }`",
                at: clause)
        }
        if let clause = e.inheritanceClause {
            unsupported("a conformance declared by a protocol extension", "leave it out", at: clause)
        }
        for member in e.memberBlock.members where !isClassLowered(member.decl) {
            unsupported(
                "\(describe(member.decl)) in a protocol extension",
                "a protocol extension gives its conforming classes methods and computed properties", at: member.decl)
        }
        return true
    }
}
