/// A property of a run loop read in an expression (`current runloop.currentMode`).
public enum RunLoopProperty: String, Sendable, CaseIterable {
    /// `currentMode` (`CFRunLoopCopyCurrentMode`, `-[NSRunLoop currentMode]`): the name of the mode the loop is
    /// running in, innermost activation first (CF's `_currentMode`, which a nested run replaces and restores), as
    /// CF names it (`kCFRunLoopDefaultMode`, `UITrackingRunLoopMode`, a custom mode's own name); nil when the loop
    /// is not running.
    case currentMode
    /// `allModes.count` (`CFIndex` of `CFRunLoopCopyAllModes`): how many modes the loop has. A loop is created
    /// with its default mode; the add-functions (a timer, a source, an observer, a block target) create the mode
    /// they name, running does not (`__CFRunLoopFindMode(rl, modeName, false)` in `CFRunLoopRunSpecific`).
    case allModesCount = "allModes.count"

    /// Whether the property is a string (else an integer).
    public var isString: Bool { self == .currentMode }

    /// The value for `loop`.
    func value(of loop: SimRunLoop) -> Value {
        switch self {
        case .currentMode: loop.currentActivation.map { .string($0.mode.name) } ?? .null
        case .allModesCount: .int(loop.modes.count)
        }
    }
}
