import LoopSimScenario
import SwiftSyntax

/// The app's lifecycle in Swift (docs/swift-scenarios.md, "The app's lifecycle"): the system's actions in the
/// experiment (`scenario.background()` inside `scenario.at`), an `AppDelegate` class as `appDelegate:`, and the
/// names of the notifications UIKit posts around the transitions (docs/scenario-format.md §8.3).
extension SwiftLowering {
    /// The experiment's calls that are the system acting on the app: the `app:` actions of scenario-format.md §8.3.
    static let appActionNames: Set<String> = ["background", "foreground", "lock", "unlock"]

    /// The `UIApplicationDelegate` methods the model calls, by Swift name, to the `appDelegate:` callback.
    static let appDelegateMethods: [String: String] = [
        "applicationWillResignActive": "willResignActive",
        "applicationDidEnterBackground": "didEnterBackground",
        "applicationWillEnterForeground": "willEnterForeground",
        "applicationDidBecomeActive": "didBecomeActive",
    ]

    /// The notifications UIKit posts after those callbacks (Apple, the four `UIApplicationDelegate` pages: "After
    /// calling this method, the app also posts a … notification"), by their `UIApplication` member to the raw name.
    static let systemNotificationNames: [String: String] = [
        "willResignActiveNotification": "UIApplicationWillResignActiveNotification",
        "didEnterBackgroundNotification": "UIApplicationDidEnterBackgroundNotification",
        "willEnterForegroundNotification": "UIApplicationWillEnterForegroundNotification",
        "didBecomeActiveNotification": "UIApplicationDidBecomeActiveNotification",
        // Posted by no part of the model: an observer of one is registered (and holds what it holds) and hears the
        // posts the experiment makes (`scenario.at(…) { NotificationCenter.default.post(name: …) }`).
        "didReceiveMemoryWarningNotification": "UIApplicationDidReceiveMemoryWarningNotification",
        "willTerminateNotification": "UIApplicationWillTerminateNotification",
        "significantTimeChangeNotification": "UIApplicationSignificantTimeChangeNotification",
    ]

    /// UIKit's keyboard notifications (`UIResponder.keyboardWillShowNotification`) by their Swift names, with their
    /// raw names (UIKit's `UIKeyboardWillShowNotification`, …). The model has no keyboard: nothing posts them but the
    /// experiment, whose `post(name:object:)` carries no keyboard frame.
    static let keyboardNotificationNames: [String: String] = [
        "keyboardWillShowNotification": "UIKeyboardWillShowNotification",
        "keyboardDidShowNotification": "UIKeyboardDidShowNotification",
        "keyboardWillHideNotification": "UIKeyboardWillHideNotification",
        "keyboardDidHideNotification": "UIKeyboardDidHideNotification",
        "keyboardWillChangeFrameNotification": "UIKeyboardWillChangeFrameNotification",
        "keyboardDidChangeFrameNotification": "UIKeyboardDidChangeFrameNotification",
    ]

    // MARK: The experiment's app actions

    /// `scenario.at(.seconds(2), "home") { scenario.background() }`: the action's `app: background`, when the
    /// closure's only statement is such a call. Nil when it is not.
    func appAction(_ closure: ClosureExprSyntax) -> (String, ScenarioLocation)? {
        guard closure.statements.count == 1, let item = closure.statements.first,
            let call = (item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression)?
                .as(FunctionCallExprSyntax.self),
            call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let scenarioName, member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == scenarioName,
            Self.appActionNames.contains(member.declName.baseName.text)
        else { return nil }
        return (member.declName.baseName.text, location(call))
    }

    /// `scenario.background()` among other statements (or outside an action): the system's action is an action of
    /// its own.
    mutating func refuseMixedAppAction(_ name: String, at call: FunctionCallExprSyntax) {
        scenarioError(
            "`scenario.\(name)()` is the system acting on the app, an action of its own: write it alone in its "
                + "`scenario.at(…) { scenario.\(name)() }` and the app's code in another action", at: call)
    }

    // MARK: AppDelegate

