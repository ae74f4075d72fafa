import LoopSimKernel

extension EventKind {
    /// The kind's name in the trace (`ev`: `timer.fire`, `rl.sleep`, …) as a `String`, for views that show it.
    public var text: String { name.description }
}
