/// Kernel-made steps inside app callbacks.
public enum InternalStep: Sendable {
    /// After `applicationDidEnterBackground:`: suspend unless a background task runs.
    case suspendUnlessBackgroundTask
    /// After the expiration handlers: a task still running gets the app killed by the watchdog.
    case killUnlessTasksEnded
    /// Call a block held by the kernel (an expiration handler).
    case callBlock(ObjectID)
    /// Call a view-controller lifecycle method if its class defines it.
    case callHook(ObjectID, String)
    /// A dismissal's transition ended: the presenter forgets the controller.
    case endPresentation(presenter: ObjectID, presented: ObjectID)
    /// UIKit releases a dismissed controller after its viewDidDisappear.
    case releasePresented(ObjectID)
}
