import LoopSimScenario
import SwiftSyntax

/// Top-level names used from class code (docs/swift-scenarios.md, "Top-level names in class code"): `let client =
/// APIClient()` at the top level read in a controller's method, a closure, a `deinit` or a `Task`, and a top-level
/// `func show(_ r: …)` called from there or from the top-level code.
///
/// Swift: a variable declared at the top level of main.swift is a global variable, initialized in order as the
/// top-level code runs, and every use of it anywhere in the module — a method, a closure, a deinit — reads and
/// writes that one storage; a closure does not capture a global (the Swift book, "Closures" › "Capturing Values"
/// names only the constants and variables "from the surrounding context"; "Global and Nested Functions": "Global
/// functions are closures that have a name and don't capture any values"). A global function has no `self`.
///
/// The lowering keeps each top-level name that class code (or a top-level function) reads as a field of one hidden
/// object, `MainGlobals`, declared `root: true` as a class's type object is ("Type members"): made on its first
/// read, never freed, never a leak. The top-level declaration still binds `main:`'s own name, which the app holds
/// as before, and then stores it into the field: a `let` keeps both (one object, held by the app as any top-level
/// name is, so the report's path to it is unchanged); a `var` is moved — `main:`'s name is released and every later
/// use, in the top-level code, an action or a method, is the field, so that `editor = nil` frees the object as
/// Swift's one storage does. A name only top-level code and actions use stays `main:`'s local, as before.
/// The top-level functions are methods of the same object; they see the globals as every body does.
extension SwiftLowering {
    /// The hidden object's class: `MainGlobals`, or `MainGlobals_` (…) when the file declares a class of that name.
    var globalsClass: String {
        var name = "MainGlobals"
        while declaredTypeNames.contains(name) { name += "_" }
        return name
    }

    /// Records the top-level `let`/`var`s class code may read, with their types (or why one cannot be read there),
    /// and the top-level functions' shapes, before any body is lowered.
    mutating func collectGlobals(_ tree: SourceFileSyntax) {
        for item in tree.statements {
            if let c = item.item.as(ClassDeclSyntax.self) { declaredTypeNames.insert(c.name.text) }
            if let a = item.item.as(ActorDeclSyntax.self) { declaredTypeNames.insert(a.name.text) }
        }
        var shape = ClassShape(name: globalsClass)
        for item in tree.statements {
            if let f = item.item.as(FunctionDeclSyntax.self) {
                globalFunctions.insert(f.name.text)
                recordSignature(f, into: &shape)  // SwiftLowering+TypeMembers.swift
                // an array of structs, returned as its parallel arrays (SwiftLowering+StructArrayReturns.swift)
                if returnsStructArrayParts(f) { shape.structPartReturns.insert(f.name.text) }
                continue
            }
            guard let v = item.item.as(VariableDeclSyntax.self), v.bindings.count == 1,
                let binding = v.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                !isFoldedConstant(v), !isGlobalOfItsOwn(binding)
            else { continue }
            let type = fieldType(binding)
            let annotation = binding.typeAnnotation?.type
            let isOptional =
                annotation?.is(OptionalTypeSyntax.self) == true
                || annotation?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
            let isWeak = v.modifiers.contains { $0.name.text == "weak" }
            if isWeak && (!type.isObject || !isOptional) { continue }  // refused where declared (+Locals.swift)
            globalCandidates[name] = TopLevelGlobal(
                type: type, isVar: v.bindingSpecifier.text == "var", isOptional: isOptional,
                refusal: globalRefusal(type), location: location(v), isWeak: isWeak)
            // A `weak var` handle the top-level code and the actions share: the globals' weak field from the
            // start, since `main:`'s locals are strong.
            if isWeak && !usedGlobals.contains(name) { usedGlobals.append(name) }
        }
        collectFrameworkStatics(tree, into: &shape)  // `extension Timer { static func … }`: +FrameworkStatics.swift
        if !globalFunctions.isEmpty { classes[shape.name] = shape }
    }

