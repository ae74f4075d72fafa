import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// Lowers a whole file: its classes, its top-level code (`main:`), and the experiment's calls on the
    /// `Scenario` value (the header, `at` for user actions, `expect`).
    mutating func lowerFile(_ tree: SourceFileSyntax) -> LocatedNode {
        let start = ScenarioLocation(file: file, line: 1, column: 1)
        var header: [(String, LocatedNode)] = []
        var classNodes: [(String, LocatedNode)] = []
        var mainItems: [CodeBlockItemSyntax] = []
        var actions: [LocatedNode] = []
        var actionCalls: [FunctionCallExprSyntax] = []
        var expectations: [(String, [(String, LocatedNode)])] = []
        var headerNode: Syntax?
        var appDelegateDecl: ClassDeclSyntax?  // SwiftLowering+AppLifecycle.swift

        // First pass: the classes' shapes, so that bodies can resolve members of classes declared later.
        // Names first, so that a field may have the type of a class declared after it.
        collectCenterAliases(tree)  // SwiftLowering+CenterAliases.swift
        for item in tree.statements {
            collectConstants(item)
            collectProtocol(item)
            collectEnums(item)
            collectClosureAliases(item)  // SwiftLowering+ClosureValues.swift
            collectStructName(item)  // SwiftLowering+Structs.swift
            if let decl = item.item.as(ClassDeclSyntax.self) {
                classes[decl.name.text] = ClassShape(name: decl.name.text)
            }
            if let decl = item.item.as(ActorDeclSyntax.self) {
                classes[decl.name.text] = ClassShape(name: decl.name.text)
            }
        }
        let bareController = bareControllerDeclaration(tree)  // SwiftLowering+BareControllers.swift
        if let bareController { classes[bareController.name.text] = ClassShape(name: bareController.name.text) }
        let alertItems = alertDeclarations(tree)  // SwiftLowering+Alerts.swift
        let alertClasses = alertItems.compactMap { $0.item.as(ClassDeclSyntax.self) }
        alertSynthesized = !alertItems.isEmpty
        for item in alertItems { collectEnums(item) }
        for decl in alertClasses { classes[decl.name.text] = ClassShape(name: decl.name.text) }
        for item in tree.statements { collectStructFields(item) }
        collectSingletons(tree)  // SwiftLowering+Singletons.swift: `let s = C.shared` in any class infers `C`
        collectTupleShapes(tree)  // SwiftLowering+Tuples.swift
        collectPayloadEnumFields()  // SwiftLowering+PayloadEnums.swift
        collectGlobals(tree)  // SwiftLowering+Globals.swift: before the shapes, whose fields may be `= client`
        for item in tree.statements {
            if let decl = item.item.as(ClassDeclSyntax.self) { collectShape(decl) }
            if let decl = item.item.as(ExtensionDeclSyntax.self) { _ = collectNotificationNames(decl) }
            if let decl = item.item.as(ActorDeclSyntax.self) { collectShape(decl) }
            if let decl = item.item.as(DeclSyntax.self), let namespace = namespaceTypeMembers(decl) {
                collectTypeShape(of: namespace.name, namespace.members)  // SwiftLowering+TypeMembers.swift
            }
        }
        if let bareController {
            declaredTypeNames.insert(bareController.name.text)
            collectShape(bareController)
        }
        for decl in alertClasses {
            declaredTypeNames.insert(decl.name.text)
            collectShape(decl)
        }
        collectAwaitedReads(tree)  // SwiftLowering+ActorReads.swift
        var globalMethods: [(String, LocatedNode)] = []  // the top-level functions (SwiftLowering+Globals.swift)
        for item in tree.statements {
            switch item.item {
            case .decl(let decl):
                if decl.is(ImportDeclSyntax.self) {
                    checkImport(decl.cast(ImportDeclSyntax.self))
                } else if let c = decl.as(ClassDeclSyntax.self), isAppDelegate(c) {
                    appDelegateDecl = c  // appDelegate:, lowered with main:'s names below
                } else if let c = decl.as(ClassDeclSyntax.self) {
                    if let lowered = lowerClass(c) { classNodes.append(lowered) }
                    if let typeObject = lowerTypeClass(c) { classNodes.append(typeObject) }  // +TypeMembers.swift
                } else if let f = decl.as(FunctionDeclSyntax.self) {
                    // A top-level function: a method of the globals' object (SwiftLowering+Globals.swift).
                    if let method = lowerMethod(f, className: globalsClass) { globalMethods.append(method) }
                } else if let a = decl.as(ActorDeclSyntax.self) {
                    if let lowered = lowerClass(a) { classNodes.append(lowered) }
                } else if let v = decl.as(VariableDeclSyntax.self), let call = scenarioCall(v) {
                    if isAppCode {
                        scenarioError(
                            "the app code a YAML scenario names in swift: declares no Scenario: the YAML file is the "
                                + "experiment (docs/swift-scenarios.md)", at: v)
                    }
                    if headerNode != nil {
                        scenarioError("a file declares one Scenario(…); remove this second one", at: v)
                    }
                    headerNode = Syntax(v)
                    header = lowerHeader(call)
                } else if let v = decl.as(VariableDeclSyntax.self), parameterDeclaration(v) {
                    // `let interval = scenario.param(…)`: params:, not main:.
                } else if let v = decl.as(VariableDeclSyntax.self), let queue = queueDeclaration(v) {
                    queueNames.append(queue)
                } else if let v = decl.as(VariableDeclSyntax.self), topLevelQueue(v) {
                    // `DispatchQueue(label:qos:attributes:)` (SwiftLowering+PropertyQueues.swift).
                } else if let e = decl.as(ExtensionDeclSyntax.self), isNotificationNameExtension(e) {
                    // Its names were collected in the first pass (SwiftLowering+Notifications.swift).
                } else if let v = decl.as(VariableDeclSyntax.self), let queue = operationQueueDeclaration(v) {
                    operationQueues.append((queue, "default"))
                } else if let p = decl.as(ProtocolDeclSyntax.self), checkProtocol(p) {
                    // A delegate protocol with one conforming class (SwiftLowering+Protocols.swift).
                } else if let e = decl.as(ExtensionDeclSyntax.self), let methods = lowerFrameworkExtension(e) {
                    // Static helpers on a framework type (SwiftLowering+FrameworkStatics.swift).
                    globalMethods += methods
                } else if let e = decl.as(ExtensionDeclSyntax.self), checkExtension(e) {
                    // Its methods join the class (SwiftLowering+Extensions.swift).
                } else if let namespace = namespaceTypeMembers(decl) {
                    // A namespace enum's type members: a type object (SwiftLowering+TypeMembers.swift).
                    let members = namespace.members
                    if let typeObject = lowerTypeClass(of: namespace.name, members, at: location(decl)) {
                        classNodes.append(typeObject)
                    }
                } else if isValueStruct(decl) {
                    checkStruct(decl)  // its values are flattened where held (SwiftLowering+Structs.swift)
                } else if isCaseEnum(decl) {
                    // Values of the scenario language, collected in the first pass (SwiftLowering+Enums.swift).
                } else if foldsAway(decl) {
                    // Literal constants, folded at their uses (SwiftLowering+Constants.swift).
                } else if isClosureAlias(decl) {
                    // A name for a closure type, resolved where it is used (SwiftLowering+ClosureValues.swift).
                } else {
                    mainItems.append(item)
                }
            case .expr(let expr):
                if operationQueueWidth(expr) { continue }
                if let call = expr.as(FunctionCallExprSyntax.self), let (verb, _) = scenarioMethod(call) {
                    switch verb {
                    case "at": actionCalls.append(call)
                    case "case": lowerCase(call)
                    case "sweep": lowerSweep(call)
                    case "expect" where call.arguments.last?.label?.text == "case":
                        lowerCaseExpect(call)
                    case "expect":
                        if let (variant, figures) = lowerExpect(call) {
                            if let i = expectations.firstIndex(where: { $0.0 == variant }) {
                                expectations[i].1 += figures
                            } else {
                                expectations.append((variant, figures))
                            }
                        }
                    case "scroll":
                        scenarioError(
                            "`scenario.scroll` is what the user does: call it inside `scenario.at(…) { … }`", at: call)
                    default:
                        scenarioError(
                            "a Scenario has `at(_:_:do:)` for what the user does, `expect(_:_:)` for the "
                                + "figures, `param`, `case` and `sweep`; `\(verb)` is none of them", at: call)
                    }
                } else {
                    mainItems.append(item)
                }
            default:
                mainItems.append(item)
            }
        }
        if let bareController, let lowered = lowerClass(bareController) { classNodes.append(lowered) }
        for decl in alertClasses { if let lowered = lowerClass(decl) { classNodes.append(lowered) } }
        if headerNode == nil && !isAppCode {
            bag.error(
                .swiftScenario,
                "a Swift scenario declares its experiment at the top level: `let scenario = Scenario(\"name\", "
                    + "until: .seconds(30), variants: [.ios9, .ios10])` (docs/swift-scenarios.md)",
                at: start)
        }
        classNodes += errorPayloadClassNodes()  // an error's values, by its text: SwiftLowering+ErrorPayloads.swift
        var scope = Scope(kind: .main)
        scope.capturedVars = capturedNames(in: mainItems.map(Syntax.init))
        let mainSteps = lowerStatements(mainItems[...], in: &scope, tail: true)
        // Actions see main:'s names (docs/scenario-format.md §5), so they are lowered after it, with its names.
        for call in actionCalls {
            if let action = lowerAction(call, names: scope.locals) { actions.append(action) }
        }
        if let node = globalsClassNode(methods: globalMethods, at: start) { classNodes.append(node) }
        var top = header + experimentKeys(at: start)
        let queueList = queueEntries(at: start)
        if !queueList.isEmpty { top.append(("queues", .list(queueList, at: start))) }
        if !operationQueues.isEmpty {
            let widths = operationQueues.map { ($0.name, LocatedNode.plain($0.width, at: start)) }
            top.append(("operationQueues", .map(widths, at: start)))
        }
        if !classNodes.isEmpty { top.append(("classes", .map(classNodes, at: start))) }
        top.append(("main", .list(mainSteps, at: start)))
        if !actions.isEmpty { top.append(("user", .list(actions, at: start))) }
        if let appDelegateDecl, let node = lowerAppDelegate(appDelegateDecl, names: scope.locals) {
            top.append(("appDelegate", node))
        }
        if !expectations.isEmpty { top.append(("expect", expectNode(expectations, at: start))) }
        return .map(top, at: start)
    }

    /// Imports are accepted for the frameworks whose APIs the subset models; Combine is refused.
    private mutating func checkImport(_ decl: ImportDeclSyntax) {
        let name = decl.path.map(\.name.text).joined(separator: ".")
        let known = ["Foundation", "Dispatch", "UIKit", "CoreFoundation", "Glibc", "Darwin", "QuartzCore"]
        if name == "Combine" {
            unsupported(
                "Combine", "LoopSim does not model publishers; write the timer or queue the publisher wraps",
                at: decl)
        } else if !known.contains(name) {
            unsupported(
                "`import \(name)`", "a scenario imports Foundation, Dispatch or UIKit only", at: decl)
        }
    }

    /// The call `Scenario(…)` of `let NAME = Scenario(…)`, recording NAME.
    private mutating func scenarioCall(_ decl: VariableDeclSyntax) -> FunctionCallExprSyntax? {
        guard let binding = decl.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Scenario"
        else { return nil }
        scenarioName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        return call
    }

    /// The name of `let NAME = DispatchQueue(label: …)` at the top level: a serial queue of `queues:`.
    private func queueDeclaration(_ decl: VariableDeclSyntax) -> String? {
        guard let binding = decl.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue",
            call.arguments.count == 1, call.arguments.first?.label?.text == "label"
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `scenario.VERB(…)`: the verb and the call, when the receiver is the file's `Scenario` value.
    private func scenarioMethod(_ call: FunctionCallExprSyntax) -> (String, FunctionCallExprSyntax)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            let scenarioName, base.baseName.text == scenarioName
        else { return nil }
        return (member.declName.baseName.text, call)
    }

    /// `Scenario("name", covers: […], seed: N, until: .seconds(N), variants: [.ios9, …])` as top-level keys.
    private mutating func lowerHeader(_ call: FunctionCallExprSyntax) -> [(String, LocatedNode)] {
        var result: [(String, LocatedNode)] = []
        for argument in call.arguments {
            let label = argument.label?.text ?? "name"
            let at = location(argument.expression)
            switch label {
            case "name", "description":
                guard let text = plainString(argument.expression) else {
                    scenarioError("the scenario's \(label) is a string literal without interpolation", at: argument)
                    continue
                }
                result.append((label, .quoted(text, at: at)))
            case "covers":
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    scenarioError("covers: is an array of seed case ids, e.g. [\"S2\"]", at: argument)
                    continue
                }
                // A tag that is no seed case id (`"runloop-modes"`) is the file's own label, not the seed's: a
                // warning, and left out, so the experiment still runs (a YAML file's `covers:` is an error).
                var ids: [String] = []
                for element in array.elements {
                    guard let id = plainString(element.expression) else { continue }
                    guard Scenario.seedCaseIDs.contains(id) else {
                        bag.warning(
                            .coversUnknown,
                            "'\(id)' is not a seed case id (S1…S19 without S5 and S16), so `covers:` leaves it out; "
                                + "`covers:` names the seed cases a file replays, not its own tags",
                            at: location(element))
                        continue
                    }
                    ids.append(id)
                }
                result.append(("covers", .list(ids.map { .plain($0, at: at) }, at: at)))
            case "seed":
                guard let literal = argument.expression.as(IntegerLiteralExprSyntax.self) else {
                    scenarioError("seed: is an integer literal", at: argument)
                    continue
                }
                result.append(("seed", .plain(literal.literal.text, at: at)))
            case "until":
                if let d = duration(argument.expression) { result.append(("until", .plain(d, at: at))) }
            case "variants":
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    scenarioError("variants: is an array such as [.ios9, .ios10, .linuxCorelibs]", at: argument)
                    continue
                }
                let names = array.elements.compactMap { variantName($0.expression) }
                result.append(("variants", .list(names.map { .plain($0, at: at) }, at: at)))
            default:
                scenarioError(
                    "Scenario(…) takes a name, covers:, seed:, until: and variants:; `\(label):` is none of them",
                    at: argument)
            }
        }
        return result
    }

    /// `.ios9` → `ios9`, `.linuxCorelibs` → `linux-corelibs`, `.all` → `all` (a profile of section 2.1).
    mutating func variantName(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.base == nil else {
            scenarioError("a variant is written `.ios9`, `.ios10`, `.ios13`, `.linuxCorelibs` or `.all`", at: expr)
            return nil
        }
        var result = ""
        for c in member.declName.baseName.text {
            if c.isUppercase {
                result += "-" + c.lowercased()
            } else {
                result.append(c)
            }
        }
        return result
    }

    /// `scenario.at(.milliseconds(3500), "pop the page") { … }`: a user action (docs/scenario-format.md §8).
    private mutating func lowerAction(_ call: FunctionCallExprSyntax, names: [String: Local]) -> LocatedNode? {
        let arguments = Array(call.arguments)
        let at = location(call)
        guard let first = arguments.first, let instant = duration(first.expression) else {
            if call.arguments.isEmpty {
                scenarioError("at(_:_:do:) takes the instant first: `scenario.at(.seconds(2)) { … }`", at: call)
            }
            return nil
        }
        var entries: [(String, LocatedNode)] = [("at", .plain(instant, at: location(first.expression)))]
        if arguments.count > 1, let name = plainString(arguments[1].expression) {
            entries.append(("name", .quoted(name, at: location(arguments[1].expression))))
        }
        let closure =
            call.trailingClosure
            ?? arguments.dropFirst().lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }
            .first
        guard let closure else {
            scenarioError("at(_:_:do:) ends with the action's code in a closure: `{ page = nil }`", at: call)
            return nil
        }
        if let signature = closure.signature {
            scenarioError("an action's closure takes no parameters or captures", at: signature)
        }
        if let (action, actionAt) = appAction(closure) {  // `scenario.background()` (SwiftLowering+AppLifecycle.swift)
            entries.append(("app", .plain(action, at: actionAt)))
            return .map(entries, at: at)
        }
        var scope = Scope(kind: .action)
        scope.locals = names
        scope.capturedVars = capturedNames(in: closure.statements.map(Syntax.init))
        let steps = lowerStatements(closure.statements[...], in: &scope, tail: true)
        entries.append(("do", .list(steps, at: location(closure))))
        return .map(entries, at: at)
    }

    /// `scenario.expect(.ios9, ["objects.leaked": 0, …])`: the figures of one variant (docs/scenario-format.md §9).
    private mutating func lowerExpect(_ call: FunctionCallExprSyntax) -> (String, [(String, LocatedNode)])? {
        var arguments = Array(call.arguments)
        if arguments.count == 3, arguments[2].label?.text == "case" { arguments.removeLast() }
        guard arguments.count == 2, let variant = variantName(arguments[0].expression),
            let dictionary = arguments[1].expression.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        else {
            scenarioError(
                "expect(_:_:) takes a variant and a dictionary of figures: "
                    + "`scenario.expect(.ios10, [\"threads.parked\": 1])`", at: call)
            return nil
        }
        var figures: [(String, LocatedNode)] = []
        for element in elements {
            guard let key = plainString(element.key) else {
                scenarioError("a figure's name is a string literal, e.g. \"objects.leaked\"", at: element.key)
                continue
            }
            let at = location(element.value)
            let value = element.value
            if let s = plainString(value) {
                figures.append((key, .quoted(s, at: at)))
            } else if let i = value.as(IntegerLiteralExprSyntax.self) {
                figures.append((key, .plain(i.literal.text, at: at)))
            } else if let b = value.as(BooleanLiteralExprSyntax.self) {
                figures.append((key, .plain(b.literal.text, at: at)))
            } else if value.is(NilLiteralExprSyntax.self) {
                figures.append((key, .plain("null", at: at)))  // absent, as YAML's `null` (§9)
            } else if let d = value.as(DictionaryExprSyntax.self) {
                if let mapping = expectMapping(d) { figures.append((key, mapping)) }
            } else if let list = value.as(ArrayExprSyntax.self) {
                // `"logged_in_order": ["start", "done"]`: a list of texts (§9, log checks).
                var items: [LocatedNode] = []
                for element in list.elements {
                    guard let text = plainString(element.expression) else {
                        scenarioError("a figure's list holds string literals: [\"start\", \"done\"]", at: element)
                        continue
                    }
                    items.append(.quoted(text, at: location(element.expression)))
                }
                figures.append((key, .list(items, at: at)))
            } else if let p = value.as(PrefixOperatorExprSyntax.self), p.operator.text == "-",
                let i = p.expression.as(IntegerLiteralExprSyntax.self)
            {
                figures.append((key, .plain("-" + i.literal.text, at: at)))
            } else {
                scenarioError(
                    "a figure's value is an integer, boolean or string literal, or a list of strings", at: value)
            }
        }
        return (variant, figures)
    }

    /// `scenario.expect(.all, [...], case: "fix")`: figures of one case (docs/scenario-format.md §8.2).
    private mutating func lowerCaseExpect(_ call: FunctionCallExprSyntax) {
        guard let label = call.arguments.last, let name = plainString(label.expression) else {
            scenarioError("`case:` names a case declared with `scenario.case(\"NAME\")`", at: call)
            return
        }
        guard let c = cases.firstIndex(where: { $0.name == name }) else {
            scenarioError(
                "no case named \"\(name)\" yet; declare it with `scenario.case(\"\(name)\")` before its "
                    + "expectations", at: label.expression)
            return
        }
        guard let (variant, figures) = lowerExpect(call) else { return }
        if let i = cases[c].expect.firstIndex(where: { $0.0 == variant }) {
            cases[c].expect[i].1 += figures
        } else {
            cases[c].expect.append((variant, figures))
        }
    }

    /// The value of a string literal without interpolation, its escapes read as Swift reads them (`\"` is a
    /// quote: `"keys [\"a\"]"` is `keys ["a"]`).
    func plainString(_ expr: ExprSyntax) -> String? {
        expr.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
