/// The containment verbs' steps (docs/scenario-format.md §7.8): each evaluates its arguments and calls ``UIKit``
/// (UIKit+Containment.swift).

/// `addChild(child)`: `[parent addChildViewController:child]`.
public struct AddChildStep: ExecutableStep {
    public var verb: String { "addChild" }
    public var parent: Expr
    public var child: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let parent = try c.object(parent, expecting: "a view controller"),
            let child = try c.object(child, expecting: "a view controller")
        else { return .next }
        try c.kernel.uikit.addChild(child.id, to: parent.id, on: c.thread)
        return .next
    }
}

/// `child.removeFromParent()`: `[child removeFromParentViewController]`.
public struct RemoveFromParentStep: ExecutableStep {
    public var verb: String { "removeFromParent" }
    public var child: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let child = try c.object(child, expecting: "a view controller") {
            c.kernel.uikit.removeFromParent(child.id, on: c.thread)
        }
        return .next
    }
}

/// `view.addSubview(child.view)` (`into:` the parent) or `child.view.removeFromSuperview()`: the child's appear or
/// disappear hooks run at once, on this thread, when its parent has appeared.
public struct ChildViewStep: ExecutableStep {
    public var verb: String { appeared ? "addChildView" : "removeChildView" }
    public var child: Expr
    /// The container whose view takes the child's (`addChildView:`); nil for a removal.
    public var parent: Expr? = nil
    public var appeared: Bool

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let child = try c.object(child, expecting: "a view controller") else { return .next }
        var owner: ObjectID?
        if let parent {
            guard let p = try c.object(parent, expecting: "a view controller") else { return .next }
            owner = p.id
        }
        let hooks = c.kernel.uikit.moveChildView(child.id, into: owner, appeared: appeared)
        guard !hooks.isEmpty else { return .next }
        return StepOutcome(
            .push(ProgramFrame(steps: hooks, env: c.frame.env, ownsEnvironment: false, label: c.frame.label)))
    }
}

/// `window.makeKeyAndVisible()` with `ROOT` as the window's root: the root's appear hooks.
public struct MakeKeyAndVisibleStep: ExecutableStep {
    public var verb: String { "makeKeyAndVisible" }
    public var root: Expr

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        if let root = try c.object(root, expecting: "a view controller") { c.kernel.uikit.showRoot(root.id) }
        return .next
    }
}
