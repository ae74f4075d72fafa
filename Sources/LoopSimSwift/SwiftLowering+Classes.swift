import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Records a class's fields and methods before any body is lowered (docs/scenario-format.md §4).
    mutating func collectShape(_ decl: some ClassLikeDecl) {
        var shape = ClassShape(name: decl.name.text)
        for member in classMembers(decl) {
            if isTypeMember(member.decl) {
                continue  // the type object's (SwiftLowering+TypeMembers.swift)
            } else if let v = member.decl.as(VariableDeclSyntax.self), isStatic(v.modifiers) {
                // `static let queue = DispatchQueue(label:)`: one queue for the type (SwiftLowering+PropertyQueues).
                if isPropertyQueue(v) { _ = recordPropertyQueue(v, className: typeObjectName(shape.name)) }
            } else if let v = member.decl.as(VariableDeclSyntax.self), recordPropertyQueue(v, className: shape.name) {
                // A queue kept in a property (SwiftLowering+PropertyQueues.swift): a queue, not a field.
            } else if let v = member.decl.as(VariableDeclSyntax.self), noteViewProperties(v, into: &shape) {
                // A UIKit view kept in a property: display state, no field (SwiftLowering+Controls.swift).
            } else if let v = member.decl.as(VariableDeclSyntax.self), !isFoldedConstant(v) {
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                        for (n, t) in streamPairFields(binding) ?? [] { shape.fields[n] = t }  // +Streams.swift
                        continue
                    }
                    if let observers = propertyObservers(binding) {
                        // A stored property with observers (SwiftLowering+Observers.swift).
                        shape.observers[name] = observers
                        shape.fields[name] = fieldType(binding)
                        continue
                    }
                    if collectComputed(binding, name: name, into: &shape) { continue }
                    _ = collectLazy(v, binding, name: name, into: &shape)  // SwiftLowering+Lazy.swift
                    if !v.modifiers.contains(where: { $0.name.text == "lazy" }),
                        let made = propertySourceCreation(binding)
                    {
                        shape.sources[name] = made  // SwiftLowering+PropertySources.swift
                    }
                    shape.fields[name] = fieldType(binding)
                    noteStructField(v, name: name, type: fieldType(binding), into: &shape)  // +Structs.swift
                    noteOptionalStructField(binding, name: name, into: &shape)  // +OptionalStructs.swift
                    noteStructArrayField(name: name, type: fieldType(binding), into: &shape)  // +StructArrays.swift
                    noteStructDictionaryField(name: name, type: fieldType(binding), into: &shape)
                    noteResultField(binding, name: name, into: &shape)  // SwiftLowering+ResultValues.swift
                }
            } else if let f = member.decl.as(FunctionDeclSyntax.self), collectReturningMethod(f, into: &shape) {
                continue
            } else if let f = member.decl.as(FunctionDeclSyntax.self), isKVOObserveMethod(f) {
                shape.methods["observeValueForKeyPath"] = []
            } else if let f = member.decl.as(FunctionDeclSyntax.self) {
                let views = Self.viewParameterPositions(f)  // SwiftLowering+ViewDelegates.swift
                if !views.isEmpty { shape.viewParameterPositions[f.name.text] = views }
                let kept = f.signature.parameterClause.parameters.enumerated().filter { !views.contains($0.offset) }
                shape.methods[f.name.text] = kept.map { ($0.element.secondName ?? $0.element.firstName).text }
                shape.methodParameterTypes[f.name.text] = kept.map { typeNamed($0.element.type) }
                let parameters = f.signature.parameterClause.parameters
                if parameters.contains(where: { $0.defaultValue != nil }) {
                    shape.methodParameterDefaults[f.name.text] = parameters.map {
                        ($0.firstName.text, $0.defaultValue?.value)
                    }
                }
                if let type = declaredReturnType(f) { shape.returns[f.name.text] = typeNamed(type) }
            }
        }
        collectControlTargets(decl, into: &shape)  // SwiftLowering+Controls.swift
        collectViewDelegates(decl, into: &shape)  // SwiftLowering+ViewDelegates.swift
        collectThrowing(decl, into: &shape)  // SwiftLowering+Throws.swift
        collectStructPartReturns(decl, into: &shape)  // SwiftLowering+AsyncStructReturns.swift
        shape.isIsolated = !isolationEntries(decl).isEmpty
        collectThrowingClosures(decl, into: &shape)  // SwiftLowering+ThrowingClosures.swift
        noteUIKitSuperclass(decl, into: &shape)
        collectThreadSubclass(decl, into: &shape)  // SwiftLowering+ThreadSubclass.swift
        collectOperationSubclass(decl, into: &shape)  // SwiftLowering+OperationSubclass.swift
        shape.constantMembers = instanceConstantNames(decl)
        collectInitializers(decl, into: &shape)
        collectThrowingInits(decl, into: &shape)  // SwiftLowering+ThrowingInits.swift
        classes[shape.name] = shape
        collectTypeShape(decl)  // SwiftLowering+TypeMembers.swift
    }

    /// Lowers a class declaration to a `classes:` entry: fields, `init`, `deinit` (as `dealloc:`) and methods.
    mutating func lowerClass(_ decl: some ClassLikeDecl) -> (String, LocatedNode)? {
        let name = decl.name.text
        let at = location(decl)
        if let generics = decl.genericParameterClause {
            unsupported("a generic class", "write the class with concrete types", at: generics)
        }
        for inherited in decl.inheritanceClause?.inheritedTypes ?? [] {
            let parent = inherited.type.trimmedDescription
            if refusesFileSuperclass(parent, of: name, at: inherited) { continue }  // SwiftLowering+Subclasses.swift
            if parent != "NSObject", !isResolvedProtocol(parent), !Self.isMarkerConformance(inherited.type),
                !(parent == "Thread" && isThreadSuperclass(decl)),
                !(["Operation", "Foundation.Operation"].contains(parent) && isOperationSuperclass(decl)),
                !acceptsUIKitSuperclass(parent, at: inherited)
            {
                unsupported(
                    "inheriting from `\(parent)`",
                    "a scenario class is a plain Swift class or an NSObject subclass; protocols and superclasses "
                        + "are not followed", at: inherited)
            }
        }
        refuseThrowingClosureTypes(in: decl)  // SwiftLowering+Throws.swift
        refuseOverloads(in: decl)
        var fields: [(String, LocatedNode)] = []
        var methods: [(String, LocatedNode)] = []
        var initSteps: [LocatedNode] = []
        var fieldInits: [LocatedNode] = []
        var dealloc: LocatedNode?
        for member in classMembers(decl) {
            let d = member.decl
            if isTypeMember(d) {
                continue  // lowered into the type object's class (SwiftLowering+TypeMembers.swift)
            } else if let v = d.as(VariableDeclSyntax.self) {
                lowerField(v, className: name, into: &fields, initSteps: &fieldInits)
                methods += getterMethods(v, className: name)  // SwiftLowering+Computed.swift
            } else if let f = d.as(FunctionDeclSyntax.self), isProxyMethod(f, of: decl) {
                continue  // the class's `proxy:` entry (SwiftLowering+Proxies.swift)
            } else if let f = d.as(FunctionDeclSyntax.self), classes[name]?.computed[f.name.text + "()"] != nil {
                continue  // read inline where it is called (SwiftLowering+Computed.swift)
            } else if let f = d.as(FunctionDeclSyntax.self) {
                if let method = lowerMethod(f, className: name) { methods.append(method) }
            } else if let i = d.as(InitializerDeclSyntax.self), classes[name]?.initializers.isEmpty == false {
                if let method = lowerInitializer(i, className: name) { methods.append(method) }
            } else if let i = d.as(InitializerDeclSyntax.self) {
                if !i.signature.parameterClause.parameters.isEmpty {
                    unsupported(
                        "an init with parameters",
                        "give the fields initial values, or set them after creating the object "
                            + "(`let b = Button(); b.count = 5`)", at: i.signature)
                }
                if let body = i.body {
                    var scope = methodScope(className: name, body: body.statements)
                    scope.initializerOf = name
                    initSteps += lowerStatements(body.statements[...], in: &scope, tail: true)
                }
            } else if let deinitDecl = d.as(DeinitializerDeclSyntax.self) {
                if let body = deinitDecl.body {
                    var scope = methodScope(className: name, body: body.statements)
                    let steps = lowerStatements(body.statements[...], in: &scope, tail: true)
                    dealloc = .list(guardedDealloc(steps, decl, at: location(deinitDecl)), at: location(deinitDecl))
                }
            } else if isCaseEnum(d) {
                // An enum of cases: values, collected in the first pass (SwiftLowering+Enums.swift).
            } else if foldsAway(d) {
                // A nested namespace of literal constants (SwiftLowering+Constants.swift).
            } else if isClosureAlias(d) {
                // A name for a closure type (SwiftLowering+ClosureValues.swift).
            } else {
                unsupported(
                    "\(describe(d)) inside a class",
                    "a scenario class has stored properties, init, deinit and methods", at: d)
            }
        }
        checkPropertySources(className: name)  // SwiftLowering+PropertySources.swift
        methods += observerMethods(decl, className: name)  // SwiftLowering+Observers.swift
        methods += awaitedReadMethods(className: name, at: at)  // SwiftLowering+ActorReads.swift
        methods += closureThrewMethodNodes(className: name, at: at)  // SwiftLowering+ThrowingClosures.swift
        fields += uikitFields(className: name, at: at)
        fields += controlTargetFieldNodes(className: name, at: at)  // SwiftLowering+Controls.swift
        fields += scrollDelegateFieldNodes(className: name, at: at)  // SwiftLowering+ViewDelegates.swift
        fields += threadSubclassFieldNodes(className: name, at: at)
        fields += thrownFieldNodes(className: name, at: at)  // SwiftLowering+Throws.swift
        fields += returnedFailureFieldNodes(className: name, at: at)  // SwiftLowering+ResultReturns.swift
        fields += returnedStructFieldNodes(className: name, at: at)  // SwiftLowering+StructReturns.swift
        fields += initAbandonedFieldNodes(decl, at: at)  // SwiftLowering+ThrowingInits.swift
        var entries: [(String, LocatedNode)] = isolationEntries(decl)
        entries += operationSubclassEntries(decl)  // SwiftLowering+OperationSubclass.swift
        if !fields.isEmpty { entries.append(("fields", .map(fields, at: at))) }
        let allInit = fieldInits + initSteps
        if !allInit.isEmpty { entries.append(("init", .list(allInit, at: at))) }
        if let dealloc { entries.append(("dealloc", dealloc)) }
        if let proxy = proxyEntry(decl) { entries.append(proxy) }
        if !methods.isEmpty { entries.append(("methods", .map(methods, at: at))) }
        return (name, .map(entries, at: at))
    }

    /// The scope of a method body: `self`, and the `var`s its closures capture.
    func methodScope(className: String, body: CodeBlockItemListSyntax) -> Scope {
        var scope = Scope(kind: .method, className: className)
        scope.locals["self"] = Local(type: .object(className), isVar: false)
        scope.capturedVars = capturedNames(in: body.map(Syntax.init))
        return scope
    }

    /// A second instance method of one name, argument labels and `async` in the class (and its extensions): Swift
    /// tells such overloads apart by their parameter or return types, which the lowering does not follow; it is
    /// refused at its name rather than taken for the first at its calls. Overloads by labels or `async` were given
    /// names of their own before lowering (SwiftOverloads.swift).
    mutating func refuseOverloads(in decl: some ClassLikeDecl) {
        var seen: [String: FunctionDeclSyntax] = [:]
        for member in classMembers(decl) {
            guard let f = member.decl.as(FunctionDeclSyntax.self), !isStatic(f.modifiers), !isTypeMember(member.decl)
            else { continue }
            let name = f.name.text
            guard let first = seen[name] else {
                seen[name] = f
                continue
            }
            let line = location(first).line
            unsupported(
                "a second method named `\(name)` with the argument labels of line \(line)'s (an overload by parameter "
                    + "or return types)",
                "give each its own name (`func \(name)Text(_ s: String)`): LoopSim tells overloads apart by their "
                    + "labels and `async`, not their types", at: f.name)
        }
    }

    /// Whether the modifiers include `static` or `class`.
    func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    }

    /// A stored property as a field declaration `[STRENGTH] TYPE [= VALUE]`; an object initial value
    /// (`var button = Button()`) becomes a store at the start of `init`, where Swift evaluates it.
    mutating func lowerField(
        _ decl: VariableDeclSyntax, className: String, into fields: inout [(String, LocatedNode)],
        initSteps: inout [LocatedNode], asTypeMember: Bool = false
    ) {
        if isFoldedConstant(decl) { return }  // folded at its uses (SwiftLowering+Constants.swift)
        if lowerInstanceQueueField(decl, className: className, into: &fields, initSteps: &initSteps) { return }
        if isPropertyQueue(decl) { return }
        if lowerViewProperty(decl, className: className) { return }  // SwiftLowering+Controls.swift
        if isStatic(decl.modifiers), !asTypeMember {
            unsupported(
                "a static property (`static let shared`)",
                "create the shared object in the top-level code and pass it where it is used", at: decl)
            return
        }
        var strength = "strong"
        for modifier in decl.modifiers {
            switch modifier.name.text {
            case "weak": strength = "weak"
            case "unowned": strength = modifier.detail?.detail.text == "unsafe" ? "unretained" : "unowned"
            case "private", "fileprivate", "internal", "public", "final", "open", "dynamic": break
            case "lazy": break  // made at its first read (SwiftLowering+Lazy.swift)
            case "static",
                "class" where asTypeMember:
                break  // a field of the type object
            default:
                unsupported("the modifier `\(modifier.name.text)` on a property", "leave it out", at: modifier)
            }
        }
        for binding in decl.bindings {
            if streamField(binding, decl, className: className, into: &fields, initSteps: &initSteps) {
                continue  // `let (stream, continuation) = AsyncStream.makeStream(…)` (SwiftLowering+Streams.swift)
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                unsupported("a property pattern", "declare one property per name", at: binding.pattern)
                continue
            }
            if binding.accessorBlock != nil, classes[className]?.observers[name] == nil {
                checkComputed(binding, name: name, className: className)
                continue
            }
            if refusesTupleProperty(binding) { continue }  // SwiftLowering+Tuples.swift
            if let s = structArrayElement(fieldType(binding)) {
                // An array of structs: one array field per stored property (SwiftLowering+StructArrays.swift).
                lowerStructArrayField(
                    binding, name: name, struct: s, className: className, into: &fields, initSteps: &initSteps)
                continue
            }
            if let (key, s) = structDictionaryValue(fieldType(binding)) {
                // A dictionary of structs: one dictionary field per stored property (+StructDictionaries.swift).
                lowerStructDictionaryField(binding, name: name, key: key, struct: s, into: &fields)
                continue
            }
            if case .value(let s) = fieldType(binding) {
                // A struct: its stored properties are the class's fields (SwiftLowering+Structs.swift).
                lowerStructField(
                    binding, name: name, struct: s, className: className, into: &fields,
                    initSteps: &initSteps)
                continue
            }
            if case .result = fieldType(binding), !asTypeMember {
                // A `Result`: its two parts are the class's fields (SwiftLowering+ResultValues.swift).
                lowerResultField(binding, name: name, className: className, into: &fields, initSteps: &initSteps)
                continue
            }
            let isLazy = decl.modifiers.contains { $0.name.text == "lazy" }
            if isLazy, !checkLazy(binding, name: name, className: className) { continue }
            let type = fieldType(binding)
            if let collection = type.collectionName {
                // An array or a dictionary property: a field that starts empty (SwiftLowering+Arrays.swift,
                // SwiftLowering+Dictionaries.swift); a non-empty initial value is stored by `init:`.
                guard let typeName = collectionTypeName(type, at: binding) else { continue }
                if strength != "strong" {
                    unsupported("`\(strength)` on \(collection) property", "leave the modifier out", at: decl)
                }
                if let value = binding.initializer?.value,
                    let made = objectArrayLiteralSteps(
                        value, place: "self.\(name)", in: methodScope(className: className, body: []))
                {
                    initSteps += made  // `[Banner(id: 1), …]`: SwiftLowering+ObjectArrayLiterals.swift
                } else if let value = binding.initializer?.value, !isEmptyCollection(value) {
                    guard let made = expression(value, in: methodScope(className: className, body: [])) else {
                        continue
                    }
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                }
                fields.append((name, .plain(typeName, at: location(binding))))
                continue
            }
            guard let typeName = type.fieldTypeName else {
                if let annotation = binding.typeAnnotation {
                    unsupported(
                        "a property of type `\(annotation.type.trimmedDescription)`",
                        "fields hold scenario classes, Timer, RunLoop/CFRunLoop, DispatchSemaphore, DispatchGroup, "
                            + "Thread, Int, Bool or String" + floatFieldAdvice(annotation.type)
                            + optionalArrayAdvice(annotation.type), at: annotation.type)
                } else if let made = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    made.calledExpression.trimmedDescription.hasPrefix("DispatchSource.make")
                {
                    // A dispatch source is made, scheduled, given its handler and resumed in one step
                    // (SwiftLowering+DispatchSources.swift's fold), which a property's initial value cannot hold.
                    unsupported(
                        "a dispatch source made in a property's initial value",
                        "keep it in `var timer: DispatchSourceTimer?` and make it in a method: `let t = "
                            + "DispatchSource.makeTimerSource(queue: .main)`, then `t.schedule(…)`, "
                            + "`t.setEventHandler { … }` and `t.resume()` right after, then `timer = t`", at: binding)
                } else {
                    unsupported(
                        "a property whose type LoopSim cannot infer",
                        "write its type: `var timer: Timer?`", at: binding)
                }
                continue
            }
            var declaration = type == .runLoop ? typeName : "\(strength) \(typeName)"
            if type.unwrapped == .api("UIBackgroundTaskIdentifier"), strength == "strong" {
                // A `UIBackgroundTaskIdentifier` is a value (a `RawRepresentable` Int, UIApplication.h): the property
                // names the task UIApplication holds until it is ended, and holds nothing itself — weak, so that
                // an expiration handler capturing `self` is held by the app's task, not by a cycle through `self`.
                declaration = "weak \(typeName)"
            }
            if strength != "strong" && !type.isObject {
                unsupported("`\(strength)` on a non-object property", "leave the modifier out", at: decl)
            }
            if type == .runLoop { declaration = typeName }
            let at = location(binding)
            // `var retries: Int?` (or `= nil`), `var start: Date?`, `var body: Data?`: Swift's optional starts
            // nil, where the language's int starts 0 (its duration 0, its string empty).
            if [.int, .bool, .string, .duration, .data].contains(type), isOptionalAnnotation(binding),
                binding.initializer == nil || binding.initializer?.value.is(NilLiteralExprSyntax.self) == true
            {
                declaration += " = nil"
            }
            // `lazy var line: String = "GET \(path)"`: nil until its first read makes it (SwiftLowering+Lazy.swift).
            if [.int, .bool, .string, .duration].contains(type), isLazy, classes[className]?.lazy[name] != nil {
                declaration += " = nil"
            }
            if let value = binding.initializer?.value, !(isLazy && classes[className]?.lazy[name] != nil) {
                if type == .duration {
                    // `var interval: TimeInterval = 0.5`, `= 2`, `= .milliseconds(500)`: a literal duration; `= 60 * 5`,
                    // `= Double(kRetries) * 0.5`: computed when the object is made, before init's body, as a property's
                    // initial value is (the Swift book, "Initialization" › "Default Property Values")
                    if let literal = constantDuration(value) ?? fieldDurationLiteral(value) ?? literalUnitCall(value) {
                        declaration += " = " + literal
                    } else if let made = expression(value, in: methodScope(className: className, body: [])) {
                        guard [.duration, .int, .unknown].contains(made.type) else {
                            unsupported(
                                "a value of type \(made.type) as a `TimeInterval`", "use a number of seconds", at: value
                            )
                            continue
                        }
                        let text = made.type == .int ? "(\(made.text)) * 1s" : made.text
                        initSteps.append(.step("set", "self.\(name) = \(text)", at: location(value)))
                    }
                } else if let literal = literalText(value) ?? enumInitialValue(value, type: type) {
                    declaration += " = " + literal
                } else if let bound = Self.intBound(value) {
                    initSteps.append(.step("set", "self.\(name) = \(bound)", at: location(value)))
                } else if value.is(NilLiteralExprSyntax.self) || isInvalidTaskIdentifier(value) {
                    // nil is every field's initial value.
                } else if !isLazy, propertySourceCreation(binding) != nil {
                    // Made where init configures it (SwiftLowering+PropertySources.swift).
                } else if type == .runLoop, Self.isRunLoopAccessor(value),
                    let made = expression(value, in: methodScope(className: className, body: [])), made.type == .runLoop
                {
                    // `let loop = RunLoop.current`: the run loop of the thread that makes the object, where Swift
                    // evaluates a property's initial value (the Swift book, "Initialization" › "Default Property
                    // Values"; Apple, `RunLoop.current`: "the run loop for the current thread").
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                } else if let call = value.as(FunctionCallExprSyntax.self),
                    let made = initializedStore(
                        call, place: "self.\(name)", in: methodScope(className: className, body: []))
                {
                    initSteps += made
                } else if case .object(let cls) = type, isConstruction(value, of: cls) {
                    initSteps.append(.step("set", "self.\(name) = new \(cls)", at: location(value)))
                } else if let call = value.as(FunctionCallExprSyntax.self),
                    let made = apiCreation(call, place: "self.\(name)", in: methodScope(className: className, body: []))
                {
                    initSteps += made.steps
                } else if type == .group || type == .semaphore, let call = value.as(FunctionCallExprSyntax.self),
                    let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    callee == "DispatchGroup" || callee == "DispatchSemaphore",
                    let made = expression(value, in: methodScope(className: className, body: [])), made.type == type
                {
                    // `private let group = DispatchGroup()`: made with the object, as a stored property's initial
                    // value is (the Swift book, "Initialization" › "Default Property Values").
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                } else if singletonType(value) != nil,
                    let made = expression(value, in: methodScope(className: className, body: [])), made.type == type
                {
                    // `private let service = AvatarService.shared`: the type object's singleton, made on its first
                    // access (section "Type members"), read when the object is made.
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                } else if type == .data, let call = value.as(FunctionCallExprSyntax.self),
                    case .some(let made?) = dataValue(call, in: methodScope(className: className, body: []))
                {
                    // `var body = Data()`: its byte count, set with the object (SwiftLowering+Data.swift).
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                } else if globalType(value) != nil,
                    let made = expression(value, in: methodScope(className: className, body: [])), made.type == type
                {
                    // `let api = client`: the global's field, read when the object is made (+Globals.swift).
                    initSteps.append(.step("set", "self.\(name) = \(made.text)", at: location(value)))
                } else {
                    unsupported(
                        "this initial value", "use a literal, nil, or `ClassName()`; or set the field in init",
                        at: value)
                }
            }
            fields.append((name, .plain(declaration, at: at)))
        }
    }

    /// A method: `func name(_ a: T, b: U) { … }` as `name: {params: [a: T, b: U], do: […]}` (or just its steps).
    mutating func lowerMethod(
        _ decl: FunctionDeclSyntax, className: String, asTypeMember: Bool = false
    ) -> (String, LocatedNode)? {
        let at = location(decl)
        if isKVOObserveMethod(decl) { return lowerKVOObserveMethod(decl, className: className) }
        for modifier in decl.modifiers
        where !["private", "fileprivate", "internal", "public", "final", "override", "open", "dynamic", "nonisolated"]
            .contains(modifier.name.text) && !(asTypeMember && ["static", "class"].contains(modifier.name.text))
        {
            unsupported(
                "a `\(modifier.name.text)` method", "a scenario class has instance methods only", at: modifier)
            return nil
        }
        if decl.modifiers.contains(where: { $0.name.text == "override" }), !overridesFileClass(decl),
            !isThreadMainOverride(decl, className: className),
            !isOperationMainOverride(decl, className: className),
            !checkOverride(decl, className: className)
        {
            return nil
        }
        if let generics = decl.genericParameterClause {
            refuseGeneric(decl, generics)  // SwiftLowering+ThreadCancel.swift
            return nil
        }
        var returnsEntry: [(String, LocatedNode)] = []
        if let returns = declaredReturnType(decl), let s = structArrayElement(typeNamed(returns)) {
            // its parallel arrays returned as one value (SwiftLowering+StructArrayReturns.swift)
            guard let entry = structArrayReturnsEntry(decl, struct: s, returns: returns) else { return nil }
            returnsEntry = entry
        } else if let returns = declaredReturnType(decl),
            let entry = resultReturnsEntry(returns, of: decl, asTypeMember: asTypeMember)  // +ResultValues.swift
        {
            guard !entry.isEmpty else { return nil }
            returnsEntry = entry
        } else if let returns = declaredReturnType(decl), case .value(let s) = typeNamed(returns),
            structs[s] != nil, payloadEnums[s] == nil, !isStatic(decl.modifiers) || asTypeMember
        {
            // a struct: left in the object's hidden fields, the method returning nothing (+StructReturns.swift);
            // an async or actor method's returned as one value of its parts (+AsyncStructReturns.swift)
            if returnsStructParts(decl) {
                returnsEntry = structPartsEntry(s, at: location(returns))
            } else if let (what, instead) = whyNotStructReturn(decl, struct: s) {
                unsupported(what, instead, at: returns)
                return nil
            }
        } else if let returns = declaredReturnType(decl) {
            guard Self.isReturnable(typeNamed(returns)), let typeName = typeNamed(returns).fieldTypeName,
                !isStatic(decl.modifiers) || asTypeMember
            else {
                unsupported(
                    "a method that returns `\(returns.trimmedDescription)`",
                    "return an Int, a Bool, a String, an array of them, an enum of the file or an object of a "
                        + "class of the file (optional or not), from an instance method", at: returns)
                return nil
            }
            returnsEntry = [("returns", .plain(typeName, at: location(returns)))]
        }
        if let effects = decl.signature.effectSpecifiers, !acceptsThrows(effects) { return nil }  // +Throws.swift
        guard let body = decl.body else { return nil }
        var scope = methodScope(className: className, body: body.statements)
        scope.returnType = declaredReturnType(decl).map { typeNamed($0) }
        if decl.signature.effectSpecifiers?.throwsClause != nil {
            scope.throwContext = .method(returns: scope.returnType)
        }
        var params: [LocatedNode] = []
        if !checkDelegateMethod(decl, className: className) { return nil }  // SwiftLowering+ViewDelegates.swift
        let viewPositions = Self.viewParameterPositions(decl)
        for (position, parameter) in decl.signature.parameterClause.parameters.enumerated()
        where !isLifecycleOverride(decl, className: className) && !viewPositions.contains(position) {
            let name = (parameter.secondName ?? parameter.firstName).text
            if Self.isQueueParameter(parameter) {  // only an init's is followed (SwiftLowering+QueueParameters.swift)
                unsupported(
                    "a method parameter of type `DispatchQueue`",
                    "take the queue in the class's `init` (`init(queue: DispatchQueue = .main)`) and keep it in a "
                        + "`let` property, or name the queue in the method (`DispatchQueue.main.async { … }`)",
                    at: parameter)
                return nil
            }
            let type = typeNamed(parameter.type)
            if case .result = type {  // SwiftLowering+Result.swift: two parameters
                let (split, locals) = resultParameters(name, lowered: name, type, at: location(parameter))
                params += split
                for (n, local) in locals { scope.locals[n] = local }
                continue
            }
            if let s = structArrayElement(type) {  // SwiftLowering+StructArrayValues.swift
                params += structArrayParameters(parameter, name: name, struct: s, in: &scope)
                continue
            }
            if case .value(let s) = type {
                params += structParameters(parameter, name: name, struct: s, in: &scope)  // +Structs.swift
                continue
            }
            let typeName = type == .timer ? "NSTimer" : (type.fieldTypeName ?? "id")
            scope.locals[name] = Local(type: type, isVar: false)
            params.append(.map([(name, .plain(typeName, at: location(parameter)))], at: location(parameter)))
        }
        var steps = lowerStatements(body.statements[...], in: &scope, tail: true)
        if scope.returnType != nil { steps += unreachableEnd(of: body.statements, at: decl) }  // +Returns.swift
        let traits = methodTraits(decl)
        if params.isEmpty && traits.isEmpty && returnsEntry.isEmpty { return (decl.name.text, .list(steps, at: at)) }
        let paramEntry: [(String, LocatedNode)] = params.isEmpty ? [] : [("params", .list(params, at: at))]
        return (decl.name.text, .map(traits + paramEntry + returnsEntry + [("do", .list(steps, at: at))], at: at))
    }
}

extension String {
    /// The text without `_` digit separators (`1_000` → `1000`).
    func replacingUnderscores() -> String { filter { $0 != "_" } }
}