    /// Whether `decl` is the app's delegate: a class adopting `UIApplicationDelegate`.
    func isAppDelegate(_ decl: ClassDeclSyntax) -> Bool {
        decl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "UIApplicationDelegate" }
            ?? false
    }

    /// `class AppDelegate: UIResponder, UIApplicationDelegate { func applicationDidEnterBackground(_:) { … } … }` as
    /// `appDelegate:`: each lifecycle method's body a callback, running on the main thread and seeing the top-level
    /// names (`names`), as UIKit calls the delegate of the one app. Its `window` property is UIKit's and holds
    /// nothing the model follows; other state, other methods and `self` are refused at their place.
    mutating func lowerAppDelegate(_ decl: ClassDeclSyntax, names: [String: Local]) -> LocatedNode? {
        let at = location(decl)
        for inherited in decl.inheritanceClause?.inheritedTypes ?? [] {
            let parent = inherited.type.trimmedDescription
            if !["UIResponder", "NSObject", "UIApplicationDelegate"].contains(parent) {
                unsupported(
                    "an app delegate inheriting from `\(parent)`",
                    "write `class AppDelegate: UIResponder, "
                        + "UIApplicationDelegate`", at: inherited)
            }
        }
        var callbacks: [(String, LocatedNode)] = []
        for member in decl.memberBlock.members {
            if let v = member.decl.as(VariableDeclSyntax.self), v.bindings.count == 1,
                v.bindings.first?.pattern.trimmedDescription == "window"
            {
                continue  // `var window: UIWindow?`: the window is UIKit's (the root is the top-level `window`)
            }
            guard let f = member.decl.as(FunctionDeclSyntax.self) else {
                unsupported(
                    "\(describe(member.decl)) in the app delegate",
                    "keep the app's state in its objects, made at the top level (the app's launch)", at: member.decl)
                continue
            }
            let name = f.name.text
            guard let callback = Self.appDelegateMethods[name], f.signature.parameterClause.parameters.count == 1
            else {
                let advice =
                    name == "application"
                    ? "write the launch code at the top level of the file: it is the app's launch (`main:`)"
                    : "the model calls applicationWillResignActive(_:), applicationDidEnterBackground(_:), "
                        + "applicationWillEnterForeground(_:) and applicationDidBecomeActive(_:)"
                unsupported("the app delegate's method `\(name)`", advice, at: f.name)
                continue
            }
            guard let body = f.body else { continue }
            var scope = Scope(kind: .action)
            scope.locals = names
            scope.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
            let steps = lowerStatements(body.statements[...], in: &scope, tail: true)
            callbacks.append((callback, .list(steps, at: location(f))))
        }
        return callbacks.isEmpty ? nil : .map(callbacks, at: at)
    }

    // MARK: Notification names

    /// `UIApplication.didEnterBackgroundNotification` (and the other three UIKit posts around the transitions), also
    /// as `NSNotification.Name.UIApplicationDidEnterBackground` or `.UIApplicationDidEnterBackground` (Swift 4.1 and
    /// earlier): the raw name. Nil for any
    /// other expression.
    func systemNotificationName(_ e: ExprSyntax) -> String? {
        guard let member = e.as(MemberAccessExprSyntax.self) else { return nil }
        let base = member.base?.trimmedDescription
        let name = member.declName.baseName.text
        if base == "UIApplication" { return Self.systemNotificationNames[name] }
        if base == "UIResponder" { return Self.keyboardNotificationNames[name] }
        if base == nil || ["NSNotification.Name", "Notification.Name"].contains(base), name.hasPrefix("UIApplication") {
            let raw = name + "Notification"
            return Self.systemNotificationNames.values.contains(raw) ? raw : nil
        }
        return nil
    }

    // MARK: Background tasks

    /// Whether `e` is `UIApplication.shared`.
    private func isSharedApplication(_ e: ExprSyntax?) -> Bool {
        e?.trimmedDescription == "UIApplication.shared"
    }

    /// `UIApplication.shared.beginBackgroundTask { … }` (`expirationHandler:`, `withName:expirationHandler:`) stored
    /// into `place`: `beginBackgroundTask: PLACE` with the handler as `expiration:` (scenario-format.md §8.3). The
    /// identifier is the task object the model keeps for it; nil when `call` is not this call.
    mutating func backgroundTaskCreation(_ call: FunctionCallExprSyntax, place: String?, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)?
    {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "beginBackgroundTask", isSharedApplication(member.base)
        else { return nil }
        let at = location(call)
        var extra: [(String, LocatedNode)] = []
        if let closure = trailingOrLabelled(call, "expirationHandler") {
            guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return ([], .unknown) }
            extra.append(("expiration", .map(block, at: location(closure))))
        } else if let handler = call.arguments.first(where: { $0.label?.text == "expirationHandler" }),
            !handler.expression.is(NilLiteralExprSyntax.self)
        {
            unsupported("this expiration handler", "pass a closure (`expirationHandler: { … }`) or nil", at: handler)
            return ([], .unknown)
        }
        return ([.step("beginBackgroundTask", place, at: at, extra)], .api("UIBackgroundTaskIdentifier"))
    }

    /// `UIApplication.shared.endBackgroundTask(id)`, and `beginBackgroundTask` whose result is dropped. Nil for any
    /// other call.
    mutating func applicationCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), isSharedApplication(member.base)
        else { return nil }
        if let made = backgroundTaskCreation(call, place: nil, in: scope) { return made.steps }
        guard member.declName.baseName.text == "endBackgroundTask", call.arguments.count == 1,
            let argument = call.arguments.first?.expression
        else { return nil }
        guard let task = expression(argument, in: scope) else { return [] }
        return [.step("endBackgroundTask", task.text, at: location(call))]
    }

    /// `UIBackgroundTaskIdentifier.invalid` (and `.invalid` where an identifier is expected): no task, nil.
    func invalidTaskIdentifier(_ type: String?, _ name: String) -> (String, LoweredType)? {
        guard name == "invalid", type == nil || type == "UIBackgroundTaskIdentifier" else { return nil }
        return ("nil", .unknown)
    }

    /// Whether `e` is `.invalid` or `UIBackgroundTaskIdentifier.invalid`: a field's nil.
    func isInvalidTaskIdentifier(_ e: ExprSyntax) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self) else { return false }
        return invalidTaskIdentifier(member.base?.trimmedDescription, member.declName.baseName.text) != nil
    }
}
