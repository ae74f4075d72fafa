import LoopSimKernel

extension ScenarioCompiler {
    /// The keys of a class declaration under `classes:`.
    static let classKeys = [
        "fields", "methods", "init", "dealloc", "root", "typeObject", "proxy", "superclass", "isAsynchronous", "actor",
        "mainActor",
    ]
    /// The keys of a method written as a mapping (`refresh: {async: true, params: [...], do: [...]}`).
    static let methodKeys = ["params", "returns", "do", "async", "mainActor", "nonisolated"]
    /// The keys of a class's `proxy:` mapping.
    static let proxyKeys = ["target", "whenTargetIsNil"]
    /// The keys of one `user:` action.
    static let userActionKeys = ["at", "name", "do", "app"]
    /// The callbacks `appDelegate:` may define.
    static let appDelegateCallbacks = [
        "didEnterBackground", "willEnterForeground", "didBecomeActive", "willResignActive",
    ]
    static let builtinTypes = [
        "NSTimer", "CADisplayLink", "CFRunLoop", "CFRunLoopSource", "CFRunLoopObserver",
        "NSThread", "NSPort", "NSMachPort",
        "NSInputStream", "NSURLConnection", "dispatch_source", "dispatch_semaphore",
        "NSNotification", "block",
        "int", "bool", "string", "duration", "id",
    ]

