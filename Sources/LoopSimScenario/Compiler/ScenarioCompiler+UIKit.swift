import LoopSimKernel

extension ScenarioCompiler {
    /// The view controllers' verbs (docs/scenario-format.md §7.8). Each makes its step of `UIKit/UIKit+Steps.swift`.
    static let uikitVerbs: [StepVerb] = [
        StepVerb("present", keys: ["from", "animated", "style", "completion", "captures"]) { c, s in
            guard let vc = c.objectArgument(s.arg, "the controller to present", s),
                let from = c.objectArgument(s.map["from"], "from: (the presenter)", s)
            else { return [] }
            var style: PresentationStyle?
            if let node = s.map["style"] {
                guard let parsed = c.presentationStyle(node) else { return [] }
                style = parsed
            }
            guard let completion = c.completion(s) else { return [] }
            return [
                .perform(
                    PresentStep.make(
                        controller: vc, presenter: from, animated: c.animated(s), style: style,
                        completion: completion, site: c.site(s)))
            ]
        },
        StepVerb("setModalPresentationStyle", keys: ["style"]) { c, s in
            guard let vc = c.objectArgument(s.arg, "the controller", s) else { return [] }
            guard let node = s.map["style"] else {
                c.bag.error(
                    .keyMissing,
                    "setModalPresentationStyle: needs `style:` ("
                        + PresentationStyle.allCases.map(\.rawValue).joined(separator: ", ") + ")",
                    at: s.at)
                return []
            }
            guard let style = c.presentationStyle(node) else { return [] }
            return [.perform(SetModalPresentationStyleStep.make(controller: vc, style: style))]
        },
        StepVerb("dismiss", keys: ["animated", "completion", "captures"]) { c, s in
            guard let vc = c.objectArgument(s.arg, "the controller that dismisses", s),
                let completion = c.completion(s)
            else { return [] }
            return [.perform(DismissStep.make(controller: vc, animated: c.animated(s), completion: completion))]
        },
        StepVerb("navigationController", keys: ["root"]) { c, s in
            guard let root = c.objectArgument(s.map["root"], "root: (the root view controller)", s) else { return [] }
            var into: LValue?
            if !s.arg.isNull { into = c.lvalue(s.arg, scope: s.scope, declare: .anyObject)?.0 }
            return [.perform(MakeNavigationControllerStep.make(root: root, into: into, site: c.site(s)))]
        },
        StepVerb("push", keys: ["on", "animated"]) { c, s in
            guard let vc = c.objectArgument(s.arg, "the controller to push", s),
                let nav = c.objectArgument(s.map["on"], "on: (the navigation controller)", s)
            else { return [] }
            return [
                .perform(
                    PushStep.make(
                        controller: vc, navigationController: nav, animated: c.animated(s),
                        site: c.site(s)))
            ]
        },
        StepVerb("pop", keys: ["toRoot", "animated"]) { c, s in
            c.pop(s, toRoot: s.map["toRoot"].flatMap { c.bool($0, what: "toRoot") } ?? false)
        },
        StepVerb("popToRoot", keys: ["animated"]) { c, s in
            c.pop(s, toRoot: true)
        },
        StepVerb("setRightBarButton", keys: ["customView", "systemItem", "target"]) { c, s in
            c.setRightBarButton(s)
        },
        StepVerb("addChild", keys: ["child"]) { c, s in
            guard let parent = c.objectArgument(s.arg, "the container view controller", s),
                let child = c.objectArgument(s.map["child"], "child: (the child view controller)", s)
            else { return [] }
            return [.perform(AddChildStep.make(parent: parent, child: child))]
        },
        StepVerb("removeFromParent") { c, s in
            guard let child = c.objectArgument(s.arg, "the child view controller", s) else { return [] }
            return [.perform(RemoveFromParentStep.make(child: child))]
        },
        StepVerb("addChildView", keys: ["to"]) { c, s in
            guard let child = c.objectArgument(s.arg, "the child view controller", s),
                let parent = c.objectArgument(s.map["to"], "to: (the container whose view takes it)", s)
            else { return [] }
            return [.perform(ChildViewStep.make(child: child, parent: parent, appeared: true))]
        },
        StepVerb("removeChildView") { c, s in
            guard let child = c.objectArgument(s.arg, "the child view controller", s) else { return [] }
            return [.perform(ChildViewStep.make(child: child, appeared: false))]
        },
        StepVerb("makeKeyAndVisible") { c, s in
            guard let root = c.objectArgument(s.arg, "the window's root view controller", s) else { return [] }
            c.program.showsWindow = true
            return [.perform(MakeKeyAndVisibleStep.make(root: root))]
        },
    ]

