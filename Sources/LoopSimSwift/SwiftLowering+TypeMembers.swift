import LoopSimScenario
import SwiftSyntax

/// Type members of a class (docs/swift-scenarios.md, "Type members"): `static var instances = 0`, `static func
/// make() -> Poller`, `class func log(_ s: String)`. Swift keeps a stored type property in storage of its own,
/// initialized lazily on its first access and shared by every use ("Stored type properties are lazily initialized on
/// their first access. They're guaranteed to be initialized only once, even when accessed by multiple threads
/// simultaneously"; the Swift book, "Properties" › "Type Properties"), and a type method is called on the type, with
/// `self` the type itself ("Methods" › "Type Methods"). The lowering gives each class C that declares some a second
/// class, `C_Type`, declared `root: true` (a singleton, never a leak): its fields are C's stored type properties, its
/// methods C's type methods, and every `C.x`, `Self.x` (or a bare `x` inside a type method) reads the one instance
/// the scenario language's `shared C_Type` names, which the kernel makes, running its `init:` (the property
/// initializers), on the first read — Swift's lazy initialization — and keeps for the whole run.
extension SwiftLowering {
    /// The name of class `className`'s type object's class.
    func typeObjectName(_ className: String) -> String { "\(className)_Type" }

    /// The type object's class that `name` means as the base of a member access or a call, seen from `scope`:
    /// C's for a class C that declares type members, and for `Self` inside C or one of its type methods. Nil for
    /// any other name, and for a name a local shadows.
    func typeObjectClass(named name: String, in scope: Scope, at node: Syntax? = nil) -> String? {
        guard scope.locals[name] == nil else { return nil }
        var owner = name
        if name == "Self" {
            // A closure's scope has no class: the class whose declaration (or extension) holds the closure.
            guard let current = scope.className ?? node.flatMap({ enclosingTypeName(of: $0) }) else { return nil }
            owner = typeObjectOwner(current) ?? current
        }
        let typeObject = typeObjectName(owner)
        return classes[typeObject] != nil ? typeObject : nil
    }

    /// The name of the class or extended type whose member block holds `node`.
    func enclosingTypeName(of node: Syntax) -> String? {
        var current: Syntax? = node
        while let c = current {
            if let cls = c.as(ClassDeclSyntax.self) { return cls.name.text }
            if let ext = c.as(ExtensionDeclSyntax.self) {
                return ext.extendedType.as(IdentifierTypeSyntax.self)?.name.text
            }
            current = c.parent
        }
        return nil
    }

    /// The class whose type object `className` is, nil when it is none.
    func typeObjectOwner(_ className: String) -> String? {
        guard className.hasSuffix("_Type") else { return nil }
        let owner = String(className.dropLast("_Type".count))
        return classes[className] != nil && typeObjectName(owner) == className ? owner : nil
    }

    /// Whether `d` is a type member the type object holds: a `static` or `class` method, or a `static var` (or a
    /// `static let` neither a `shared` singleton nor a folded literal constant).
    func isTypeMember(_ d: DeclSyntax) -> Bool {
        if let f = d.as(FunctionDeclSyntax.self) { return isStatic(f.modifiers) }
        if let v = d.as(VariableDeclSyntax.self) {
            // a `static let shared = C()` is the type object's, made on its first access wherever that is
            if isStatic(v.modifiers), singleton(v) != nil { return true }
            // a `static let queue = DispatchQueue(label:)` is a queue of the scenario (SwiftLowering+PropertyQueues)
            return isStatic(v.modifiers) && !isFoldedConstant(v) && !isPropertyQueue(v)
        }
        return false
    }

    /// Records the shape of the type object of `decl`, when it declares type members: their fields and methods.
    mutating func collectTypeShape(_ decl: some ClassLikeDecl) {
        guard decl.is(ClassDeclSyntax.self) else { return }
        collectTypeShape(of: decl.name.text, classMembers(decl).map(\.decl).filter { isTypeMember($0) })
    }

