/// The timer verbs' steps (docs/scenario-format.md §7.3): `NSTimer`s and `CADisplayLink`s, made, scheduled,
/// invalidated and fired by the run loops' timer code (`Timers/RunLoops+Timers.swift`).

/// `+[CADisplayLink displayLinkWithTarget:selector:]` at `fps` frames per second (retains its target).
public struct MakeDisplayLinkStep: ExecutableStep {
    public var verb: String { "displayLink" }
    public var target: Expr
    public var classIndex: Int
    public var method: Int
    public var fps: Int
    public var label: String
    public var into: LValue?

    public init(target: Expr, classIndex: Int, method: Int, fps: Int, label: String, into: LValue?) {
        self.target = target
        self.classIndex = classIndex
        self.method = method
        self.fps = fps
        self.label = label
        self.into = into
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        let k = c.kernel
        let link = try k.runLoops.makeDisplayLink(target: target, classIndex: classIndex, method: method, fps: fps,
                                                  label: label, in: c.frame, on: c.thread, k)
        try c.bindFactoryResult(link, into: into)
        return .next
    }
}
