// swift-format-ignore-file
// Generated from the step structs' declarations by StepFactoryGenerator.swift (Tests/LoopSimKernelTests):
// each one's public `make`, which calls its memberwise initialiser (Swift makes that one for this module
// only). After adding a step or changing its stored properties, run
// `LOOPSIM_GENERATE_STEPS=1 swift test --filter StepFactoryTests`, which rewrites the folders' files (the test
// fails while one differs from what the declarations make). Do not edit by hand.

// MARK: UIKit/Containment+Steps.swift

extension AddChildStep {
    public static func make(parent: Expr, child: Expr) -> Self {
        Self(parent: parent, child: child)
    }
}

extension RemoveFromParentStep {
    public static func make(child: Expr) -> Self {
        Self(child: child)
    }
}

extension ChildViewStep {
    public static func make(child: Expr, parent: Expr? = nil, appeared: Bool) -> Self {
        Self(child: child, parent: parent, appeared: appeared)
    }
}

extension MakeKeyAndVisibleStep {
    public static func make(root: Expr) -> Self {
        Self(root: root)
    }
}

// MARK: UIKit/UIKit+Steps.swift

extension MakeNavigationControllerStep {
    public static func make(root: Expr, into: LValue?, site: String = "") -> Self {
        Self(root: root, into: into, site: site)
    }
}

extension PushStep {
    public static func make(controller: Expr, navigationController: Expr, animated: Bool, site: String = "") -> Self {
        Self(controller: controller, navigationController: navigationController, animated: animated, site: site)
    }
}

extension PopStep {
    public static func make(navigationController: Expr, toRoot: Bool, animated: Bool = true) -> Self {
        Self(navigationController: navigationController, toRoot: toRoot, animated: animated)
    }
}

extension SetRightBarButtonStep {
    public static func make(controller: Expr, content: BarButtonContent, target: Expr? = nil) -> Self {
        Self(controller: controller, content: content, target: target)
    }
}

extension PresentStep {
    public static func make(controller: Expr, presenter: Expr, animated: Bool, style: PresentationStyle? = nil,
                            completion: Expr? = nil, site: String = "") -> Self {
        Self(controller: controller, presenter: presenter, animated: animated, style: style, completion: completion,
             site: site)
    }
}

extension SetModalPresentationStyleStep {
    public static func make(controller: Expr, style: PresentationStyle) -> Self {
        Self(controller: controller, style: style)
    }
}

extension DismissStep {
    public static func make(controller: Expr, animated: Bool, completion: Expr? = nil) -> Self {
        Self(controller: controller, animated: animated, completion: completion)
    }
}

extension ScrollStep {
    public static func make(drag: DurationSpec, decelerate: DurationSpec, delegate: Expr? = nil) -> Self {
        Self(drag: drag, decelerate: decelerate, delegate: delegate)
    }
}