    /// A namespace enum's type members (`enum Analytics { static var sent = 0; static func track(…) }`): an enum
    /// without cases, generics or conformances whose members are all `static`, one at least a `static var` or a
    /// `static func`. Its members are a type object's as a class's are; nil for any other declaration.
    func namespaceTypeMembers(_ decl: DeclSyntax) -> (name: String, members: [DeclSyntax])? {
        guard let e = decl.as(EnumDeclSyntax.self), !Self.hasCases(e), e.genericParameterClause == nil,
            e.inheritanceClause == nil, !e.memberBlock.members.isEmpty,
            e.memberBlock.members.allSatisfy({ member in
                if let v = member.decl.as(VariableDeclSyntax.self) { return isStatic(v.modifiers) }
                if let f = member.decl.as(FunctionDeclSyntax.self) { return isStatic(f.modifiers) }
                return false
            })
        else { return nil }
        let members = e.memberBlock.members.map(\.decl).filter { isTypeMember($0) }
        // Only `static let`s: a namespace of constants, folded or refused as before (SwiftLowering+Constants.swift).
        let holdsState = members.contains {
            $0.is(FunctionDeclSyntax.self) || $0.as(VariableDeclSyntax.self)?.bindingSpecifier.text == "var"
        }
        return holdsState ? (e.name.text, members) : nil
    }

    /// Records the shape of the type object of `owner`, whose type members are `members`.
    mutating func collectTypeShape(of owner: String, _ members: [DeclSyntax]) {
        guard !members.isEmpty else { return }
        var shape = ClassShape(name: typeObjectName(owner))
        for d in members {
            if let v = d.as(VariableDeclSyntax.self) {
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if collectComputed(binding, name: name, into: &shape) { continue }
                    shape.fields[name] = fieldType(binding)
                }
            } else if let f = d.as(FunctionDeclSyntax.self) {
                // `static func make() throws -> Poller` throws into the type object's `thrownError` (+Throws.swift)
                recordSignature(f, into: &shape)
            }
        }
        classes[shape.name] = shape
    }

    /// The `classes:` entry of `decl`'s type object, `C_Type: {root: true, fields:, init:, methods:}`; nil when C
    /// declares no type members.
    mutating func lowerTypeClass(_ decl: ClassDeclSyntax) -> (String, LocatedNode)? {
        lowerTypeClass(of: decl.name.text, classMembers(decl).map(\.decl), at: location(decl))
    }

    /// The `classes:` entry of the type object of `owner`, from its members' type members; nil when it has none.
    mutating func lowerTypeClass(of owner: String, _ members: [DeclSyntax], at: ScenarioLocation) -> (
        String, LocatedNode
    )? {
        let name = typeObjectName(owner)
        guard classes[name] != nil else { return nil }
        var fields: [(String, LocatedNode)] = []
        var methods: [(String, LocatedNode)] = []
        var initSteps: [LocatedNode] = []
        for member in members where isTypeMember(member) {
            if let v = member.as(VariableDeclSyntax.self) {
                if v.modifiers.contains(where: { $0.name.text == "lazy" }) {
                    unsupported("a `lazy` type property", "leave `lazy` out: a type property is lazy already", at: v)
                    continue
                }
                lowerField(v, className: name, into: &fields, initSteps: &initSteps, asTypeMember: true)
                methods += getterMethods(v, className: name)
            } else if let f = member.as(FunctionDeclSyntax.self) {
                if let method = lowerMethod(f, className: name, asTypeMember: true) { methods.append(method) }
            }
        }
        fields += thrownFieldNodes(className: name, at: at)  // SwiftLowering+Throws.swift
        fields += returnedFailureFieldNodes(className: name, at: at)  // SwiftLowering+ResultReturns.swift
        fields += returnedStructFieldNodes(className: name, at: at)  // SwiftLowering+StructReturns.swift
        var entries: [(String, LocatedNode)] = [
            ("root", .plain("true", at: at)), ("typeObject", .plain("true", at: at)),
        ]
        if !fields.isEmpty { entries.append(("fields", .map(fields, at: at))) }
        if !initSteps.isEmpty { entries.append(("init", .list(initSteps, at: at))) }
        if !methods.isEmpty { entries.append(("methods", .map(methods, at: at))) }
        return (name, .map(entries, at: at))
    }

    /// A function's parameters (names and types), returned type, `throws` and typed throws in `shape`: what calls
    /// of it are checked and lowered against (a type method here, a top-level function in SwiftLowering+Globals).
    func recordSignature(_ f: FunctionDeclSyntax, into shape: inout ClassShape, as renamed: String? = nil) {
        let name = renamed ?? f.name.text
        shape.methods[name] = f.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        shape.methodParameterTypes[name] = f.signature.parameterClause.parameters.map { typeNamed($0.type) }
        if let type = declaredReturnType(f) { shape.returns[name] = typeNamed(type) }
        if f.signature.effectSpecifiers?.throwsClause != nil { shape.throwing.insert(name) }
        if let e = typedThrowsEnum(f.signature.effectSpecifiers?.throwsClause) { shape.typedThrows[name] = e }
    }
}