    /// Pass 1: class names, fields (with types) and method names.
    func declareClasses(_ node: LocatedNode?) {
        guard let node else { return }
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "classes: is a mapping of class name to its declaration", at: node.location)
            return
        }
        for entry in map.entries {
            program.classes.append(ClassInfo(name: entry.key.text, fields: []))
            classFields.append([])
            classMethods.append([])
            classMethodParams.append([])
            classMethodReturns.append([])
        }
        for (c, entry) in map.entries.enumerated() {
            guard let decl = entry.value.mapping else {
                bag.error(
                    .typeMismatch, "class \(entry.key.text) is a mapping with fields, methods, init, dealloc",
                    at: entry.value.location)
                continue
            }
            checkKeys(decl, allowed: Self.classKeys, context: "class `\(entry.key.text)`", into: &bag)
            if let root = decl["root"], bool(root, what: "root") == true { program.classes[c].isRoot = true }
            if let type = decl["typeObject"], bool(type, what: "typeObject") == true {
                program.classes[c].isTypeObject = true
                if !program.classes[c].isRoot {
                    bag.error(
                        .valueInvalid, "a type object is a `root: true` class: add `root: true`", at: type.location)
                }
            }
            declareIsolation(c, decl)
            // A bad fields: must not skip the methods below: pass 2 compiles them with their parameters.
            if let fields = decl["fields"], fields.mapping == nil {
                bag.error(
                    .typeMismatch, "fields: is a mapping of field name to declaration, e.g. `timer: weak NSTimer`",
                    at: fields.location)
            }
            if let fields = decl["fields"]?.mapping, fields.entries.count > Self.maxNames {
                bag.error(
                    .namesTooMany,
                    "class \(entry.key.text) declares \(fields.entries.count) fields; a class "
                        + "has at most \(Self.maxNames) (each instance holds them all)", at: fields.location)
            }
            for field in decl["fields"]?.mapping?.entries ?? [] {
                guard let (info, type) = fieldDeclaration(field) else { continue }
                program.classes[c].fields.append(info)
                classFields[c].append((info.name, type, field.key.location))
            }
            if let methods = decl["methods"]?.mapping {
                classMethods[c] = methods.entries.map(\.key.text)
                classMethodParams[c] = methods.entries.map { methodParameters($0.value) }
                classMethodReturns[c] = methods.entries.map { methodReturnType($0.value) }
                program.classes[c].methodTraits = methods.entries.map { methodTraits($0.value) }
            } else if let methods = decl["methods"] {
                bag.error(.typeMismatch, "methods: is a mapping of method name to its steps", at: methods.location)
            }
        }
        for (c, entry) in map.entries.enumerated() {
            if let proxy = entry.value.mapping?["proxy"] { declareProxy(c, proxy) }
            if let decl = entry.value.mapping { declareOperationSubclass(c, decl) }
        }
    }

    /// `proxy: {target: FIELD, whenTargetIsNil: crash|swallow}` — an NSProxy subclass forwarding every message.
    private func declareProxy(_ c: Int, _ node: LocatedNode) {
        guard let map = node.mapping else {
            bag.error(
                .typeMismatch, "proxy: is a mapping with target: (a field) and whenTargetIsNil: crash or swallow",
                at: node.location)
            return
        }
        checkKeys(map, allowed: Self.proxyKeys, required: ["target"], context: "proxy", into: &bag)
        guard let fieldNode = map["target"], let field = string(fieldNode, what: "target") else { return }
        guard let index = classFields[c].firstIndex(where: { $0.name == field }),
            case .object = classFields[c][index].type
        else {
            bag.error(
                .nameUndefined,
                "the proxy's target must be a field holding an instance of a scenario class"
                    + suggestion(field, classFields[c].map(\.name)), at: fieldNode.location)
            return
        }
        program.classes[c].proxyTargetField = index
        switch map["whenTargetIsNil"]?.scalar?.text ?? "crash" {
        case "crash": program.classes[c].proxySwallowsNilTarget = false
        case "swallow": program.classes[c].proxySwallowsNilTarget = true
        default:
            bag.error(
                .valueInvalid,
                "whenTargetIsNil: is crash (methodSignatureForSelector: returns nil) or swallow "
                    + "(a dummy signature)", at: map["whenTargetIsNil"]!.location)
        }
    }

    /// The class whose methods a message to an instance of `c` runs: `c`, or (through proxies) its target's class.
    func methodOwner(_ c: Int) -> Int {
        var current = c
        var seen: Set<Int> = []
        while let field = program.classes[current].proxyTargetField, !seen.contains(current) {
            seen.insert(current)
            guard case .object(let target, _) = classFields[current][field].type else { break }
            current = target
        }
        return current
    }

    /// Pass 2: `init`, methods and `dealloc` of every class.
    func compileClassBodies(_ node: LocatedNode?) {
        guard let map = node?.mapping else { return }
        for (c, entry) in map.entries.enumerated() {
            guard let decl = entry.value.mapping else { continue }
            let selfType = TypeRef.object(classIndex: c, name: entry.key.text)
            if let body = decl["init"] {
                let scope = Scope(selfType: selfType)
                scope.canReturn = true
                program.classes[c].initializer = compileBody(body, scope: scope)
            }
            if let body = decl["dealloc"] {
                let scope = Scope(selfType: selfType)
                scope.canReturn = true
                program.classes[c].dealloc = compileBody(body, scope: scope)
            }
            if let methods = decl["methods"]?.mapping {
                for (m, method) in methods.entries.enumerated() {
                    let scope = Scope(selfType: selfType)
                    scope.isAsync = program.classes[c].traits(of: m).isAsync
                    scope.canReturn = true
                    scope.returnType = classMethodReturns[c][m]
                    let parameters = classMethodParams[c][m]
                    for p in parameters { _ = scope.declare(p.name, p.type) }
                    var body = Body(steps: [], localNames: [])
                    if let map = method.value.mapping {
                        checkKeys(
                            map, allowed: Self.methodKeys, required: ["do"], context: "method `\(method.key.text)`",
                            into: &bag)
                        if let steps = map["do"] { body = compileBody(steps, scope: scope) }
                    } else {
                        body = compileBody(method.value, scope: scope)
                    }
                    body.parameterCount = parameters.count
                    if let type = scope.returnType, !Self.definitelyReturns(body.steps) {
                        bag.error(
                            .returnValue,
                            "\(entry.key.text).\(method.key.text) returns \(type) (returns:) but its steps can end "
                                + "without `return:`; end every path with one (Swift: \"missing return\")",
                            at: method.key.location)
                    }
                    program.classes[c].methods.append((name: method.key.text, body: body))
                }
            }
        }
    }

    /// `main:` (the app's launch code) and `user:` actions share one environment: the app's references, which
    /// `main:` declares. A name an action declares is a local of its handler, released when it returns
    /// (``HandlerLocals`` in the kernel); another action naming it gets `name.undefined` saying so. An action
    /// after `until` never runs: a `user.after-until` warning says so.
    func compileMain(
        _ main: LocatedNode?, user: LocatedNode?, appDelegate: LocatedNode? = nil, until: SimInstant = .never
    ) {
        let scope = Scope()
        var mainSteps: [Step] = []
        if let main { mainSteps = compileSteps(main, scope: scope) }
        var actions: [(SimInstant, String, [Step], [String])] = []
        var handlerNames: [String: String] = [:]  // names declared by user actions, with where, for diagnostics
        var appActions: [(SimInstant, AppAction)] = []
        if let user {
            if let seq = user.sequence {
                for item in seq.items {
                    guard let map = item.mapping else {
                        bag.error(.typeMismatch, "each user action is a mapping with at: and do:", at: item.location)
                        continue
                    }
                    checkKeys(map, allowed: Self.userActionKeys, required: ["at"], context: "user action", into: &bag)
                    guard let at = map["at"].flatMap({ duration($0, what: "at") }) else { continue }
                    if .zero + at > until, let atNode = map["at"] {
                        bag.warning(
                            .userAfterUntil,
                            "this action at \(at) comes after the run's end (until: "
                                + "\(until - .zero)) and never runs; move it earlier or "
                                + "raise until:", at: atNode.location)
                    }
                    if let appNode = map["app"] {
                        guard let text = string(appNode, what: "app"), let action = AppAction(rawValue: text) else {
                            bag.error(
                                .valueInvalid, "app: is background, foreground, lock or unlock", at: appNode.location)
                            continue
                        }
                        if map["do"] != nil {
                            bag.error(.stepShape, "a user action has either app: or do:, not both", at: item.location)
                        }
                        appActions.append((.zero + at, action))
                        continue
                    }
                    guard let body = map["do"] else {
                        bag.error(
                            .keyMissing,
                            "a user action needs do: (steps) or app: (background, foreground, lock, unlock)",
                            at: item.location)
                        continue
                    }
                    let label = map["name"].flatMap { string($0, what: "name") } ?? "action at \(at)"
                    // The action's own names are its handler's locals, after the app's (main:'s) names.
                    let actionScope = scope.handlerScope()
                    actionScope.otherHandlersNames = handlerNames
                    let steps = compileSteps(body, scope: actionScope)
                    scope.adoptAppTypes(from: actionScope)
                    let site = "the user action at \(at) (line \(item.location.line))"
                    for name in actionScope.localNames.dropFirst(scope.localNames.count)
                    where handlerNames[name] == nil { handlerNames[name] = site }
                    actions.append((.zero + at, label, steps, actionScope.localNames))
                }
            } else {
                bag.error(.typeMismatch, "user: is a list of actions, each with at: and do:", at: user.location)
            }
        }
        compileAppDelegate(appDelegate, scope: scope)
        program.appBindings = scope.localNames
        program.main = Body(steps: mainSteps, localNames: scope.localNames)
        program.userActions =
            actions.map {
                UserAction(at: $0.0, label: $0.1, body: Body(steps: $0.2, localNames: $0.3))
            }
            + appActions.map {
                UserAction(at: $0.0, label: $0.1.rawValue, body: Body(steps: [], localNames: []), appAction: $0.1)
            }
    }

    /// `appDelegate:` — `didEnterBackground`, `willEnterForeground`, `didBecomeActive`: steps run on the main thread
    /// in the app's environment (they see main:'s names; the names they declare are their own locals).
    func compileAppDelegate(_ node: LocatedNode?, scope: Scope) {
        guard let node else { return }
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "appDelegate: is a mapping of callback to steps", at: node.location)
            return
        }
        checkKeys(map, allowed: Self.appDelegateCallbacks, context: "appDelegate", into: &bag)
        for entry in map.entries where Self.appDelegateCallbacks.contains(entry.key.text) {
            // A callback is a method of the app delegate: what it declares are its own locals (HandlerLocals).
            let callbackScope = scope.handlerScope()
            let steps = compileSteps(entry.value, scope: callbackScope)
            program.appDelegate.append(
                (
                    name: entry.key.text,
                    body: Body(
                        steps: steps,
                        localNames: callbackScope.localNames)
                ))
        }
    }

    /// A method's `params:` (`{params: [count: int, page: Page, any], do: [...]}`): each a name with a type
    /// (`NAME: TYPE`) or a bare name (`id`). A method written as a list of steps has none.
    /// A method's `returns: TYPE` (a type of the fields' table), nil when it declares none or an unknown type
    /// (reported).
    func methodReturnType(_ node: LocatedNode) -> TypeRef? {
        guard let map = node.mapping, let returns = map["returns"] else { return nil }
        guard let name = returns.scalar?.text, !name.isEmpty else {
            bag.error(
                .typeMismatch, "returns: is a type such as `bool`, `int`, `string` or `Page`", at: returns.location)
            return nil
        }
        guard let type = typeNamed(name) else {
            bag.error(
                .nameUndefined,
                "unknown type '\(name)' for returns:"
                    + suggestion(name, program.classes.map(\.name) + Self.builtinTypes),
                at: returns.location)
            return nil
        }
        return type
    }

    /// Whether every path through `steps` ends in a `return`: one of them is a `return` or a `trap:` (the app stops
    /// there), or an `if` both of whose branches do (Swift's definite-return rule, without its analysis of loops: a
    /// loop's body may not run).
    static func definitelyReturns(_ steps: [Step]) -> Bool {
        for step in steps {
            switch step {
            case .returnValue: return true
            case .perform(let performed) where performed is TrapStep: return true
            case .ifThen(_, let thenSteps, let elseSteps):
                if definitelyReturns(thenSteps) && definitelyReturns(elseSteps) { return true }
            default: continue
            }
        }
        return false
    }

    func methodParameters(_ node: LocatedNode) -> [(name: String, type: TypeRef)] {
        guard let map = node.mapping, let params = map["params"] else { return [] }
        guard let items = params.sequence else {
            bag.error(.typeMismatch, "params: is a list such as `[count: int, page: Page]`", at: params.location)
            return []
        }
        var out: [(name: String, type: TypeRef)] = []
        for item in items.items {
            var entry: (name: String, type: TypeRef)?
            if let pair = item.mapping, pair.entries.count == 1, let typeName = pair.entries[0].value.scalar?.text {
                if let type = typeNamed(typeName) {
                    entry = (pair.entries[0].key.text, type)
                } else {
                    bag.error(
                        .nameUndefined,
                        "unknown type '\(typeName)' for parameter `\(pair.entries[0].key.text)`"
                            + suggestion(typeName, program.classes.map(\.name) + Self.builtinTypes),
                        at: pair.entries[0].value.location)
                    continue
                }
            } else if let name = item.scalar?.text, !name.isEmpty {
                entry = (name, .anyObject)
            }
            guard let entry else {
                bag.error(.typeMismatch, "a parameter is `NAME` or `NAME: TYPE`", at: item.location)
                continue
            }
            if out.contains(where: { $0.name == entry.name }) || entry.name == "self" {
                bag.error(
                    .typeMismatch, "parameter `\(entry.name)` is declared twice (or is `self`)",
                    at: item.location)
                continue
            }
            out.append(entry)
        }
        return out
    }

    func compileBody(_ node: LocatedNode, scope: Scope) -> Body {
        let steps = compileSteps(node, scope: scope)
        if scope.localNames.count > Self.maxNames {
            bag.error(
                .namesTooMany,
                "these steps declare \(scope.localNames.count) locals and parameters; a method, "
                    + "block, init or dealloc has at most \(Self.maxNames) (each call holds them all)",
                at: node.location)
        }
        return Body(steps: steps, localNames: scope.localNames)
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
