/// The window hierarchy (docs/fidelity.md "UIKit: view-controller lifecycle and presentation"): which controllers'
/// views are in the window, for `presentViewController:`, which presents nothing from a controller whose view is
/// not ("Attempt to present … whose view is not in the window hierarchy", logged and dropped).
///
/// The window shows its root once `makeKeyAndVisible` has added the root's view: UIKit calls the root's
/// `viewWillAppear` as the view is about to move to the window, so the view is in it after that hook, not during it
/// or before it (`viewDidLoad` when `rootViewController` is set). From there a controller's view is in the window
/// when it is the window's root, the top controller of a navigation controller that is, a child whose view is in
/// its parent's view (containment) and whose parent is, or a presented controller (not being dismissed) whose
/// presenter is. A controller pushed under another, popped, removed, dismissed, or never attached is not.
extension UIKit {
    /// `[window makeKeyAndVisible]` has added `root`'s view to the window (after the root's `viewWillAppear`).
    func windowShows(_ root: ObjectID) { windowRoot = root }

    /// Whether `vc`'s view is in the window hierarchy (see the extension's description).
    func isInWindowHierarchy(_ vc: ObjectID) -> Bool {
        guard let root = windowRoot else { return false }
        var current = vc
        // Each step goes up one link; the bound stops a containment cycle the app made (`addChild` both ways).
        for _ in 0..<Self.maxHierarchyDepth {
            if current == root { return true }
            let l = links(of: current)
            if let nav = parent(of: current) {
                guard links(of: nav).viewControllers.last == current else { return false }  // pushed under
                current = nav
            } else if let parent = l.parentController {
                guard l.viewInParent else { return false }
                current = parent
            } else if let presenter = l.presenting {
                guard !l.isBeingDismissed else { return false }
                current = presenter
            } else {
                return false
            }
        }
        return false
    }

    /// The most links ``isInWindowHierarchy(_:)`` follows up from a controller.
    static let maxHierarchyDepth = 64

    /// UIKit's warning for a presentation from a controller whose view is not in the window hierarchy, as the
    /// variant's UIKit words it: before iOS 13 "Warning: Attempt to present <A> on <B> whose view is not in the window
    /// hierarchy!", from iOS 13 "Attempt to present <A> on <B> (from <C>) whose view is not in the window
    /// hierarchy." (C the controller `present` was sent to, B the one presenting for it: its navigation controller).
    /// - Parameter iosVersion: the variant's (``VariantProfile/iosVersion``).
    func notInWindowWarning(presenting vc: ObjectID, on presenter: ObjectID, from requested: ObjectID, iosVersion: Int)
        -> String
    {
        func name(_ id: ObjectID) -> String { objects.heap.object(id)?.displayName ?? "" }
        if iosVersion >= 1300 {
            return "Attempt to present \(name(vc)) on \(name(presenter)) (from \(name(requested))) "
                + "whose view is not in the window hierarchy."
        }
        return "Warning: Attempt to present \(name(vc)) on \(name(presenter)) "
            + "whose view is not in the window hierarchy!"
    }
}