    /// Whether `binding` is a top-level declaration the scenario keeps by other means: the `Scenario`, a parameter,
    /// a dispatch or operation queue (visible everywhere already).
    private func isGlobalOfItsOwn(_ binding: PatternBindingSyntax) -> Bool {
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return ["Scenario", "DispatchQueue", "OperationQueue"].contains(callee)
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "param"
        }
        return false
    }

    /// Why a top-level name of type `type` cannot be one field of the globals' object, nil when it can.
    private func globalRefusal(_ type: LoweredType) -> String? {
        switch type {
        case .object, .int, .bool, .string, .duration, .enumeration, .conformer, .semaphore, .group, .timer, .task,
            .runLoop, .thread:
            return nil
        case .api where type.fieldTypeName != nil:
            return nil
        case .closure where type.fieldTypeName != nil:
            return nil
        case .value(let s):
            return "a top-level variable of the struct type `\(s)` read inside a class's code (a struct is flattened "
                + "into its holder's fields, and a global has none)|keep it in a class: `let settings = "
                + "SettingsBox()` with the struct as its stored property, or pass it in as an argument"
        case .unknown:
            return "a top-level variable whose type LoopSim cannot tell, read inside a class's code|write its type "
                + "(`let client: APIClient = APIClient()`), or pass the value in as an argument"
        default:
            let kind: String =
                if case .closure = type { "a closure" } else { type.collectionName ?? "a value of this type" }
            return "a top-level variable holding \(kind) read inside a class's code|keep it in a stored property "
                + "of a class, or pass it in as an argument"
        }
    }

    /// A bare `name` that no local, member or constant means: a top-level name read from class code, a closure or
    /// a top-level function (nil when it is none). From top-level code and actions, only a global already moved
    /// to the object (a `var`); anywhere else, the first read makes `name` a global.
    mutating func globalReference(_ name: String, in scope: Scope, at node: some SyntaxProtocol) -> GlobalLookup {
        guard let global = globalCandidates[name] else { return .none }
        if scope.kind == .main || scope.kind == .action {
            return usedGlobals.contains(name) ? .found("shared \(globalsClass).\(name)", global.type) : .none
        }
        if let refusal = global.refusal {
            let parts = refusal.split(separator: "|", maxSplits: 1).map(String.init)
            unsupported(parts[0], parts[1], at: node)
            return .refused
        }
        if !usedGlobals.contains(name) { usedGlobals.append(name) }
        return .found("shared \(globalsClass).\(name)", global.type)
    }

    /// The type of `value` when it is a bare top-level name class code may read (`let api = client` as a stored
    /// property's initial value), nil otherwise.
    func globalType(_ value: ExprSyntax) -> LoweredType? {
        guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let global = globalCandidates[name], global.refusal == nil
        else { return nil }
        return global.type
    }

    /// Whether `e` is a bare global of type `Int`, `Bool` or `String` declared without `?` or `!` read where it is
    /// the global's field: never nil, so an interpolation prints its value (SwiftLowering+Interpolation.swift).
    func isPlainGlobalRead(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let name = e.as(DeclReferenceExprSyntax.self)?.baseName.text, scope.locals[name] == nil,
            usedGlobals.contains(name), let global = globalCandidates[name], !global.isOptional
        else { return false }
        return [.int, .bool, .string].contains(global.type)
    }

    /// `let client = APIClient()` at the top level, for a name class code reads: `main:`'s declaration as before,
    /// then the store into the globals' object; a `var` is then moved there (see the extension's comment). Nil for
    /// any other declaration.
    mutating func globalDeclaration(_ decl: VariableDeclSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard scope.kind == .main, !loweringGlobalDeclaration, decl.bindings.count == 1,
            let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            usedGlobals.contains(name), let global = globalCandidates[name]
        else { return nil }
        loweringGlobalDeclaration = true
        var steps = lowerLocal(decl, in: &scope)
        loweringGlobalDeclaration = false
        let at = location(decl)
        guard let local = scope.locals[name] else { return steps }
        steps.append(.step("set", "shared \(globalsClass).\(name) = \(local.text(name))", at: at))
        if global.isVar {
            if global.type.isObject { steps.append(.step("release", local.text(name), at: at)) }
            scope.locals[name] = nil  // every later use is the global's storage
        }
        return steps
    }

    /// `show(r)`: a top-level function called from anywhere, a method of the globals' object. Nil when `name` is
    /// none, or a local or a method of the class around shadows it.
    func isGlobalFunction(_ name: String, in scope: Scope) -> Bool {
        guard globalFunctions.contains(name), scope.locals[name] == nil else { return false }
        if let cls = scope.className, classes[cls]?.methods[name] != nil, cls != globalsClass { return false }
        return true
    }

    /// The globals' class, when a bare call of `name` is a top-level function's (`let n = next()`, `try check()`,
    /// `await fetch()`) and no method of the class around and no local shadows it; its receiver is `shared CLASS`.
    func globalCallee(_ name: String, in scope: Scope) -> String? {
        guard isGlobalFunction(name, in: scope) else { return nil }
        if scope.className == globalsClass, scope.locals["self"] != nil { return nil }  // another one: `self.f`
        return globalsClass
    }

    /// The `classes:` entry of the globals' object: `root: true`, a field per global class code reads, and the
    /// top-level functions as methods; nil when the file has neither.
    mutating func globalsClassNode(methods: [(String, LocatedNode)], at: ScenarioLocation) -> (String, LocatedNode)? {
        guard !usedGlobals.isEmpty || !methods.isEmpty else { return nil }
        var fields: [(String, LocatedNode)] = []
        for name in usedGlobals {
            guard let global = globalCandidates[name], let typeName = global.type.fieldTypeName else { continue }
            fields.append((name, .plain(global.isWeak ? "weak \(typeName)" : typeName, at: global.location)))
        }
        fields += thrownFieldNodes(className: globalsClass, at: at)  // SwiftLowering+Throws.swift
        fields += returnedFailureFieldNodes(className: globalsClass, at: at)  // SwiftLowering+ResultReturns.swift
        var entries: [(String, LocatedNode)] = [
            ("root", .plain("true", at: at)), ("typeObject", .plain("true", at: at)),
        ]
        if !fields.isEmpty { entries.append(("fields", .map(fields, at: at))) }
        if !methods.isEmpty { entries.append(("methods", .map(methods, at: at))) }
        return (globalsClass, .map(entries, at: at))
    }
}

/// A top-level `let` or `var` that class code may read: its type, whether a `var`, and why it cannot be a global
/// of the model when it cannot (`what|instead`).
struct TopLevelGlobal {
    var type: LoweredType
    var isVar: Bool
    var isOptional: Bool
    var refusal: String?
    var location: ScenarioLocation
    /// `weak var openNotes: NotesViewController?`: a zeroing weak field of the globals' object.
    var isWeak = false
}

/// What ``SwiftLowering/globalReference(_:in:at:)`` found for a bare name.
enum GlobalLookup {
    /// No global: the name means something else (or nothing).
    case none
    /// The global's field and its type.
    case found(String, LoweredType)
    /// A global that cannot be read there, refused at the name.
    case refused
}
