import LoopSimKernel

extension ScenarioCompiler {
    /// The keys of a class declaration under `classes:`.
    static let classKeys = [
        "fields", "methods", "init", "dealloc", "root", "proxy", "superclass", "isAsynchronous", "actor", "mainActor",
    ]
    /// The keys of a method written as a mapping (`refresh: {async: true, params: [...], do: [...]}`).
    static let methodKeys = ["params", "returns", "do", "async", "mainActor"]
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

    /// The ownership words a field's declaration may start with (`strong` when none).
    static let ownershipWords = ["strong", "weak", "unretained", "unowned", "assign"]
    /// Objective-C's spellings of an ownership (`__weak`, `@property (copy)`), and the word that writes it here.
    static let ownershipAliases = [
        "__weak": "weak", "__strong": "strong", "__unsafe_unretained": "unretained",
        "retain": "strong", "copy": "strong", "unsafe_unretained": "unretained",
    ]

    /// The words of a field's declaration before its `=`: a bracketed type (`[string: NSTimer]`) is one word.
    static func typeWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for c in text {
            if c == "[" { depth += 1 }
            if c == "]" { depth -= 1 }
            if c == " " && depth <= 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if c != " " {
                current.append(c)
            } else if current.last == ":" {
                current.append(c)  // `[string: int]` keeps Swift's spacing
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `[strong|weak|unretained|unowned] Type [= value]`.
    private func fieldDeclaration(_ entry: LocatedNode.Mapping.Entry) -> (FieldInfo, TypeRef)? {
        // `timers: [NSTimer]` is a YAML sequence of one type name: the array type `[NSTimer]`.
        if let items = entry.value.sequence?.items, items.count == 1, let element = items[0].scalar?.text,
            !element.contains(" ")
        {
            guard let type = typeNamed("[\(element)]") else {
                bag.error(
                    .fieldDecl,
                    "unknown element type '\(element)' for the array field `\(entry.key.text)`"
                        + suggestion(element, program.classes.map(\.name) + Self.builtinTypes), at: items[0].location)
                return nil
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .array([])), type)
        }
        guard let text = entry.value.scalar?.text else {
            bag.error(
                .fieldDecl, "a field is declared as e.g. `strong TimerButton`, `weak NSTimer` or `int = 5`",
                at: entry.value.location)
            return nil
        }
        // Empty pieces are kept: `= 5` has no type, and must be reported rather than crash the compiler.
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var words = Self.typeWords(String(parts[0]))
        let initialText = parts.count > 1 ? parts[1].trimmingSpaces : nil
        guard !words.isEmpty else {
            bag.error(
                .fieldDecl, "field `\(entry.key.text)` has no type; write it before the value, e.g. `int = 5`",
                at: entry.value.location)
            return nil
        }
        var strength = Strength.strong
        if let first = words.first, Self.ownershipWords.contains(first) {
            strength = first == "strong" ? .strong : first == "weak" ? .weak : .unretained
            words.removeFirst()
        } else if words.count == 2, typeNamed(words[1]) != nil {
            // `waek NSTimer`: the type is known, so the first word is a misspelt ownership. One error, and the
            // field is declared as meant, so that its uses raise nothing more.
            let meant =
                Self.ownershipAliases[words[0]]
                ?? KeyChecker.suggestion(for: words[0], among: Self.ownershipWords)
            var at = entry.value.location
            if let scalar = entry.value.scalar, let range = text.range(of: words[0]) {
                at = location(in: scalar, offset: text.distance(from: text.startIndex, to: range.lowerBound))
            }
            bag.error(
                .fieldDecl,
                "unknown ownership '\(words[0])' for field `\(entry.key.text)`"
                    + (meant.map { "; did you mean `\($0)`?" } ?? "")
                    + " (a field is " + Self.ownershipWords.map { "`\($0)`" }.joined(separator: ", ") + ")", at: at)
            strength = meant == "weak" ? .weak : meant == "strong" || meant == nil ? .strong : .unretained
            words.removeFirst()
        }
        guard words.count == 1, let type = typeNamed(words[0]) else {
            let name = words.last ?? text
            var at = entry.value.location
            if let scalar = entry.value.scalar, let range = text.range(of: name) {
                at = location(in: scalar, offset: text.distance(from: text.startIndex, to: range.lowerBound))
            }
            bag.error(
                .fieldDecl,
                "unknown type '\(name)' for field `\(entry.key.text)`"
                    + suggestion(name, program.classes.map(\.name) + Self.builtinTypes), at: at)
            return nil
        }
        if case .dictionary = type {
            // A dictionary is a value as an array is: strong, and it starts empty (`= [:]`).
            if strength != .strong {
                bag.error(
                    .fieldDecl,
                    "a dictionary field holds its values strongly: `\(entry.key.text)` cannot be weak "
                        + "or unretained (a Swift dictionary is a value, never `weak`)", at: entry.value.location)
            }
            if let initialText, initialText != "[:]" {
                bag.error(
                    .fieldDecl, "a dictionary field starts empty: write `= [:]` or nothing", at: entry.value.location)
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .dictionary(DictionaryEntries())), type)
        }
        if case .array = type {
            // An array is a value: its place holds its elements strongly, and it starts empty (`= []`).
            if strength != .strong {
                bag.error(
                    .fieldDecl,
                    "an array field holds its elements strongly: `\(entry.key.text)` cannot be weak "
                        + "or unretained (a Swift array is a value, never `weak`)", at: entry.value.location)
            }
            if let initialText, initialText != "[]" {
                bag.error(.fieldDecl, "an array field starts empty: write `= []` or nothing", at: entry.value.location)
            }
            return (FieldInfo(name: entry.key.text, strength: .strong, initial: .array([])), type)
        }
        if strength == .weak && !type.isObject {
            bag.error(.fieldDecl, "only objects can be weak; `\(entry.key.text)` is \(type)", at: entry.value.location)
        }
        var initial = Value.null
        if initialText == "nil", type == .int || type == .bool || type == .string || type == .duration {
            // `count: int = nil`: an optional integer, boolean, string or duration (Swift's `var count: Int?`,
            // `var start: Date?`), nil until set.
        } else if let initialText {
            // The caret goes on the value: the first character after `=` that is not a space.
            var valueAt = entry.value.location
            if let scalar = entry.value.scalar, let eq = text.firstIndex(of: "=") {
                let start = text[text.index(after: eq)...].firstIndex { $0 != " " } ?? eq
                valueAt = location(in: scalar, offset: text.distance(from: text.startIndex, to: start))
            }
            switch type {
            case .int:
                guard let v = Int(initialText) else {
                    let digits = initialText.drop { $0 == "-" || $0 == "+" }
                    if !digits.isEmpty && digits.count + 1 >= initialText.count
                        && digits.allSatisfy({ $0.isASCII && $0.isNumber })
                    {
                        bag.error(
                            .fieldDecl, "integer out of range: an int field holds \(Int.min)...\(Int.max)", at: valueAt)
                    } else {
                        bag.error(
                            .fieldDecl, "initial value of an int field must be an integer, not '\(initialText)'",
                            at: valueAt)
                    }
                    return nil
                }
                initial = .int(v)
            case .bool:
                guard initialText == "true" || initialText == "false" else {
                    bag.error(.fieldDecl, "initial value of a bool field is true or false", at: valueAt)
                    return nil
                }
                initial = .bool(initialText == "true")
            case .duration:
                // `interval: duration = 0.5s`, or `= 0.5` (seconds, as a Swift `TimeInterval` literal).
                let withUnit = initialText.last.map { $0.isNumber } == true ? initialText + "s" : initialText
                switch DurationParser.signedNanoseconds(withUnit) {
                case .success(let ns):
                    guard
                        let d = checkDurationRange(
                            .nanoseconds(ns), text: initialText, what: "initial value",
                            at: valueAt)
                    else { return nil }
                    initial = .duration(d)
                case .failure(let error):
                    bag.error(.fieldDecl, "initial value of a duration field: \(error.message)", at: valueAt)
                    return nil
                }
            case .string:
                // `name: string = main` or `= "main"`: the text, quotes dropped.
                var text = Substring(initialText)
                if text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") {
                    text = text.dropFirst().dropLast()
                }
                initial = .string(String(text))
            default:
                bag.error(
                    .fieldDecl, "only int, bool, string and duration fields take an initial value",
                    at: entry.value.location)
            }
        } else if type == .int {
            initial = .int(0)
        } else if type == .bool {
            initial = .bool(false)
        } else if type == .duration {
            initial = .duration(.zero)
        }
        return (FieldInfo(name: entry.key.text, strength: strength, initial: initial), type)
    }

    func typeNamed(_ name: String) -> TypeRef? {
        // `[NSTimer]`: an array of a type that is not itself an array (section 7.1, "Arrays").
        if name.hasPrefix("["), name.hasSuffix("]"), name.count > 2 {
            let inner = String(name.dropFirst().dropLast()).trimmingCharacters
            guard !inner.hasPrefix("[") else { return nil }
            // `[string: NSTimer]`: a dictionary; its key an int, a string or a bool, its value no collection
            // (section 7.1.2, "Dictionaries").
            if let colon = inner.firstIndex(of: ":") {
                let valueText = String(inner[inner.index(after: colon)...]).trimmingCharacters
                guard let key = typeNamed(String(inner[..<colon]).trimmingCharacters),
                    [.int, .string, .bool].contains(key), !valueText.hasPrefix("["), let value = typeNamed(valueText)
                else { return nil }
                return .dictionary(key, value)
            }
            guard let element = typeNamed(inner) else { return nil }
            return .array(element)
        }
        switch name {
        case "NSTimer", "Timer", "CADisplayLink": return .timer
        case "dispatch_source", "dispatch_source_t", "DispatchSourceTimer": return .dispatchSource
        case "dispatch_semaphore", "dispatch_semaphore_t", "DispatchSemaphore": return .semaphore
        case "dispatch_group", "dispatch_group_t", "DispatchGroup": return .group
        case "dispatch_once_t": return .int
        case "CFRunLoop", "CFRunLoopRef", "NSRunLoop", "RunLoop": return .runLoop
        case "CFRunLoopSource": return .source
        case "CFRunLoopObserver", "CFRunLoopObserverRef": return .observer
        case "NSThread", "Thread": return .thread
        case "NSPort", "NSMachPort", "NSInputStream", "NSURLConnection": return .port
        case "block": return .block
        case "NSNotification", "Notification": return .notification
        case "int", "Int", "NSInteger": return .int
        case "bool", "BOOL", "Bool": return .bool
        case "string": return .string
        case "duration", "TimeInterval", "Double": return .duration
        case "id", "UINavigationController", "UIViewController", "UIView": return .anyObject
        case "Task": return .anyObject  // a Swift concurrency task handle (`task:` with `into:`)
        default:
            guard let c = program.classes.firstIndex(where: { $0.name == name }) else { return nil }
            return .object(classIndex: c, name: name)
        }
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
                if case .array? = typeNamed(typeName) {
                    // A parameter borrows its argument's references; an array's would be its elements'.
                    bag.error(
                        .typeMismatch,
                        "a parameter of array type is not modelled: keep the array in a field of an object and "
                            + "pass the object", at: pair.entries[0].value.location)
                } else if let type = typeNamed(typeName) {
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
