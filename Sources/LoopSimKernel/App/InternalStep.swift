/// Kernel-made steps inside app callbacks.
public enum InternalStep: Sendable {
    /// After `applicationDidEnterBackground:`: suspend unless a background task runs.
    case suspendUnlessBackgroundTask
    /// After the expiration handlers: a task still running gets the app killed by the watchdog.
    case killUnlessTasksEnded
    /// Call a block held by the kernel (an expiration handler).
    case callBlock(ObjectID)
    /// Call a view-controller lifecycle method if its class defines it, then forward an appearance hook to the
    /// child controllers whose views are in its hierarchy (UIKit+Containment.swift).
    case callHook(ObjectID, String)
    /// Call a view-controller lifecycle method if its class defines it, without forwarding it.
    case callOwnHook(ObjectID, String)
    /// A dismissal's transition ended: the presenter forgets the controller (UIKit holds it to the end).
    case endPresentation(presenter: ObjectID, presented: ObjectID)
    /// The end of a transition: UIKit releases a controller it held for it (dismissed or popped: `reason`).
    case releaseHeld(ObjectID, reason: String)
    /// The end of a transition: UIKit calls the `completion:` block it held, and releases it.
    case callCompletion(ObjectID)
    /// After the root's `viewWillAppear` of `makeKeyAndVisible`: the root's view is in the window
    /// (``UIKit/isInWindowHierarchy(_:)``).
    case windowShowsRoot(ObjectID)
    /// A scroll view's delegate callback (UIKit+ScrollDelegate.swift): `method` on the delegate if it is still
    /// alive (UIKit holds it weakly) and its class declares the method, with `argument` when there is one; an
    /// end-of-scroll callback of scroll `scroll` is skipped once a later touch has begun.
    case callScrollDelegate(ObjectID, String, argument: Value?, scroll: Int)
}
