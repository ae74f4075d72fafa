import LoopSimScenario
import SwiftSyntax

/// View-controller containment (docs/swift-scenarios.md, "UIKit and notifications"): `addChild(child)`,
/// `view.addSubview(child.view)`, `child.didMove(toParent: self)`, and back, `child.willMove(toParent: nil)`,
/// `child.view.removeFromSuperview()`, `child.removeFromParent()`. The container keeps its children; a child whose
/// view is in its container's hierarchy gets the container's appearance hooks (the kernel's UIKit+Containment.swift).
/// UIKit calls the child's `willMove(toParent:)` inside `addChild(_:)` and its `didMove(toParent: nil)` inside
/// `removeFromParent()` (Apple, "Implementing a Container View Controller"): the lowering calls an override the
/// child's class declares there too; UIKit's own does nothing the model follows.
extension SwiftLowering {
    /// The containment calls a view controller answers.
    static let containmentCalls: Set<String> = ["addChild", "removeFromParent", "willMove", "didMove"]

    /// `parent.addChild(child)`, `child.removeFromParent()`, `child.willMove(toParent: x)`,
    /// `child.didMove(toParent: x)` on `receiver`, a controller of the file.
    mutating func containmentCall(
        _ receiver: (text: String, type: LoweredType), _ name: String, _ call: FunctionCallExprSyntax,
        in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard case .object(let cls) = receiver.type, isViewController(cls) || cls == "UIViewController" else {
            unsupported(
                "`\(name)` on `\(receiver.text)`", "call it on a view controller class of the file", at: call)
            return []
        }
        switch name {
        case "addChild":
            guard arguments.count == 1, arguments[0].label == nil,
                let child = expression(arguments[0].expression, in: scope)
            else { return refuseContainment(call, "write `addChild(child)`") }
            return [.step("addChild", receiver.text, at: at, [("child", .plain(child.text, at: at))])]
                + movedHook(child, "willMove", toParent: receiver.text, at: at)
        case "removeFromParent":
            guard arguments.isEmpty else { return refuseContainment(call, "write `child.removeFromParent()`") }
            return [.step("removeFromParent", receiver.text, at: at)]
                + movedHook(receiver, "didMove", toParent: "nil", at: at)
        default:  // willMove, didMove: the override, called by the app
            guard arguments.count == 1, arguments[0].label?.text == "toParent",
                let parent = expression(arguments[0].expression, in: scope)
            else { return refuseContainment(call, "write `child.\(name)(toParent: self)`") }
            return movedHook(receiver, name, toParent: parent.text, at: at)
        }
    }

    /// `view.addSubview(child.view)` (any view of the controller the code runs in), `child.view.removeFromSuperview()`:
    /// the child's view joins or leaves its container's; nil when the call is neither.
    mutating func childViewCall(_ base: ExprSyntax, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]?
    {
        let at = location(call)
        switch name {
        case "addSubview":
            guard call.arguments.count == 1, let argument = call.arguments.first?.expression,
                let child = controllerOfView(argument, in: scope)
            else { return nil }
            guard isViewController(scope.className), scope.locals["self"] != nil else {
                unsupported(
                    "adding a child controller's view outside a view controller's method",
                    "add it in the container's method: `view.addSubview(child.view)`", at: call)
                return []
            }
            // Reading `child.view` loads the child's view (its viewDidLoad) first.
            return loadViewSteps(child.text, child.type, at: at)
                + [.step("addChildView", child.text, at: at, [("to", .plain("self", at: at))])]
        case "removeFromSuperview":
            guard call.arguments.isEmpty, let child = controllerOfView(base, in: scope) else { return nil }
            return [.step("removeChildView", child.text, at: at)]
        default:
            return nil
        }
    }

    /// `child.view` (`child?.view`), `child` a view controller of the file: the controller; nil for anything else.
    private mutating func controllerOfView(_ e: ExprSyntax, in scope: Scope) -> (text: String, type: LoweredType)? {
        guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "view",
            var base = member.base
        else { return nil }
        if let chain = base.as(OptionalChainingExprSyntax.self) { base = chain.expression }
        var copy = self
        guard case .object(let cls)? = copy.quietType(base, in: scope),
            isViewController(cls) || cls == "UIViewController"
        else { return nil }
        return expression(base, in: scope)
    }

    /// A call of `child`'s `willMove(toParent:)` or `didMove(toParent:)` override, when its class declares one.
    private func movedHook(
        _ child: (text: String, type: LoweredType), _ name: String, toParent parent: String, at: ScenarioLocation
    ) -> [LocatedNode] {
        let with: [(String, LocatedNode)] = [("with", .list([.plain(parent, at: at)], at: at))]
        if child.type == .object("UIViewController") {
            return dispatchedHook(child.text, name, with, at: at)
        }
        guard case .object(let cls) = child.type, classes[cls]?.methods[name] != nil else { return [] }
        return [.step("call", "\(child.text).\(name)", at: at, with)]
    }

    /// A hook called on a controller typed `UIViewController` (a parameter, `embed(_ child: UIViewController)`):
    /// Objective-C sends the message to the object's own class, so each controller class of the file that declares
    /// the method runs it when the object is one of its (`as?`), in the order of the classes' names; UIKit's own
    /// does nothing the model follows.
    func dispatchedHook(
        _ receiver: String, _ name: String, _ arguments: [(String, LocatedNode)], at: ScenarioLocation
    ) -> [LocatedNode] {
        let owners = classes.keys.filter {
            $0 != "UIViewController" && isViewController($0) && classes[$0]?.methods[name] != nil
        }.sorted()
        return owners.flatMap { cls -> [LocatedNode] in
            let local = "hook\(cls)\(at.line)x\(at.column)"
            return [
                .step("let", "\(local) = \(receiver) as? \(cls)", at: at),
                .step(
                    "if", "\(local) != nil", at: at,
                    [("then", .list([.step("call", "\(local).\(name)", at: at, arguments)], at: at))]),
            ]
        }
    }

    private mutating func refuseContainment(_ call: FunctionCallExprSyntax, _ instead: String) -> [LocatedNode] {
        unsupported("this form of `\(call.calledExpression.trimmedDescription)(…)`", instead, at: call)
        return []
    }
}