    /// A step's `completion:` block (its steps, with the captures of `captures:`): `.some(nil)` when there is
    /// none, nil when it does not compile.
    private func completion(_ s: StepSite) -> Expr?? {
        guard let body = s.map["completion"] else {
            if let captures = s.map["captures"] {
                bag.error(
                    .keyMissing, "captures: is for a completion: block; add one or remove captures:",
                    at: captures.location)
                return nil
            }
            return .some(nil)
        }
        let block = blockLiteral(captures: s.map["captures"], body: body, at: body.location, scope: s.scope)
        guard let block else { return nil }
        return .some(block)
    }

    /// Where a step is written, as `LINE, column COLUMN` (a crash message names it; the file is the run's).
    private func site(_ s: StepSite) -> String { "\(s.at.line), column \(s.at.column)" }

    /// A step's `animated:` key, true when absent.
    private func animated(_ s: StepSite) -> Bool {
        s.map["animated"].flatMap { bool($0, what: "animated") } ?? true
    }

    /// An object argument of a view-controller step (`what` says which, for the diagnostics).
    private func objectArgument(_ node: LocatedNode?, _ what: String, _ s: StepSite) -> Expr? {
        guard let node else {
            bag.error(.keyMissing, "\(s.verb) needs \(what)", at: s.at)
            return nil
        }
        guard let (e, t) = expression(node, scope: s.scope) else { return nil }
        if !t.isObject { bag.error(.exprType, "\(what) is an object, not \(t)", at: node.location) }
        return e
    }

    /// `setRightBarButton:` with either `customView:` or `systemItem:` (and, for a system item, `target:`).
    private func setRightBarButton(_ s: StepSite) -> [Step] {
        let custom = s.map["customView"], system = s.map["systemItem"]
        if custom != nil, let system {
            bag.error(
                .keyUnknown, "setRightBarButton: takes either customView: or systemItem:, not both",
                at: system.location)
            return []
        }
        if custom != nil, let target = s.map["target"] {
            bag.error(
                .keyUnknown,
                "target: is for a systemItem:; a bar button item with a custom view sends no "
                    + "action (its view handles the touches), so remove target:", at: target.location)
            return []
        }
        guard let vc = objectArgument(s.arg, "the view controller", s) else { return [] }
        guard let system else {
            guard let view = objectArgument(custom, "customView: or systemItem:", s) else { return [] }
            return [.perform(SetRightBarButtonStep.make(controller: vc, content: .customView(view)))]
        }
        guard let name = string(system, what: "systemItem") else { return [] }
        guard let item = BarButtonSystemItem(rawValue: name) else {
            bag.error(
                .valueInvalid,
                "unknown system item '\(name)'; use one of "
                    + BarButtonSystemItem.allCases.map(\.rawValue).joined(separator: ", ")
                    + suggestion(name, BarButtonSystemItem.allCases.map(\.rawValue)), at: system.location)
            return []
        }
        var target: Expr?
        if let node = s.map["target"] {
            guard let e = objectArgument(node, "target:", s) else { return [] }
            target = e
        }
        return [.perform(SetRightBarButtonStep.make(controller: vc, content: .systemItem(item), target: target))]
    }

    /// `pop:` and `popToRoot:`.
    private func pop(_ s: StepSite, toRoot: Bool) -> [Step] {
        guard let nav = objectArgument(s.arg, "the navigation controller", s) else { return [] }
        return [.perform(PopStep.make(navigationController: nav, toRoot: toRoot, animated: animated(s)))]
    }
}

extension ScenarioCompiler {
    /// A `style:` value: one of the `modalPresentationStyle` names, or an error naming them (nil).
    func presentationStyle(_ node: LocatedNode) -> PresentationStyle? {
        guard let name = string(node, what: "style") else { return nil }
        let names = PresentationStyle.allCases.map(\.rawValue)
        guard let style = PresentationStyle(rawValue: name) else {
            bag.error(
                .valueInvalid,
                "unknown presentation style '\(name)'; use " + names.joined(separator: ", ")
                    + suggestion(name, names), at: node.location)
            return nil
        }
        return style
    }
}
